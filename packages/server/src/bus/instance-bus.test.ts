import { testDatabases } from '@internal/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { createLocalBus, createPostgresBus, type InstanceBus } from './instance-bus';

const postgres = testDatabases().find((database) => database.name === 'postgres');

describe('local instance bus', () => {
  it('delivers to its own subscribers and forgets registered caches', async () => {
    const bus = createLocalBus();
    const seen: unknown[] = [];
    bus.subscribe('topic', (payload) => seen.push(payload));
    let forgotten = 0;
    bus.cache('things', () => forgotten++);
    await bus.publish('topic', { a: 1 });
    await bus.invalidate('things');
    await bus.invalidate('other');
    expect(seen).toEqual([{ a: 1 }]);
    expect(forgotten).toBe(1);
    await bus.close();
  });
});

describe.skipIf(!postgres)('PostgreSQL instance bus', () => {
  const opened: { db: Database; bus: InstanceBus }[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const { db, bus } of opened) {
      await bus.close();
      await db.close();
    }
    for (const cleanup of cleanups) await cleanup();
  });

  async function instance(options: { url?: string; schema?: string }) {
    const db = await createDatabase(options);
    const bus = await createPostgresBus({ knex: db.knex, url: options.url!, schema: options.schema });
    opened.push({ db, bus });
    return bus;
  }

  it('carries messages and cache invalidation to the other instances of the same schema only', async () => {
    const fresh = postgres!.create();
    const other = postgres!.create();
    cleanups.push(fresh.cleanup, other.cleanup);
    const a = await instance(fresh.options);
    const b = await instance(fresh.options);
    const stranger = await instance(other.options);
    expect([a.connected, b.connected, a.kind]).toEqual([true, true, 'postgres']);

    const onB: unknown[] = [];
    const onStranger: unknown[] = [];
    let forgottenOnB = 0;
    b.subscribe('hello', (payload) => onB.push(payload));
    b.cache('settings', () => forgottenOnB++);
    stranger.subscribe('hello', (payload) => onStranger.push(payload));

    await stranger.publish('hello', 'from the other schema');
    await a.publish('hello', { from: 'a' });
    await a.invalidate('settings');
    await expect.poll(() => onB).toEqual([{ from: 'a' }]);
    await expect.poll(() => forgottenOnB).toBe(1);
    // The stranger heard only itself: messages stay within one app's schema.
    expect(onStranger).toEqual(['from the other schema']);
  });
});
