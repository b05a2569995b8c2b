import type { Knex } from 'knex';
import { sharedJson } from '../bootstrap/shared-json';
import type { Encrypter } from '../security/encrypter';

const MAX_SHARED_TREES = 16;

export interface SettingDefinition {
  value: unknown;
  /** Public settings reach the browser in bootstrap data; private ones never do. */
  public?: boolean;
  /**
   * A secret (an OAuth client secret, an API key): stored encrypted with the app key, never public, and never
   * answered by the admin settings routes, which only say whether one is set.
   */
  secret?: boolean;
}

/** How a secret setting sits in the `settings` table: the ciphertext, bound to its key. */
interface EncryptedValue {
  $encrypted: string;
}

function isEncrypted(value: unknown): value is EncryptedValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<EncryptedValue>).$encrypted === 'string'
  );
}

/** The associated data of a secret's ciphertext: a value copied into another key fails to decrypt. */
const secretContext = (key: string) => `settings:${key}`;
export type SettingDefinitions = Record<string, SettingDefinition>;

interface Row {
  key: string;
  value: unknown;
  public: boolean;
}

/**
 * Settings are module defaults overlaid with rows of the `settings` table. Reads hit an in-memory copy,
 * refreshed on every write through this service, so bootstrap data costs no query.
 */
export class SettingsService {
  private cache: Map<string, { value: unknown; public: boolean }> | undefined;
  private loading: Promise<Map<string, { value: unknown; public: boolean }>> | undefined;
  /** Counts `invalidate` calls: a load started before the latest one is not kept. */
  private generation = 0;
  /** Shared public trees by base URL, valid while `cache` is the map they were built from. */
  private trees:
    | { source: Map<string, { value: unknown; public: boolean }>; byUrl: Map<string, object> }
    | undefined;

  /** Runs after a committed write (the instance bus tells the other instances to reload). */
  onWrite: (() => unknown) | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly definitions: SettingDefinitions,
    /** Encrypts secret settings at rest; without one, writing a secret throws instead of storing plaintext. */
    private readonly encrypter?: Encrypter,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  /** Whether `key` is declared secret (kept encrypted, never public, never read back by the admin routes). */
  isSecret(key: string): boolean {
    return this.definitions[key]?.secret === true;
  }

  private async load(): Promise<Map<string, { value: unknown; public: boolean }>> {
    if (this.cache) return this.cache;
    if (!this.loading) {
      /*
       * A load that was running when the cache was forgotten (a write here, or another instance's message) may have
       * read the rows from before that write: it answers its callers but is not kept, so the next read loads again.
       */
      const generation = this.generation;
      const pending: Promise<Map<string, { value: unknown; public: boolean }>> = (async () => {
        const map = new Map<string, { value: unknown; public: boolean }>();
        for (const [key, def] of Object.entries(this.definitions)) {
          map.set(key, { value: def.value, public: def.public ?? false });
        }
        const rows: Row[] = await this.knex('settings').select('key', 'value', 'public');
        for (const row of rows) {
          if (isEncrypted(row.value)) {
            map.set(row.key, { value: this.decrypt(row.key, row.value), public: false });
          } else {
            // A secret never reaches bootstrap data, even when a row says public.
            map.set(row.key, { value: row.value, public: row.public && !this.isSecret(row.key) });
          }
        }
        if (generation === this.generation) this.cache = map;
        return map;
      })().finally(() => {
        if (this.loading === pending) this.loading = undefined;
      });
      this.loading = pending;
    }
    return this.loading;
  }

  /** Reads a setting by key (`branding.site_name`). */
  async get<T = unknown>(key: string, fallback?: T): Promise<T> {
    const entry = (await this.load()).get(key);
    return (entry === undefined ? fallback : entry.value) as T;
  }

