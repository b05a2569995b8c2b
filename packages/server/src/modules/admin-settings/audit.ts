import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { Kit } from '../../kit';
import { recordAudit } from '../admin/audit-log';

/**
 * Records a settings write in the admin audit log (`settings.update`, before/after of the changed keys), inside the
 * same transaction as the write, so a failed save leaves neither. Secret values were replaced by the caller and
 * are named as secret again here, so the log never holds one.
 */
export async function recordSettingsAudit(
  ctx: Context,
  kit: Kit,
  trx: Knex.Transaction,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await recordAudit(trx, ctx, kit, {
    action: 'settings.update',
    target_type: 'setting',
    before: change.before,
    after: change.after,
    secret: Object.keys(change.after).filter((key) => kit.settings.isSecret(key)),
  });
}
