import { createBackline } from '@backline/server';
import options from './backline.config';

const app = await createBackline(options());
if (app.migrated.length)
  console.log(`Migrated the ${app.kit.db.kind} database: ${app.migrated.length} migrations.`);

// Only the proxy talks to the app: listen on the loopback interface.
const { url } = await app.start(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
console.log(`Listening at ${url}, served as ${process.env.APP_URL}`);

// systemd and container runtimes stop with SIGTERM: stop accepting, let requests in flight finish
// (shutdownGraceMs), end event streams, then close the database pool.
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
