import { testDatabases } from '@internal/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTusLocker, type DistributedTusLocker } from './postgres-locker';

const postgres = testDatabases().find((database) => database.name === 'postgres');
const url = process.env.DATABASE_URL!;

describe.skipIf(!postgres)('PostgreSQL tus locker', () => {
  const lockers: DistributedTusLocker[] = [];
  afterAll(async () => {
    for (const locker of lockers) await locker.close();
  });
  const locker = (schema: string, acquireTimeoutMs = 200) => {
    const made = createPostgresTusLocker({ url, schema, acquireTimeoutMs });
    lockers.push(made);
    return made;
  };
  const signal = () => new AbortController().signal;

  it('lets one instance hold an upload at a time, and the other take it once released', async () => {
    const schema = `locks_${Date.now().toString(36)}`;
    const a = locker(schema);
    const b = locker(schema);
    const onA = a.newLock('upload-1');
    await onA.lock(signal(), () => {});
    // B waits its whole (short) timeout for A, then answers busy, as tus clients expect (423, then retry).
    await expect(b.newLock('upload-1').lock(signal(), () => {})).rejects.toMatchObject({ status_code: 423 });
    // Another upload, and the same id in another app's schema, are not blocked.
    const other = b.newLock('upload-2');
    await other.lock(signal(), () => {});
    const elsewhere = locker(`${schema}_other`).newLock('upload-1');
    await elsewhere.lock(signal(), () => {});
    await onA.unlock();
    const onB = b.newLock('upload-1');
    await onB.lock(signal(), () => {});
    await expect(a.newLock('upload-1').lock(signal(), () => {})).rejects.toMatchObject({ status_code: 423 });
    await onB.unlock();
    await other.unlock();
    await elsewhere.unlock();
    // Released everywhere: A takes it again.
    const again = a.newLock('upload-1');
    await again.lock(signal(), () => {});
    await again.unlock();
  });

  it('stops the requests holding a lock when its connection is closed under them', async () => {
    const schema = `locks_${Date.now().toString(36)}_drop`;
    const a = locker(schema);
    let stopped = 0;
    await a.newLock('upload-1').lock(signal(), () => {
      stopped++;
    });
    // As a failover or an idle-session timeout would: the server ends the session.
    const { default: knexFactory } = await import('knex');
    const admin = knexFactory({ client: 'pg', connection: url });
    await admin.raw('select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?', [
      `backline tus locks ${schema}`,
    ]);
    await admin.destroy();
    await expect.poll(() => stopped).toBe(1);
    // PostgreSQL released the session's lock: another instance takes it.
    const b = locker(schema);
    const onB = b.newLock('upload-1');
    await onB.lock(signal(), () => {});
    await onB.unlock();
  });
});