  /** Writes a setting; `public` defaults to the definition's flag, or false for unknown keys. */
  async set(key: string, value: unknown, options: { public?: boolean } = {}): Promise<void> {
    await this.setMany({ [key]: value }, options);
  }

  /**
   * Writes several settings in one statement (all or none), inside `trx` when given so the caller's other rows
   * (an audit entry) commit with them. Secret keys are encrypted with the app key before they reach the table.
   */
  async setMany(
    values: Record<string, unknown>,
    options: { public?: boolean; trx?: Knex.Transaction } = {},
  ): Promise<void> {
    const current = await this.load();
    const rows = Object.entries(values).map(([key, value]) => {
      const secret = this.isSecret(key);
      const isPublic =
        !secret && (options.public ?? this.definitions[key]?.public ?? current.get(key)?.public ?? false);
      const stored = secret ? this.encrypt(key, value) : value;
      return { key, value: JSON.stringify(stored), public: isPublic, updated_at: this.knex.fn.now() };
    });
    if (rows.length === 0) return;
    await (options.trx ?? this.knex)('settings').insert(rows).onConflict('key').merge();
    this.invalidate();
    // A rolled-back transaction must not leave this process reading values that were never committed; other
    // instances hear of the write once it is committed, so they never reload before it is visible.
    const forget = () => this.invalidate();
    if (options.trx?.executionPromise)
      options.trx.executionPromise.then(() => {
        forget();
        this.onWrite?.();
      }, forget);
    else await this.onWrite?.();
  }

  private encrypt(key: string, value: unknown): EncryptedValue {
    if (!this.encrypter) throw new Error(`Cannot store the secret setting "${key}" without an encrypter.`);
    return { $encrypted: this.encrypter.encrypt(JSON.stringify(value ?? ''), secretContext(key)) };
  }

  private decrypt(key: string, value: EncryptedValue): unknown {
    try {
      if (!this.encrypter) throw new Error('no encrypter');
      return JSON.parse(this.encrypter.decrypt(value.$encrypted, secretContext(key)));
    } catch {
      // A changed APP_KEY or a copied row: the secret reads as unset rather than failing every request.
      this.warn(
        `The secret setting "${key}" could not be decrypted (was APP_KEY changed?); it reads as empty.`,
      );
      return '';
    }
  }

  /** Every setting as a flat map (for the CLI and admin screens). */
  async all(): Promise<Record<string, { value: unknown; public: boolean }>> {
    return Object.fromEntries(await this.load());
  }

  /** Public settings as a nested object: `branding.site_name` becomes `{branding: {site_name}}`. */
  async publicTree(): Promise<Record<string, unknown>> {
    const tree: Record<string, unknown> = {};
    for (const [key, entry] of await this.load()) {
      if (entry.public) setPath(tree, key, entry.value);
    }
    return tree;
  }

  /**
   * The public tree plus `base_url`, frozen and shared between requests until the next settings write, with
   * its JSON encoded once (see `sharedJson`). Bootstrap data uses it; callers that change the tree use
   * `publicTree()` instead.
   */
  async sharedPublicTree(baseUrl: string): Promise<Record<string, unknown>> {
    const source = await this.load();
    if (this.trees?.source !== source) this.trees = { source, byUrl: new Map() };
    let tree = this.trees.byUrl.get(baseUrl) as Record<string, unknown> | undefined;
    if (!tree) {
      // A deep copy: freezing must not reach the values `get()` hands out.
      tree = { ...structuredClone(await this.publicTree()), base_url: baseUrl };
      // The base URL comes from the Host header when none is configured: cap the variants a client can mint.
      if (this.trees.byUrl.size >= MAX_SHARED_TREES) return tree;
      this.trees.byUrl.set(baseUrl, sharedJson(tree));
    }
    return tree;
  }

  /** Forgets the in-memory copy (after another process wrote the table). */
  invalidate(): void {
    this.cache = undefined;
    this.loading = undefined;
    this.generation++;
  }
}

function setPath(target: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}
