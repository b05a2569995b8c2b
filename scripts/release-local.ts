/**
 * Release check: publish every public package to a throwaway verdaccio on loopback with a changesets
 * snapshot version, then install examples/minimal from it in a directory outside the workspace, build it
 * and run its smoke test. Proves the packages work as a consumer receives them, not as the workspace links them.
 *
 * The snapshot rewrites package.json files and consumes changesets; every file it touches is restored.
 */
import { type SpawnOptions, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServer } from 'verdaccio';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'backline-release-'));
const log = (message: string) => console.log(`[release:local] ${message}`);
/** Runs a command without blocking: the registry answers from this same process. */
const run = (command: string, args: string[], options: SpawnOptions = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });

/** Docs whose blocks marked `<!-- release-check: compiled -->` must compile against the published packages. */
const DOCS_WITH_COMPILED_SNIPPETS = ['docs/packages/admin.md'];
/** What those snippets import: our packages at the versions just published, and their peers. */
const SNIPPET_PACKAGES = [
  '@backline/admin',
  '@backline/auth',
  '@backline/core',
  '@backline/ui',
  '@backline/uploads',
];
const SNIPPET_PEERS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@types/react',
  '@types/react-dom',
  'typescript',
];

/**
 * The compiled blocks of the docs: a fenced ts/tsx block right after the marker comment, whose first line names its
 * file (`// file: admin-area.tsx`, optionally followed by `:` and a note).
 */
function docSnippets(docs: readonly string[]): { file: string; code: string }[] {
  const marker =
    /<!-- release-check: compiled -->\s*\n```tsx?\n\/\/ file: ([\w.-]+?\.tsx?)\b[^\n]*\n([\s\S]*?)\n```/g;
  const blocks: { file: string; code: string }[] = [];
  for (const doc of docs) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    for (const match of text.matchAll(marker)) blocks.push({ file: match[1]!, code: `${match[2]}\n` });
  }
  const names = blocks.map((block) => block.file);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`two compiled doc snippets are both named ${twice}`);
  return blocks;
}

const publicPackages = readdirSync(path.join(root, 'packages'))
  .map((dir) => path.join(root, 'packages', dir))
  .filter((dir) => !JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).private);

/** Files the snapshot may change, with their content, so they can be put back exactly. */
function snapshotFiles(): Map<string, string | null> {
  const files = new Map<string, string | null>();
  const consider = (file: string) => files.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
  for (const dir of publicPackages) {
    consider(path.join(dir, 'package.json'));
    consider(path.join(dir, 'CHANGELOG.md'));
  }
  for (const dir of readdirSync(path.join(root, 'examples')))
    consider(path.join(root, 'examples', dir, 'package.json'));
  for (const file of readdirSync(path.join(root, '.changeset')))
    consider(path.join(root, '.changeset', file));
  return files;
}

function restore(files: Map<string, string | null>) {
  for (const [file, content] of files) {
    if (content === null) rmSync(file, { force: true });
    else writeFileSync(file, content);
  }
  // Changesets the snapshot deleted are in the map; files it created (none expected) are not tracked.
}

