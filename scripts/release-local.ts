/**
 * Release check: publish every public package to a throwaway verdaccio on loopback with a changesets
 * snapshot version, then install examples/minimal from it in a directory outside the workspace, build it
 * and run its smoke test. Proves the packages work as a consumer receives them, not as the workspace links them.
 *
 * The snapshot rewrites package.json files and consumes changesets; every file it touches is restored.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalRegistry, publishSnapshot, root, run, scopeNpmrc, startRegistry } from './local-registry';

const work = mkdtempSync(path.join(tmpdir(), 'backline-release-'));
const log = (message: string) => console.log(`[release:local] ${message}`);
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
  writeFileSync(path.join(app, '.npmrc'), scopeNpmrc(registry.url));
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
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
