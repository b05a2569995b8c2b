// Consumer bundle budgets: for every public import of the browser packages (each `exports` subpath but the
// stylesheets), the package's own code an app takes in with it, minified and gzipped by esbuild from the built
// `dist/`, lazy parts included, every bare import (peers and dependencies) left external so a budget moves only
// with this package's code. Fails when an
// import outgrows its budget in scripts/bundle-budgets.json or has none.
//
// It also checks each package's `sideEffects` field both ways: a bare `import 'pkg/sub'` of a JavaScript entry
// must bundle to nothing (importing a package costs nothing until something is used), and every stylesheet the
// package exports must match the field, or bundlers would drop the app's `import 'pkg/styles.css'`.
//
//   node scripts/check-budgets.mjs           check, print the table
//   node scripts/check-budgets.mjs --write   set every budget to the measured size plus 10 % (round up to 0.5 kB)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const BUDGETS = path.join(import.meta.dirname, 'bundle-budgets.json');
const write = process.argv.includes('--write');

/** The browser packages (the server and the scaffolder are not imported by a browser app). */
const packages = readdirSync(path.join(root, 'packages'))
  .map((dir) => path.join(root, 'packages', dir))
  .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) }))
  .filter(({ pkg }) => !pkg.private && pkg.name.startsWith('@backline/') && pkg.name !== '@backline/server');

/** A `sideEffects` glob as bundlers read it: `**` any folders, `*` within one name; a bare name matches anywhere. */
function globToRegExp(glob) {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .split('**/')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(glob.includes('/') ? `^${body}$` : `(?:^|/)${body}$`);
}

/** The built file an export points at, for consumers (the `default` condition). */
function target(entry) {
  return typeof entry === 'string' ? entry : entry.default;
}

/** Resolves the package's own files straight to its directory, every other import stays external. */
function plugin(dir, pkg) {
  const own = new RegExp(`^${pkg.name.replace('/', '\\/')}(/|$)`);
  return {
    name: 'backline-budgets',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (own.test(args.path)) {
          const sub = `.${args.path.slice(pkg.name.length)}` || '.';
          // esbuild reads the package's own `sideEffects` from its package.json for this file and its imports.
          return { path: path.join(dir, target(pkg.exports[sub])) };
        }
        if (args.path.startsWith('.')) return undefined;
        // Peers and dependencies are measured by their own packages; an unused one is not this package's side effect.
        return { path: args.path, external: true, sideEffects: false };
      });
    },
  };
}

async function bundle(dir, pkg, source) {
  const result = await build({
    stdin: { contents: source, resolveDir: dir, loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: '/out',
    logLevel: 'silent',
    // Bundlers replace it; left alone, development-only branches would count.
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'empty' },
    plugins: [plugin(dir, pkg)],
  });
  const js = result.outputFiles.filter((file) => file.path.endsWith('.js'));
  const bytes = Buffer.concat(js.map((file) => Buffer.from(file.contents)));
  return {
    min: bytes.length,
    gzip: bytes.length ? gzipSync(bytes, { level: 9 }).length : 0,
    text: bytes.toString(),
  };
}

const budgets = JSON.parse(readFileSync(BUDGETS, 'utf8'));
const rows = [];
const failures = [];
for (const { dir, pkg } of packages) {
  for (const sub of Object.keys(pkg.exports ?? {})) {
    if (sub.endsWith('.css') || sub === './package.json') continue;
    const name = sub === '.' ? pkg.name : `${pkg.name}${sub.slice(1)}`;
    const all = await bundle(dir, pkg, `export * from '${name}';`);
    const bare = await bundle(dir, pkg, `import '${name}';`);
    const kb = all.gzip / 1024;
    const budget = budgets[name];
    rows.push({ name, min: all.min, gzip: all.gzip, budget, bare: bare.min });
    if (write) budgets[name] = Math.ceil((kb * 1.1) / 0.5) * 0.5;
    else if (budget === undefined) failures.push(`${name} has no budget in scripts/bundle-budgets.json`);
    else if (kb > budget) failures.push(`${name} is ${kb.toFixed(1)} kB gzip, over its ${budget} kB budget`);
    // The declared sideEffects let a bundler drop this import entirely when nothing of it is used; it must be
    // true that nothing runs.
    if (bare.min > 0) {
      failures.push(
        `a bare import of ${name} keeps code (check "sideEffects"):\n  ${bare.text.slice(0, 300)}`,
      );
    }
  }
  for (const [sub, entry] of Object.entries(pkg.exports ?? {})) {
    if (!sub.endsWith('.css')) continue;
    const file = target(entry).replace(/^\.\//, '');
    const marked =
      pkg.sideEffects === true ||
      (Array.isArray(pkg.sideEffects) && pkg.sideEffects.some((glob) => globToRegExp(glob).test(file)));
    if (!marked)
      failures.push(`${pkg.name}/${sub.slice(2)} is a stylesheet that "sideEffects" does not list`);
  }
}
if (write) writeFileSync(BUDGETS, `${JSON.stringify(budgets, null, 2)}\n`);

console.log('| import | minified | gzip | budget (gzip) |\n|---|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| \`${row.name}\` | ${(row.min / 1024).toFixed(1)} kB | ${(row.gzip / 1024).toFixed(1)} kB | ${write ? budgets[row.name] : (row.budget ?? '—')} kB |`,
  );
}
if (failures.length > 0) {
  console.error(`\n✗ bundle budgets:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `\n✓ ${rows.length} imports within their budgets; sideEffects hold (nothing runs on a bare import)`,
);