async function startRegistry(): Promise<{ url: string; server: Server }> {
  const storage = path.join(work, 'storage');
  const app = await runServer({
    self_path: path.join(work, 'config.yaml'),
    storage,
    uplinks: {},
    packages: {
      '@backline/*': { access: '$all', publish: '$all', unpublish: '$all' },
      '**': { access: '$all' },
    },
    log: { type: 'stdout', format: 'pretty', level: 'error' },
    security: { api: { legacy: true } },
  } as never);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

const files = snapshotFiles();
let registry: { url: string; server: Server } | undefined;
try {
  // The CI phase runner has just built every package in its build phase and says so; building again would
  // only cost time. Run alone, the check builds what it publishes.
  if (process.env.BACKLINE_PACKAGES_BUILT === '1') log('packages already built by this run');
  else {
    log('building packages');
    await run('pnpm', ['build'], { stdio: process.env.CI ? 'ignore' : 'inherit' });
  }

  registry = await startRegistry();
  const host = registry.url.replace(/^http:/, '');
  const npmrc = path.join(work, '.npmrc');
  // Publishing needs a token entry even though the registry accepts anyone.
  writeFileSync(npmrc, `registry=${registry.url}\n${host}:_authToken=local-release-check\n`);
  log(`verdaccio on ${registry.url}`);

  // A snapshot needs a changeset; the fixed group carries every public package along with this one.
  const first = JSON.parse(readFileSync(path.join(publicPackages[0]!, 'package.json'), 'utf8'))
    .name as string;
  writeFileSync(
    path.join(root, '.changeset', 'release-local-snapshot.md'),
    `---\n'${first}': patch\n---\n\nLocal release check.\n`,
  );
  files.set(path.join(root, '.changeset', 'release-local-snapshot.md'), null);
  await run('pnpm', ['changeset', 'version', '--snapshot', 'local'], {
    stdio: process.env.CI ? 'ignore' : 'inherit',
  });
  const versions = Object.fromEntries(
    publicPackages.map((dir) => {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      return [pkg.name as string, pkg.version as string];
    }),
  );
  log(
    `snapshot versions: ${Object.entries(versions)
      .map(([n, v]) => `${n}@${v}`)
      .join(', ')}`,
  );

  const env = { ...process.env, npm_config_userconfig: npmrc, npm_config_registry: registry.url };
  for (const dir of publicPackages) {
    await run('pnpm', ['publish', '--no-git-checks', '--tag', 'local', '--registry', registry.url], {
      cwd: dir,
      env,
    });
  }
  restore(files);

  log('installing examples/minimal outside the workspace');
  const app = path.join(work, 'minimal');
  cpSync(path.join(root, 'examples', 'minimal'), app, {
    recursive: true,
    filter: (src) =>
      !/node_modules|dist|\.data/.test(path.relative(path.join(root, 'examples', 'minimal'), src)),
  });
  const pkgPath = path.join(app, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  for (const name of Object.keys(pkg.dependencies)) {
    if (name.startsWith('@backline/')) {
      if (!versions[name]) throw new Error(`${name} was not published`);
      pkg.dependencies[name] = versions[name];
    }
  }
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  // Only the @backline scope comes from the local registry; everything else from the usual one.
  writeFileSync(
    path.join(app, '.npmrc'),
    `@backline:registry=${registry.url}\n${host}:_authToken=local-release-check\n`,
  );
  // Drop the npm_config_* variables pnpm exported for this script: the consumer runs plain npm.
  const appEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)),
  );
  appEnv.npm_config_userconfig = path.join(app, '.npmrc');
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, env: appEnv });
  await run('npm', ['run', 'build'], { cwd: app, env: appEnv });
  await run('npm', ['test'], { cwd: app, env: appEnv });

  log('type checking the compiled snippets of the docs against the published packages');
  const snippets = path.join(work, 'docs-snippets');
  const blocks = docSnippets(DOCS_WITH_COMPILED_SNIPPETS);
  if (blocks.length === 0) throw new Error('no compiled snippets found in the docs');
  mkdirSync(path.join(snippets, 'src'), { recursive: true });
  for (const block of blocks) writeFileSync(path.join(snippets, 'src', block.file), block.code);
  // Stylesheet imports (`import '@backline/admin/styles.css'`) are the bundler's business, not tsc's.
  writeFileSync(path.join(snippets, 'src', 'assets.d.ts'), "declare module '*.css';\n");
  const backline = Object.fromEntries(
    SNIPPET_PACKAGES.map((name) => {
      if (!versions[name]) throw new Error(`${name} was not published`);
      return [name, versions[name]];
    }),
  );
  // The versions the workspace itself tests with, so the check fails on our types, not on a newer React's.
  const resolveFrom = createRequire(path.join(root, 'packages', 'admin', 'package.json'));
  const tested = (name: string) =>
    (JSON.parse(readFileSync(resolveFrom.resolve(`${name}/package.json`), 'utf8')) as { version: string })
      .version;
  writeFileSync(
    path.join(snippets, 'package.json'),
    `${JSON.stringify(
      {
        name: 'docs-snippets',
        private: true,
        type: 'module',
        dependencies: {
          ...backline,
          ...Object.fromEntries(SNIPPET_PEERS.map((name) => [name, tested(name)])),
        },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    path.join(snippets, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          strict: true,
          noEmit: true,
          // Other libraries' declarations are theirs to check; ours are checked through every use below.
          skipLibCheck: true,
        },
        include: ['src'],
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(snippets, '.npmrc'), readFileSync(path.join(app, '.npmrc'), 'utf8'));
  const snippetsEnv = { ...appEnv, npm_config_userconfig: path.join(snippets, '.npmrc') };
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: snippets,
    env: snippetsEnv,
  });
  await run(path.join(snippets, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: snippets });
  log(`${blocks.length} doc snippets type check (${blocks.map((block) => block.file).join(', ')})`);
  log('release check passed');
} finally {
  restore(files);
  await new Promise<void>((resolve) => (registry ? registry.server.close(() => resolve()) : resolve()));
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
