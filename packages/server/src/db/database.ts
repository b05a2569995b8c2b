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
  /** PostgreSQL only: the connection pool. */
  pool?: PoolOptions | undefined;
}

/**
 * How long a request may wait for the database before it answers 503 instead. A request that cannot get a
 * connection (every one is held by slow queries) or cannot open one (the database is down) should fail fast with
 * a clear "try again" rather than hang: a hung request holds its socket and memory, and the visitor sees nothing.
 */
export interface PoolOptions {
  /** Connections at most (10). */
  max?: number;
  /** Milliseconds to wait for a free connection before giving up (5,000). */
  acquireTimeoutMs?: number;
  /** Milliseconds to wait for PostgreSQL to accept a new connection (3,000). */
  connectTimeoutMs?: number;
}

export const DEFAULT_POOL: Required<PoolOptions> = {
  max: 10,
  acquireTimeoutMs: 5_000,
  connectTimeoutMs: 3_000,
};

/** PostgreSQL error classes that mean "the database is not there right now", not "this query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server was stopped under the connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * Whether `error` says the database is unreachable or saturated (its connection refused, cut or timed out, or no
 * pooled connection free in time), as opposed to a query's own failure. Those answer 503 with `Retry-After`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'KnexTimeoutError') return true;
  if (typeof code === 'string') {
    // Class 08: connection exception.
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  // node-postgres reports a connection the server closed, or one that never answered, with these messages only.
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout expired$)/.test(
      message,
    )
  );
}

export interface Database {
  kind: DatabaseKind;
  knex: Knex;
  schema: string | undefined;
  /**
   * PostgreSQL's connection string: the instance bus and the tus locker open connections of their own on it
   * (`LISTEN` and advisory locks belong to one session, which a pooled connection is not).
   */
  url?: string | undefined;
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
  const pool = { ...DEFAULT_POOL, ...options.pool };
  let knex: Knex;
  let kind: DatabaseKind;
  if (isPostgresUrl(url)) {
    kind = 'postgres';
    knex = knexFactory({
      client: 'pg',
      connection: { connectionString: url, connectionTimeoutMillis: pool.connectTimeoutMs },
      searchPath: schema ? [schema] : undefined,
      pool: { min: 0, max: pool.max },
      acquireConnectionTimeout: pool.acquireTimeoutMs,
      log: {
        // A connection that cannot be made fails the request that wanted it, which answers 503 and is logged
        // there; knex's own line (with a stack) per request would bury the log while the database is down.
        warn: (message: string) => {
          if (!message.startsWith('Acquire connection error')) console.warn(message);
        },
      },
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
    url: kind === 'postgres' ? url : undefined,
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
