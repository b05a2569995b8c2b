import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { ModuleMigrations } from '../../db/migrations';
import type { Kit } from '../../kit';

/** Field names whose values never reach the log: only the fact that they changed does. */
const SECRET_FIELD = /password|secret|token|recovery|api_key|private_key|credential/i;

/** True for a field whose value must not be written to the audit log. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** Placeholder for a secret field that changed: the log shows it changed, never its value. */
export const REDACTED = '[redacted]';

/** What one audit row records about a change. */
export interface AuditEntry {
  /** What was done, `noun.verb`: `user.update`, `role.delete`, `user.impersonate`. */
  action: string;
  /** The kind of record acted on (`user`, `role`, `setting`). */
  target_type?: string | null;
  target_id?: number | null;
  /** The record's fields before the change (null for a creation). */
  before?: Record<string, unknown> | null;
  /** The record's fields after the change (null for a deletion). */
  after?: Record<string, unknown> | null;
  /** More field names to keep out of the log besides the ones `isSecretField` recognises. */
  secret?: readonly string[];
}

/** The changed fields of a record, `{field: {before, after}}`, with secret values redacted. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  secret: readonly string[] = [],
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = normalize(before?.[key]);
    const is = normalize(after?.[key]);
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[key] =
      isSecretField(key) || secret.includes(key)
        ? { before: was === null ? null : REDACTED, after: is === null ? null : REDACTED }
        : { before: was, after: is };
  }
  return changes;
}

const normalize = (value: unknown): unknown =>
  value === undefined ? null : value instanceof Date ? value.toISOString() : value;

/**
 * Whether the app keeps an audit log. Its table belongs to the admin module; an app without that module has
 * nowhere to write, so the other modules' admin writes still work there, unlogged.
 */
export function auditLogInstalled(kit: Kit): boolean {
  return kit.modules.some((module) => module.id === 'admin');
}

/**
 * Records who did what to which record, the changed fields, the IP and the time, inside `trx`: the caller's
 * own transaction, so a change that rolls back leaves no audit row and an audit row never outlives its change.
 * Does nothing when the admin module (and with it the log) is not installed.
 */
export async function recordAudit(
  trx: Knex | Knex.Transaction,
  ctx: Context,
  kit: Kit,
  entry: AuditEntry,
): Promise<void> {
  if (!auditLogInstalled(kit)) return;
  const impersonator = ctx.state.session?.payload?.impersonator_id ?? null;
  await trx('audit_logs').insert({
    user_id: ctx.state.user?.id ?? null,
    impersonator_id: impersonator,
    action: entry.action,
    target_type: entry.target_type ?? null,
    target_id: entry.target_id ?? null,
    changes: JSON.stringify(changedFields(entry.before, entry.after, entry.secret)),
    ip_address: ctx.ip || null,
    created_at: kit.now(),
  });
}

/** The audit log's table. */
export const auditLogMigrations: ModuleMigrations = {
  '001-audit-logs': {
    async up(knex) {
      await knex.schema.createTable('audit_logs', (t) => {
        t.increments('id');
        // The log outlives the accounts it names: a deleted actor leaves a row without a user.
        t.integer('user_id').references('users.id').onDelete('SET NULL');
        t.integer('impersonator_id').references('users.id').onDelete('SET NULL');
        t.string('action', 100).notNullable();
        t.string('target_type', 50);
        t.integer('target_id');
        t.jsonb('changes').notNullable().defaultTo('{}');
        t.string('ip_address', 45);
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.index(['created_at']);
        t.index(['action']);
        t.index(['user_id']);
        t.index(['target_type', 'target_id']);
      });
    },
    async down(knex) {
      await knex.schema.dropTable('audit_logs');
    },
  },
  '002-user-bans': {
    async up(knex) {
      await knex.schema.alterTable('users', (t) => {
        t.timestamp('banned_at', { useTz: true });
        t.string('ban_reason', 255);
        t.timestamp('banned_until', { useTz: true });
      });
    },
    async down(knex) {
      await knex.schema.alterTable('users', (t) => {
        t.dropColumns('banned_at', 'ban_reason', 'banned_until');
      });
    },
  },
};
