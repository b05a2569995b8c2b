/**
 * The server of the live-connections benchmark, in a process of its own so the load generator and the 1,000
 * stream clients never share its event loop: a real createBackline app with the accounts and notifications
 * modules on a fresh PGlite database, and BENCH_USERS users (`live-N@bench.test`, password `bench-password`).
 * Prints `READY <url>` when listening. (The leading underscore keeps run.ts from treating it as a benchmark.)
 */
import { accounts, createBackline, notificationsModule } from '@backline/server';
import { createTestUser, tempDir } from '@internal/testing';

const users = Number(process.env.BENCH_USERS ?? 10);
const data = tempDir('bench-live-');
const app = await createBackline({
  dataDir: data.dir,
  logger: 'silent',
  // One bench user holds many streams (each stands for a tab of another listener).
  modules: [accounts(), notificationsModule({ maxStreamsPerUser: 10_000 })],
});
for (let i = 0; i < users; i++)
  await createTestUser(app, { email: `live-${i}@bench.test`, password: 'bench-password' });
const { url } = await app.start(0, '127.0.0.1');
console.log(`READY ${url}`);
const stop = async () => {
  await app.close();
  data.cleanup();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
