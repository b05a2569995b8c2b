import path from 'node:path';
import { type Middleware, optionsFromEnv } from '@backline/server';
import { createMusicApp } from './app';

/*
 * Starts the music site. Environment: PORT (3000), HOST (all interfaces), DATA_DIR (./.data where the
 * command was run), DATABASE_URL (postgres://… switches from embedded PGlite to PostgreSQL), APP_URL,
 * APP_KEY, MAIL_URL, MAIL_FROM, REDIS_URL, DEMO_ADMIN_EMAIL and DEMO_ADMIN_PASSWORD (first start only), and
 * DEMO_MODE (`true` or `singleAccount`, or `randomAccount`: a public demo whose login page pre-fills seeded admins).
 * `--dev` serves the client through Vite with hot reload instead of the built files.
 */
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const demoMode = process.env.DEMO_MODE?.trim();
const demo =
  demoMode === 'randomAccount'
    ? 'randomAccount'
    : /^(true|1|singleAccount)$/i.test(demoMode ?? '')
      ? 'singleAccount'
      : undefined;

let viteMiddleware: Middleware | undefined;
let html: ((url: string) => Promise<string>) | undefined;
if (dev) {
  const { readFile } = await import('node:fs/promises');
  const { createServer } = await import('vite');
  const root = path.resolve(import.meta.dirname, '../..');
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  html = async (url) => vite.transformIndexHtml(url, await readFile(path.join(root, 'index.html'), 'utf8'));
  // Hands a request to Vite's connect stack; when Vite does not answer it, Koa carries on.
  viteMiddleware = async (ctx, next) => {
    const handled = await new Promise<boolean>((resolve, reject) => {
      ctx.res.once('finish', () => resolve(true));
      vite.middlewares(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve(false)));
    });
    if (handled) ctx.respond = false;
    else await next();
  };
}

const app = await createMusicApp({
  ...optionsFromEnv(),
  // Vite's dev client injects inline scripts, so the CSP only applies to the built site.
  securityHeaders: { csp: !dev },
  // While developing, an answer that drifts from its contract (a wrong type, or a field the contract does not
  // declare) is a 500 naming the difference, as in the tests; production skips the parse.
  validateResponses: dev,
  demo,
  // Web Push: on with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or WEB_PUSH=on (keys generated into DATA_DIR).
  ...((process.env.VAPID_PUBLIC_KEY || /^(on|true|1)$/i.test(process.env.WEB_PUSH ?? '')) && {
    push: {
      publicKey: process.env.VAPID_PUBLIC_KEY,
      privateKey: process.env.VAPID_PRIVATE_KEY,
      subject: process.env.VAPID_SUBJECT,
    },
  }),
  ...(html ? { spa: { html } } : {}),
  modules: viteMiddleware ? [{ id: 'vite-dev', middleware: [viteMiddleware] }] : [],
});
if (app.migrated.length)
  console.log(`Migrated the ${app.kit.db.kind} database: ${app.migrated.length} migrations.`);
// First start (the users table was just created): default roles and the demo admin.
if (app.migrated.includes('users/001-users')) await app.seed();

const { url } = await app.start(port, host).catch(async (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE') throw error;
  // The usual first-run stumble (another server on the port) deserves a sentence, not a stack trace.
  console.error(
    `Port ${port} is already in use. Stop the other server, or pick another port: PORT=3200 pnpm start`,
  );
  await app.close();
  process.exit(1);
});
console.log(`Music is running at ${url}${dev ? ' (dev, hot reload)' : ''}`);

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
