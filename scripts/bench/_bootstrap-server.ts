/**
 * One side of the bootstrap benchmark, in a process of its own so the load generator never shares its
 * event loop. `backline` starts a real createBackline server (core module, fresh PGlite database);
 * `koa` starts a bare Koa app answering the JSON in BENCH_BODY_FILE. Prints `READY <url>` when listening.
 * (The leading underscore keeps run.ts from treating this file as a benchmark.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { route } from '@backline/core/contract';
import { createBackline, defineModule } from '@backline/server';
import { tempDir } from '@internal/testing';

const mode = process.argv[2];

if (mode === 'backline') {
  const data = tempDir('bench-bootstrap-');
  // `GET bench-noop` answers `{}` through the same pipeline: the floor any Backline route starts from.
  // The server's own zod, so the floor's schema is built exactly like the kit's.
  const z = createRequire(import.meta.resolve('@backline/server/package.json'))(
    'zod/mini',
  ) as typeof import('zod/mini');
  const noop = route({
    method: 'GET',
    path: 'bench-noop',
    tag: 'bench',
    summary: 'Answers {} (bench only)',
    response: z.object({}),
  });
  const floor = defineModule({
    id: 'bench-floor',
    routes(router) {
      router.route(noop).handle(() => ({}));
    },
  });
  const app = await createBackline({ dataDir: data.dir, logger: 'silent', modules: [floor] });
  const { url } = await app.start(0, '127.0.0.1');
  console.log(`READY ${url}`);
  const stop = async () => {
    await app.close();
    data.cleanup();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else if (mode === 'koa') {
  // Koa is a dependency of @backline/server, so resolve the very copy the kit runs on.
  const serverRequire = createRequire(
    createRequire(import.meta.url).resolve('@backline/server/package.json'),
  );
  const { default: Koa } = (await import(pathToFileURL(serverRequire.resolve('koa')).href)) as {
    default: new () => {
      use(middleware: (ctx: { type: string; body: unknown }) => void): void;
      listen(port: number, host: string, callback: () => void): import('node:http').Server;
    };
  };
  const body = readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8');
  const app = new Koa();
  app.use((ctx) => {
    ctx.type = 'application/json';
    ctx.body = body;
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`READY http://127.0.0.1:${port}`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
  process.once('SIGINT', () => server.close(() => process.exit(0)));
} else {
  console.error('usage: _bootstrap-server.ts backline|koa');
  process.exit(2);
}
