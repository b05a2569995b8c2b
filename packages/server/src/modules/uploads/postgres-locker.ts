import { createHash } from 'node:crypto';
import { MemoryLocker } from '@tus/server';
import { type ListenClient, pgClient } from '../../bus/instance-bus';
import type { Kit, Logger } from '../../kit';
import type { TusLocker } from './tus';

/** How long a request waits for an upload's lock before answering 423 (tus clients retry): 30 s, as MemoryLocker. */
export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;
/** How often a waiting request asks PostgreSQL again. */
const RETRY_MS = 50;

/** The tus locker shared by every instance on one PostgreSQL database, with a way to close its connection. */
export interface DistributedTusLocker extends TusLocker {
  close(): Promise<void>;
}

/** What a lock that could not be taken in time throws: @tus/server answers it as is, the fast path as 423. */
const busy = () => ({ status_code: 423, body: 'The upload is busy. Try again.' });

/**
 * tus locks across instances with PostgreSQL advisory locks. Inside one process a MemoryLocker serialises the
 * requests on an upload first (with tus' "let go" request to a holder whose client came back), so the one
 * connection this locker holds only ever asks for a key on behalf of one request; across processes
 * `pg_try_advisory_lock` decides. Session locks belong to the connection: if it drops, PostgreSQL releases them
 * all, so every request still holding one is stopped (its client resumes from the stored offset).
 */
export function createPostgresTusLocker(options: {
  url: string;
  /** Apps on one database in different schemas keep separate locks. */
  schema?: string | undefined;
  acquireTimeoutMs?: number;
  log?: Logger;
}): DistributedTusLocker {
  const timeout = options.acquireTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const local = new MemoryLocker({ acquireLockTimeout: timeout });
  const namespace = options.schema ?? 'public';
  /** The requests holding a lock here, by upload id: stopped when the connection (and so their lock) is lost. */
  const held = new Map<string, () => Promise<void> | void>();
  let client: Promise<ListenClient> | undefined;
  let closed = false;

  const connection = (): Promise<ListenClient> => {
    if (closed) return Promise.reject(new Error('The tus locker is closed.'));
    client ??= (async () => {
      const opened = new (pgClient())({
        connectionString: options.url,
        // Names the session in pg_stat_activity (an operator looking for who holds a lock).
        application_name: `backline tus locks ${namespace}`.slice(0, 63),
      });
      const lost = () => {
        if (client === pending) client = undefined;
        opened.removeAllListeners();
        opened.end().catch(() => {});
        if (!closed && held.size)
          options.log?.warn('The tus lock connection dropped; stopping uploads in flight.');
        for (const stop of held.values()) Promise.resolve(stop()).catch(() => {});
        held.clear();
      };
      opened.on('error', lost);
      opened.on('end', lost);
      await opened.connect().catch((error) => {
        lost();
        throw error;
      });
      return opened;
    })();
    const pending = client;
    return pending;
  };

  // Two 32-bit keys from a hash of the schema and id: advisory locks are database-wide.
  const keys = (id: string): [number, number] => {
    const digest = createHash('sha256').update(`${namespace}\0tus\0${id}`).digest();
    return [digest.readInt32BE(0), digest.readInt32BE(4)];
  };
  const query = async (text: string, id: string) => {
    const result = (await (await connection()).query(text, keys(id))) as { rows: { ok: boolean }[] };
    return result.rows[0]?.ok === true;
  };

  return {
    newLock(id) {
      const inProcess = local.newLock(id);
      return {
        async lock(signal, cancelReq) {
          await inProcess.lock(signal, cancelReq);
          const deadline = Date.now() + timeout;
          try {
            for (;;) {
              if (await query('select pg_try_advisory_lock($1, $2) as ok', id)) {
                held.set(id, cancelReq);
                return;
              }
              if (signal.aborted || Date.now() >= deadline) throw busy();
              await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
            }
          } catch (error) {
            await inProcess.unlock();
            throw error;
          }
        },
        async unlock() {
          try {
            // A lock lost with its connection is already released.
            if (held.delete(id)) await query('select pg_advisory_unlock($1, $2) as ok', id);
          } finally {
            await inProcess.unlock();
          }
        },
      };
    },
    async close() {
      closed = true;
      const open = client;
      client = undefined;
      const opened = await open?.catch(() => undefined);
      if (opened) {
        opened.removeAllListeners();
        await opened.end().catch(() => {});
      }
    },
  };
}

/** The locker an app gets by default: advisory locks on PostgreSQL, none (MemoryLocker) on PGlite's one process. */
export function defaultTusLocker(kit: Kit): DistributedTusLocker | undefined {
  const { db } = kit;
  return db.kind === 'postgres' && db.url
    ? createPostgresTusLocker({ url: db.url, schema: db.schema, log: kit.log })
    : undefined;
}
