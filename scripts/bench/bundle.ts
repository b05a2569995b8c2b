/**
 * Gzip size of the JavaScript a page of the music site really loads, measured in Chromium, against a bare
 * React 19 app (react + react-dom rendering one heading) built by the same Vite in the same run.
 *
 *   pnpm bench bundle            # /login
 *   BENCH_ROUTE=/ pnpm bench bundle
 *
 * Budget for /login: 150 KB gzip (for comparison, Clerk's sign-in loads about 252 KB).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { createMusicApp } from '../../examples/music/src/server/app';
import { scriptBytes } from './script-bytes';

const BUDGET_KB = 150;
const route = process.env.BENCH_ROUTE ?? '/login';
const root = path.resolve(import.meta.dirname, '../..');
const musicRoot = path.join(root, 'examples/music');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Builds and serves a bare React app, the floor any React page pays. */
async function baseline(): Promise<number> {
  const dir = path.join(musicRoot, 'node_modules/.bench-baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>baseline</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(
    path.join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n",
  );
  await build({ root: dir, logLevel: 'error', build: { outDir: path.join(dir, 'dist') } });
  const { createServer } = await import('node:http');
  const { readFile } = await import('node:fs/promises');
  const server = createServer(async (req, res) => {
    const file = path.join(dir, 'dist', req.url === '/' ? 'index.html' : req.url!.split('?')[0]!);
    try {
      const body = await readFile(file);
      res
        .writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    return (await scriptBytes(`http://127.0.0.1:${port}/`)).total;
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// A build of its own, outside the site's dist/: the browser tests rebuild that folder whenever they start, and a
// build emptied under this one would measure half a site.
const outDir = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
await build({
  root: musicRoot,
  configFile: path.join(musicRoot, 'vite.config.ts'),
  logLevel: 'error',
  build: { outDir, emptyOutDir: true },
});
const app = await createMusicApp({ logger: 'silent', spa: { root: outDir } }); // in-memory PGlite
const { url } = await app.start(0, '127.0.0.1');
try {
  const site = await scriptBytes(`${url}${route}`);
  const floor = await baseline();
  console.log(`Scripts loaded by ${route}:`);
  for (const file of site.files.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kb(file.gzip).padStart(7)} KB  ${file.url}`);
  console.log(`total ${route}: ${kb(site.total)} KB gzip (budget ${BUDGET_KB} KB)`);
  console.log(`baseline (bare React app, same build): ${kb(floor)} KB gzip`);
  console.log(`ratio ${route} / baseline: ${(site.total / floor).toFixed(2)}`);
  console.log(site.total / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET');
} finally {
  await app.close();
  rmSync(outDir, { recursive: true, force: true });
}
