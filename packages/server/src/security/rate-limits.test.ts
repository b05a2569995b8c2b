import { randomBytes } from 'node:crypto';
import { createDatabase, type Database } from '@backline/server';
import { testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { createRateLimits, type RateLimits } from './rate-limits';

const rule = { points: 3, duration: 60 };

/** Runs `fn` and answers the HttpError it throws. */
async function refusal(fn: () => Promise<unknown>): Promise<HttpError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function behaves(name: string, setup: () => Promise<{ limits: RateLimits; close(): Promise<void> }>) {
  describe(name, () => {
    let limits: RateLimits;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ limits, close } = await setup());
    });
    afterAll(() => close?.());

    it('answers 429 with Retry-After and the rule’s message once the points are spent', async () => {
      for (let i = 0; i < 3; i++) await limits.consume('mail', 'ada@example.com', rule);
      const error = await refusal(() =>
        limits.consume('mail', 'ada@example.com', { ...rule, message: 'Slow down.', field: 'email' }),
      );
      expect(error.status).toBe(429);
      expect(error.message).toBe('Slow down.');
      expect(error.errors).toEqual({ email: ['Slow down.'] });
      const retry = Number(error.headers?.['Retry-After']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      // Other keys and other names keep their own counters.
      await limits.consume('mail', 'grace@example.com', rule);
      await limits.consume('login', 'ada@example.com', rule);
    });

    it('forgets a key on reset', async () => {
      for (let i = 0; i < 3; i++) await limits.consume('reset', 'key', rule);
      await limits.reset('reset', 'key', rule);
      await limits.consume('reset', 'key', rule);
    });

    it('gives a parallel burst exactly the points it has', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => limits.consume('burst', 'key', rule)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    });
  });
}

describe('rate limits', () => {
  for (const database of testDatabases()) {
    behaves(`in the ${database.name} database`, async () => {
      const fresh = database.create();
      const db: Database = await createDatabase(fresh.options);
      const limits = await createRateLimits(db.knex);
      expect(limits.store).toBe('database');
      return {
        limits,
        async close() {
          // Keys are stored hashed: no address in the table.
          const rows = await db.knex('rate_limits').select('key');
          expect(rows.length).toBeGreaterThan(0);
          expect(JSON.stringify(rows)).not.toContain('ada@example.com');
          await limits.close();
          await db.close();
          await fresh.cleanup();
        },
      };
    });
  }

  behaves('in memory', async () => {
    const db = await createDatabase({});
    const limits = await createRateLimits(db.knex, { store: 'memory' });
    expect(limits.store).toBe('memory');
    return {
      limits,
      async close() {
        await limits.close();
        await db.close();
      },
    };
  });

  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    behaves('in Redis', async () => {
      const db = await createDatabase({});
      const limits = await createRateLimits(db.knex, {
        redis: redisUrl,
        prefix: `test-${randomBytes(6).toString('hex')}`,
      });
      expect(limits.store).toBe('redis');
      return {
        limits,
        async close() {
          await limits.close();
          await db.close();
        },
      };
    });
  }
});
