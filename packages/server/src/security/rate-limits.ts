import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { HttpError } from '../http/errors';

export interface RateLimitOptions {
  /**
   * A Redis URL (`REDIS_URL`) or an ioredis client. Without it, counters live in the app's database (the
   * `rate_limits` table), which every server process sharing that database also shares.
   */
  redis?: string | Redis | undefined;
  /** Prefix for every key, to keep two apps on one Redis apart. */
  prefix?: string;
  /**
   * Without Redis: `database` (the `rate_limits` table, shared by every process on that database) or
   * `memory` (this process only). `createBackline` picks memory for PGlite, which only one process can open
   * anyway, and the database for PostgreSQL.
   */
  store?: 'database' | 'memory';
}

/** A limit: `points` attempts per `duration` seconds. */
export interface RateLimitRule {
  points: number;
  duration: number;
  /** What the 429 says; defaults to a generic "Too many attempts" message. */
  message?: string;
  /** Adds the message as the error of this field too, so forms show it where the user looks. */
  field?: string;
}

/** Named counters that answer 429 with `Retry-After` once a key spends its points. */
export interface RateLimits {
  readonly store: 'redis' | 'database' | 'memory';
  /**
   * Spends one point of `key` under `name` and answers how many are spent in the current window; throws a
   * 429 `HttpError` when none is left.
   */
  consume(name: string, key: string, rule: RateLimitRule): Promise<{ spent: number }>;
  /** How many points `key` spent in the current window, without spending one. */
  spent(name: string, key: string, rule: RateLimitRule): Promise<number>;
  /** Forgets a key's spent points (after a successful login, for example). */
  reset(name: string, key: string, rule: RateLimitRule): Promise<void>;
  close(): Promise<void>;
}

const TABLE = 'rate_limits';

/*
 * rate-limiter-flexible speaks to PostgreSQL through a client with `query({text, values})`. This adapter
 * gives it one over the app's own knex connections, so the same limiter runs on PostgreSQL and on PGlite,
 * inside the app's schema (knex sets the search path on every connection it opens).
 */
function knexQueryClient(knex: Knex) {
  const client = knex.client as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(connection: unknown): Promise<void>;
  };
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const connection = (await client.acquireConnection()) as {
        query(
          text: string,
          values?: unknown[],
        ): Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null }>;
      };
      try {
        const result = await connection.query(text, values ?? []);
        return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/** Creates the app's rate limits: Redis when configured, otherwise the database. */
export async function createRateLimits(knex: Knex, options: RateLimitOptions = {}): Promise<RateLimits> {
  const prefix = options.prefix ?? 'backline';
  let redis: Redis | undefined;
  let ownsRedis = false;
  if (options.redis) {
    if (typeof options.redis === 'string') {
      const { Redis: RedisClient } = await import('ioredis');
      // No offline queue: while Redis is unreachable, calls fail fast and the in-memory insurance answers.
      redis = new RedisClient(options.redis, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      ownsRedis = true;
    } else redis = options.redis;
  }
  const queryClient = redis || options.store === 'memory' ? undefined : knexQueryClient(knex);
  if (queryClient) {
    // The library's own schema, created the way the library does it; two processes starting at once may
    // race on the catalog, and the loser's duplicate error means the table is there.
    await knex
      .raw(
        `create table if not exists ${TABLE} (key varchar(255) primary key, points integer not null default 0, expire bigint)`,
      )
      .catch((error: { code?: string }) => {
        if (error.code !== '23505' && error.code !== '42P07') throw error;
      });
  }

  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (name: string, rule: RateLimitRule) => {
    const id = `${name}:${rule.points}:${rule.duration}`;
    let found = limiters.get(id);
    if (!found) {
      const common = { keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.duration };
      found = redis
        ? new RateLimiterRedis({
            ...common,
            storeClient: redis,
            insuranceLimiter: new RateLimiterMemory(common),
          })
        : !queryClient
          ? new RateLimiterMemory(common)
          : new RateLimiterPostgres({
              ...common,
              storeClient: queryClient,
              storeType: 'pool',
              tableName: TABLE,
              tableCreated: true,
              // Expired rows are swept below, on a timer this service can stop.
              clearExpiredByTimeout: false,
            });
      limiters.set(id, found);
    }
    return found;
  };
  // Keys hold e-mail addresses and IPs; hashing keeps personal data out of the store and bounds the length.
  const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

  const sweep = queryClient
    ? setInterval(() => {
        knex(TABLE)
          .where('expire', '<', Date.now() - 3_600_000)
          .delete()
          .catch(() => {});
      }, 300_000).unref()
    : undefined;

  return {
    store: redis ? 'redis' : queryClient ? 'database' : 'memory',
    async consume(name, key, rule) {
      try {
        const result = await limiter(name, rule).consume(hashed(key));
        return { spent: result.consumedPoints };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        const message = rule.message ?? `Too many attempts. Please try again in ${seconds} seconds.`;
        throw new HttpError(429, message, rule.field ? { [rule.field]: [message] } : undefined, {
          'Retry-After': String(seconds),
        });
      }
    },
    async spent(name, key, rule) {
      const result = await limiter(name, rule).get(hashed(key));
      return result?.consumedPoints ?? 0;
    },
    async reset(name, key, rule) {
      await limiter(name, rule).delete(hashed(key));
    },
    async close() {
      if (sweep) clearInterval(sweep);
      if (ownsRedis) redis?.disconnect();
    },
  };
}
