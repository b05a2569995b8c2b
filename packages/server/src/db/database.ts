import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseOptions {
  /** `postgres://…` switches to PostgreSQL; anything else (or nothing) uses embedded PGlite. */
  url?: string | undefined;
  /** Where PGlite keeps its files. Without it PGlite runs in memory. */
  dataDir?: string | undefined;
  /** A PostgreSQL schema to live in, created when missing. Tests use one per run to stay isolated. */
  schema?: string | undefined;
}

export interface Database {
  kind: DatabaseKind;
  knex: Knex;
  schema: string | undefined;
  /** `up` when a trivial query answers. */
  ping(): Promise<'up' | 'down'>;
  close(): Promise<void>;
}

/*
 * knex-pglite reports a `del()` as command "DEL", which knex's PostgreSQL response handling does not
 * recognise, so deletes answer the raw result instead of the row count. Name it the way pg does.
 */
interface ResponseHandling {
  processResponse(obj: { method?: string }, runner: unknown): unknown;
}
const Base = ClientPgLite as unknown as new (config: Knex.Config) => ResponseHandling;
const PgliteClient = class extends Base {
  override processResponse(obj: { method?: string }, runner: unknown) {
    return super.processResponse(obj.method === 'del' ? { ...obj, method: 'delete' } : obj, runner);
  }
} as unknown as typeof knexFactory.Client;

const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

/** Opens the database: PGlite under `dataDir` by default, PostgreSQL when given a `postgres://` url. */
export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const { url, dataDir, schema } = options;
  let knex: Knex;
  let kind: DatabaseKind;
  if (isPostgresUrl(url)) {
    kind = 'postgres';
    knex = knexFactory({
      client: 'pg',
      connection: url,
      searchPath: schema ? [schema] : undefined,
      pool: { min: 0, max: 10 },
    });
    if (schema) await knex.raw('create schema if not exists ??', [schema]);
  } else {
    kind = 'pglite';
    // Without a directory PGlite runs in memory.
    let filename: string | undefined;
    if (dataDir) {
      filename = path.resolve(dataDir, 'db');
      mkdirSync(filename, { recursive: true });
    }
    // PGlite loads extensions when it opens, so the ones modules may `create extension` are offered here:
    // pg_trgm (trigram similarity, for search that forgives typos), as PostgreSQL ships it in contrib.
    // `PGlite.create` waits until the extensions are loaded: with `new PGlite` an in-memory database could
    // answer `create extension` before pg_trgm was installed ("extension is not available").
    const pglite = await PGlite.create(filename, { extensions: { pg_trgm } });
    knex = knexFactory({
      client: PgliteClient,
      connection: { pglite } as unknown as Knex.StaticConnectionConfig,
      // The one connection is PGlite opening (initdb on a fresh directory): on a busy 2-core machine that has
      // taken over 30 s, past knex's 60 s default once queries queue behind it.
      acquireConnectionTimeout: 180_000,
    });
  }
  return {
    kind,
    knex,
    schema: kind === 'postgres' ? schema : undefined,
    async ping() {
      try {
        await knex.raw('select 1');
        return 'up';
      } catch {
        return 'down';
      }
    },
    async close() {
      await knex.destroy();
    },
  };
}
