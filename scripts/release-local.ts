/**
 * Release check: publish every public package to a throwaway verdaccio on loopback with a changesets
 * snapshot version, then scaffold an app with `create-backline` from it in a directory outside the workspace,
 * install, build and run the app's own Chromium test, hold its /login to a size budget, and type-check an app with
 * every extra. Proves the packages work as a consumer receives them, not as the workspace links them.
 *
 * The snapshot rewrites package.json files and consumes changesets; every file it touches is restored.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { appPageBytes } from './bench/app-page-bytes';
import { type LocalRegistry, publishSnapshot, root, run, scopeNpmrc, startRegistry } from './local-registry';

const work = mkdtempSync(path.join(tmpdir(), 'backline-release-'));
const log = (message: string) => console.log(`[release:local] ${message}`);
/** The most JavaScript (gzip) the scaffolded app's /login may load, measured in Chromium. */
const LOGIN_BUDGET_KB = 150;
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

/**
 * The lowest version of each third-party peer that every installed @backline package of an app allows: for each
 * peer, the highest of the packages' minimum versions (so all of their ranges hold).
 */
function lowestPeers(appDir: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const lowest: Record<string, string> = {};
  for (const name of Object.keys(pkg.dependencies as Record<string, string>)) {
    if (!name.startsWith('@backline/')) continue;
    const installed = JSON.parse(
      readFileSync(path.join(appDir, 'node_modules', name, 'package.json'), 'utf8'),
    );
    for (const [peer, range] of Object.entries(
      (installed.peerDependencies ?? {}) as Record<string, string>,
    )) {
      if (peer.startsWith('@backline/')) continue;
      const min = semver.minVersion(range)?.version;
      if (!min) throw new Error(`${name} has a peer range for ${peer} that allows nothing: ${range}`);
      const current = lowest[peer];
      if (!current || semver.gt(min, current)) lowest[peer] = min;
    }
  }
  return lowest;
}

