// Writes a new Backline app from the templates next to this file: the base app, then each chosen extra.
// Plain JavaScript with no dependencies, so `npm create backline` runs without a build or an install of its own.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
export const TEMPLATES = path.resolve(here, '..', 'templates');

/** The extras an app may start with; each is a folder under templates/extras with an extra.json. */
export const EXTRAS = /** @type {const} */ (['uploads', 'notifications', 'admin']);

/** @typedef {(typeof EXTRAS)[number]} Extra */
/**
 * @typedef {object} ExtraManifest
 * @property {string} description
 * @property {Record<string, string>} [dependencies]
 * @property {{ names: string[], module: string }} [server] the names to import from the server package, and the calls
 *   to add to the modules list
 * @property {{ import: string, route?: string, fullPage?: string }} [client] a line importing the routes, and the
 *   routes to mount in the layout (`route`) or outside it (`fullPage`, for pages with a frame of their own)
 */

/** The version of this package: the @backline packages of the same release carry it too (one fixed group). */
export function releaseVersion() {
  return /** @type {{ version: string }} */ (
    JSON.parse(readFileSync(path.resolve(here, '..', 'package.json'), 'utf8'))
  ).version;
}

/** @param {Extra} extra @returns {ExtraManifest} */
export function extraManifest(extra) {
  return JSON.parse(readFileSync(path.join(TEMPLATES, 'extras', extra, 'extra.json'), 'utf8'));
}

/**
 * A valid npm package name from the folder the user asked for.
 * @param {string} dir
 */
export function packageName(dir) {
  const name = path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9-~._]+/g, '-')
    .replace(/^[-._]+|-+$/g, '');
  return name || 'backline-app';
}

/**
 * Scaffolds the app into `dir`, which must be missing or empty. `workspace:` versions in the templates become the
 * release's version: exact for a prerelease (a snapshot), a caret range otherwise.
 * @param {{ dir: string, extras?: readonly Extra[], version?: string }} options
 * @returns {{ dir: string, name: string, files: string[] }}
 */
export function scaffold({ dir, extras = [], version = releaseVersion() }) {
  const target = path.resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${dir} is not empty; choose a new folder`);
  }
  for (const extra of extras) {
    if (!EXTRAS.includes(extra))
      throw new Error(`unknown extra "${extra}" (choose from ${EXTRAS.join(', ')})`);
  }
  mkdirSync(target, { recursive: true });
  cpSync(path.join(TEMPLATES, 'base'), target, { recursive: true });
  // npm drops .gitignore from published packages, so the template keeps it as _gitignore.
  renameSync(path.join(target, '_gitignore'), path.join(target, '.gitignore'));

  const pkgPath = path.join(target, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  pkg.name = packageName(dir);
  const server = path.join(target, 'src', 'server.ts');
  const client = path.join(target, 'src', 'client', 'main.tsx');
  let serverCode = readFileSync(server, 'utf8');
  let clientCode = readFileSync(client, 'utf8');
  /** @type {string[]} */
  const routes = [];
  /** @type {string[]} */
  const fullPage = [];
  for (const extra of extras) {
    const manifest = extraManifest(extra);
    const files = path.join(TEMPLATES, 'extras', extra, 'files');
    if (existsSync(files)) cpSync(files, target, { recursive: true });
    Object.assign(pkg.dependencies, manifest.dependencies ?? {});
    if (manifest.server) {
      serverCode = addServerImports(serverCode, manifest.server.names);
      serverCode = serverCode.replace(
        'modules: [accounts()',
        `modules: [accounts(), ${manifest.server.module}`,
      );
    }
    const client = manifest.client;
    if (client) {
      clientCode = addImport(clientCode, client.import);
      if (client.route) routes.push(client.route);
      if (client.fullPage) fullPage.push(client.fullPage);
    }
  }
  if (routes.length > 0 || fullPage.length > 0) {
    const home = '<Route path="/" element={<Home />} />';
    const call = `mountBacklineApp(${home});`;
    if (!clientCode.includes(call)) throw new Error(`the base template's main.tsx no longer has ${call}`);
    const args = [
      routes.length > 0 ? `  <>\n    ${[home, ...routes].join('\n    ')}\n  </>,` : `  ${home},`,
      ...(fullPage.length > 0
        ? [`  { fullPage: ${fullPage.length === 1 ? fullPage[0] : `<>{${fullPage.join('}{')}}</>`} },`]
        : []),
    ];
    clientCode = clientCode.replace(call, `mountBacklineApp(\n${args.join('\n')}\n);`);
  }
  writeFileSync(server, serverCode);
  writeFileSync(client, clientCode);
  const range = version.includes('-') ? version : `^${version}`;
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, spec] of Object.entries(pkg[field] ?? {})) {
      if (String(spec).startsWith('workspace:')) pkg[field][name] = range;
    }
  }
  pkg.dependencies = sortKeys(pkg.dependencies);
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  return { dir: target, name: pkg.name, files: listFiles(target) };
}

/**
 * Adds names to the template's `import { … } from '@backline/server';`, kept sorted.
 * @param {string} code @param {string[]} names
 */
function addServerImports(code, names) {
  return code.replace(/import \{ ([^}]+) \} from '@backline\/server';/, (_line, list) => {
    const all = [...new Set([...list.split(',').map((/** @type {string} */ name) => name.trim()), ...names])];
    all.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    return `import { ${all.join(', ')} } from '@backline/server';`;
  });
}

/** @param {string} code @param {string} line */
function addImport(code, line) {
  const lines = code.split('\n');
  let last = -1;
  lines.forEach((text, index) => {
    if (text.startsWith('import ')) last = index;
  });
  lines.splice(last + 1, 0, line);
  return lines.join('\n');
}

/** @param {Record<string, string>} record */
function sortKeys(record) {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** @param {string} dir @returns {string[]} */
function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

/**
 * The app code of a scaffolded app, as the 40-line budget counts it: every non-blank line of the `.ts` and `.tsx`
 * files under `src/`, comments included, tests (`*.test.*`) excluded. Configuration (package.json, tsconfig.json,
 * vite.config.ts, index.html) and the app's own tests under `test/` are not app code.
 * @param {string} dir
 * @returns {{ total: number, files: Record<string, number> }}
 */
export function countAppCode(dir) {
  /** @type {Record<string, number>} */
  const files = {};
  for (const file of listFiles(path.join(dir, 'src'))) {
    if (!/\.tsx?$/.test(file) || /\.test\./.test(file)) continue;
    const text = readFileSync(path.join(dir, 'src', file), 'utf8');
    files[`src/${file}`] = text.split('\n').filter((line) => line.trim() !== '').length;
  }
  return { total: Object.values(files).reduce((sum, count) => sum + count, 0), files };
}
