import net from 'node:net';
import { route } from '@backline/core/contract';
import { HttpSession, testDatabases } from '@internal/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type BacklineApp, createBackline } from '../create-backline';
import { defineModule } from '../kit';
import { createDatabase, type Database, isDatabaseUnavailable } from './database';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One route that counts rows through whichever knex `source()` answers, so a test can point it anywhere. */
function counter(source: () => Knex) {
  return defineModule({
    id: 'counter',
    routes(router) {
      router
        .route(
          route({
            method: 'GET',
            path: 'count',
            tag: 'count',
            summary: 'Count the settings rows',
            response: z.object({ count: z.number() }),
          }),
        )
        .handle(async () => {
          const [row] = await source()('settings').count({ count: '*' });
          return { count: Number(row?.count) };
        });
    },
  });
}

const UNAVAILABLE = 'The site is briefly unavailable. Please try again in a few seconds.';

describe('a database that is down', () => {
  let app: BacklineApp;
  let unreachable: Database;
  let target: Knex;
  beforeAll(async () => {
    unreachable = await createDatabase({
      url: `postgres://postgres@127.0.0.1:${await closedPort()}/nothing`,
      pool: { connectTimeoutMs: 1_000, acquireTimeoutMs: 2_000 },
    });
    // PGlite for the app itself; the route then reads from the database that is not there.
    app = await createBackline({ logger: 'silent', modules: [counter(() => target)] });
    target = app.kit.knex;
  });
  afterAll(async () => {
    await app?.close();
    await unreachable?.close();
  });

  it('is told apart from a query that is wrong', async () => {
    const refused = await unreachable.knex.raw('select 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const wrong = await app.kit.knex.raw('select * from no_such_table').catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(wrong)).toBe(false);
  });

  it('answers 503 with the error shape and Retry-After, not a 500', async () => {
    const { url } = await app.start(0, '127.0.0.1');
    const session = new HttpSession(url);
    target = app.kit.knex;
    expect((await session.get('/api/v1/count')).status).toBe(200);
    target = unreachable.knex;
    const response = await session.get('/api/v1/count');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.data).toEqual({ message: UNAVAILABLE });
    // Nothing to restart: the next request reaches a database that answers.
    target = app.kit.knex;
    expect((await session.get('/api/v1/count')).status).toBe(200);
  });
});

const postgres = testDatabases().filter((database) => database.name === 'postgres');
describe.skipIf(postgres.length === 0)('a PostgreSQL pool that is exhausted', () => {
  it('answers a fast 503 while slow work holds every connection, and serves again once one is free', async () => {
    const fresh = postgres[0]!.create();
    const app = await createBackline({
      logger: 'silent',
      modules: [counter(() => app.kit.knex)],
      database: { ...fresh.options, pool: { max: 2, acquireTimeoutMs: 300 } },
      // Every answer checked against its contract, the 503s included (a drift would be a 500 here).
      validateResponses: true,
      dataDir: fresh.dataDir,
    });
    try {
      const { url } = await app.start(0, '127.0.0.1');
      const session = new HttpSession(url);
      expect((await session.get('/api/v1/count')).status).toBe(200);
      // Two open transactions: what two slow queries would do, holding both pooled connections.
      const held = [await app.kit.knex.transaction(), await app.kit.knex.transaction()];
      const refused = await session.get('/api/v1/count');
      expect(refused.status).toBe(503);
      expect(refused.data).toEqual({ message: UNAVAILABLE });
      // The health probe says so in the error shape too, rather than failing itself.
      const health = await session.get('/api/v1/health');
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
      expect(health.data).toEqual({
        message: 'The database cannot be reached.',
        status: 'error',
        database: { kind: 'postgres', status: 'down' },
      });
      for (const trx of held) await trx.commit();
      expect((await session.get('/api/v1/health')).status).toBe(200);
      expect((await session.get('/api/v1/count')).status).toBe(200);
    } finally {
      await app.close();
      await fresh.cleanup();
    }
  });
});