let registry: LocalRegistry | undefined;
try {
  // The CI phase runner has just built every package in its build phase and says so; building again would
  // only cost time. Run alone, the check builds what it publishes.
  if (process.env.BACKLINE_PACKAGES_BUILT === '1') log('packages already built by this run');
  else {
    log('building packages');
    await run('pnpm', ['build'], { stdio: process.env.CI ? 'ignore' : 'inherit' });
  }

  registry = await startRegistry({ storage: path.join(work, 'storage') });
  log(`verdaccio on ${registry.url}`);
  const versions = await publishSnapshot({
    registryUrl: registry.url,
    npmrc: path.join(work, '.npmrc'),
    name: 'local',
    tag: 'local',
    quiet: Boolean(process.env.CI),
  });
  log(
    `snapshot versions: ${Object.entries(versions)
      .map(([n, v]) => `${n}@${v}`)
      .join(', ')}`,
  );

  // The documented path for a new app: `npm create backline` from the registry, the app installed from it, and the
  // app's own tests (a Chromium sign-up, sign-in, account settings and log out). The base template is
  // examples/minimal, file for file (packages/create-backline/src/scaffold.test.ts).
  const scaffoldStarted = performance.now();
  log('scaffolding an app with create-backline from the local registry');
  if (!versions['create-backline']) throw new Error('create-backline was not published');
  // Drop the npm_config_* variables pnpm exported for this script: the consumer runs plain npm.
  const appEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)),
  );
  // `npm create backline@<version> app` is `npm exec create-backline@<version> -- app`; the package itself comes
  // from the local registry, so this one command sends every request there.
  const createEnv = {
    ...appEnv,
    npm_config_userconfig: path.join(work, '.npmrc'),
    npm_config_registry: registry.url,
    npm_config_cache: path.join(work, 'npx-cache'),
  };
  const createCommand = (dir: string, ...flags: string[]) =>
    run(
      'npm',
      [
        'exec',
        '--yes',
        `--package=create-backline@${versions['create-backline']}`,
        '--',
        'create-backline',
        dir,
        '--no-install',
        ...flags,
      ],
      { cwd: work, env: createEnv },
    );
  await createCommand('app', '--extras', 'none');
  const app = path.join(work, 'app');
  const pkg = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
  for (const [name, version] of Object.entries(pkg.dependencies as Record<string, string>)) {
    if (name.startsWith('@backline/') && version !== versions[name]) {
      throw new Error(`the scaffolded app asks for ${name}@${version}, not the release's ${versions[name]}`);
    }
  }
  // Only the @backline scope comes from the local registry; everything else from the usual one.
  writeFileSync(path.join(app, '.npmrc'), scopeNpmrc(registry.url));
  const installEnv = (dir: string) => ({ ...appEnv, npm_config_userconfig: path.join(dir, '.npmrc') });
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: app,
    env: installEnv(app),
  });
  await run('npm', ['run', 'build'], { cwd: app, env: installEnv(app) });
  await run('npm', ['test'], { cwd: app, env: installEnv(app) });
  // The first page a new user opens, measured as `pnpm bench bundle` measures the music site's.
  const login = await appPageBytes(app, '/login', installEnv(app));
  log(`the scaffolded app's /login loads ${(login.total / 1024).toFixed(1)} KB of JavaScript (gzip)`);
  if (login.total > LOGIN_BUDGET_KB * 1024) {
    throw new Error(
      `the scaffolded app's /login loads ${(login.total / 1024).toFixed(1)} KB gzip, over its ${LOGIN_BUDGET_KB} KB budget:\n${login.files
        .map((file) => `  ${(file.gzip / 1024).toFixed(1)} KB ${file.url}`)
        .join('\n')}`,
    );
  }
  // Peer ranges that match what works: the same app, installed again with the lowest version of each peer our
  // ranges allow (the install above took the newest), must build and pass its own test too.
  const lowest = lowestPeers(app);
  log(
    `installing the app with the lowest allowed peers (${Object.entries(lowest)
      .map(([name, version]) => `${name}@${version}`)
      .join(', ')}) and running its test again`,
  );
  const low = path.join(work, 'app-lowest');
  cpSync(app, low, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|package-lock\.json)$/.test(source),
  });
  const lowPkg = JSON.parse(readFileSync(path.join(low, 'package.json'), 'utf8'));
  const pinned: Record<string, string> = { ...lowest };
  // The app's React type declarations follow the React it runs on.
  const reactMajor = semver.major(lowest.react ?? '19.0.0');
  for (const types of ['@types/react', '@types/react-dom']) {
    if (lowPkg.devDependencies?.[types]) pinned[types] = `^${reactMajor}`;
  }
  for (const [name, version] of Object.entries(pinned)) {
    if (lowPkg.dependencies?.[name]) lowPkg.dependencies[name] = version;
    else if (lowPkg.devDependencies?.[name]) lowPkg.devDependencies[name] = version;
    else lowPkg.dependencies = { ...lowPkg.dependencies, [name]: version };
  }
  // Overrides, so no other package's range pulls a newer copy of a peer in beside the pinned one.
  lowPkg.overrides = pinned;
  writeFileSync(path.join(low, 'package.json'), `${JSON.stringify(lowPkg, null, 2)}\n`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], {
    cwd: low,
    env: installEnv(low),
  });
  for (const [name, version] of Object.entries(lowest)) {
    const installed = JSON.parse(readFileSync(path.join(low, 'node_modules', name, 'package.json'), 'utf8'));
    if (installed.version !== version)
      throw new Error(`${name} installed at ${installed.version}, not ${version}`);
  }
  await run('npm', ['run', 'build'], { cwd: low, env: installEnv(low) });
  await run('npm', ['test'], { cwd: low, env: installEnv(low) });
  log('the app builds and passes its test with the lowest allowed peers');

  // Every extra at once: the files they add must install and type-check against the published packages (the
  // npm cache is warm from the first app, and Vite adds nothing tsc would not catch here, so it is skipped).
  log('scaffolding an app with every extra and type checking it');
  await createCommand('full', '--extras', 'uploads,notifications,admin');
  const full = path.join(work, 'full');
  writeFileSync(path.join(full, '.npmrc'), scopeNpmrc(registry.url));
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], {
    cwd: full,
    env: installEnv(full),
  });
  await run(path.join(full, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: full });
  log(`create-backline checks took ${((performance.now() - scaffoldStarted) / 1000).toFixed(0)} s`);

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
  writeFileSync(path.join(snippets, '.npmrc'), scopeNpmrc(registry.url));
  const snippetsEnv = { ...appEnv, npm_config_userconfig: path.join(snippets, '.npmrc') };
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: snippets,
    env: snippetsEnv,
  });
  await run(path.join(snippets, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: snippets });
  log(`${blocks.length} doc snippets type check (${blocks.map((block) => block.file).join(', ')})`);
  log('release check passed');
} finally {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
