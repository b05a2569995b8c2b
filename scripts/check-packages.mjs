// Lints the built shape of every public package the way consumers meet it: the publishing metadata (repository,
// license, files, sideEffects, engines), publint --strict (package.json, exports, files) and attw (types resolve for
// every ESM consumer);
// then checks that `changeset version` gives the versions the changesets ask for (check-versioning.mjs), and the
// consumer bundle budgets and `sideEffects` of every public import (check-budgets.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkVersioning, report } from './check-versioning.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const packages = readdirSync(path.join(root, 'packages')).filter((dir) => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'packages', dir, 'package.json'), 'utf8'));
  return !pkg.private;
});

let failed = false;

/**
 * The metadata npm's provenance and consumers' tools read, which publint does not require: the repository (with
 * this package's directory, which provenance links the tarball to), the license, the published `files`, an explicit
 * `sideEffects` (bundlers drop unused modules only with it; stylesheets are side effects) and `engines`.
 */
function metadataProblems(dir, pkg, repositoryUrl) {
  const problems = [];
  if (pkg.repository?.type !== 'git' || !pkg.repository?.url)
    problems.push('`repository` needs `type: git` and `url`');
  else if (pkg.repository.url !== repositoryUrl)
    problems.push(`\`repository.url\` is ${pkg.repository.url}, the others' ${repositoryUrl}`);
  if (pkg.repository?.directory !== `packages/${dir}`)
    problems.push(`\`repository.directory\` must be packages/${dir}`);
  if (!pkg.license) problems.push('no `license`');
  if (!Array.isArray(pkg.files) || pkg.files.length === 0) problems.push('no `files`');
  if (!pkg.engines?.node) problems.push('no `engines.node`');
  if (pkg.sideEffects === undefined) problems.push('no `sideEffects`');
  const css = Object.values(pkg.exports ?? {}).some((target) => JSON.stringify(target).includes('.css'));
  if (css && !(Array.isArray(pkg.sideEffects) && pkg.sideEffects.some((glob) => glob.endsWith('.css'))))
    problems.push('it exports stylesheets, so `sideEffects` must list `**/*.css`');
  return problems;
}

const repositoryUrl = JSON.parse(readFileSync(path.join(root, 'packages', 'core', 'package.json'), 'utf8'))
  .repository?.url;
for (const dir of packages) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'packages', dir, 'package.json'), 'utf8'));
  const problems = metadataProblems(dir, pkg, repositoryUrl);
  if (problems.length > 0) {
    failed = true;
    console.error(`✗ metadata ${pkg.name}: ${problems.join('; ')}`);
  } else console.log(`✓ metadata ${pkg.name}`);
}

for (const dir of packages) {
  const cwd = path.join(root, 'packages', dir);
  const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  // create-backline is a command (a bin), with no types for attw to check.
  const tools = pkg.bin ? [['publint', ['--strict']]] : undefined;
  // Stylesheet exports have no types to check.
  const css = Object.keys(pkg.exports ?? {}).filter((key) => key.endsWith('.css'));
  for (const [tool, args] of tools ?? [
    ['publint', ['--strict']],
    // ESM only by design: CommonJS resolution modes are out of scope.
    [
      'attw',
      [
        '--pack',
        '.',
        '--profile',
        'esm-only',
        '--format',
        'table-flipped',
        ...(css.length ? ['--exclude-entrypoints', ...css] : []),
      ],
    ],
  ]) {
    try {
      const out = execFileSync(bin(tool), args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      console.log(`✓ ${tool} ${pkg.name}`);
      if (process.env.VERBOSE) console.log(out);
    } catch (error) {
      failed = true;
      console.error(`✗ ${tool} ${pkg.name}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
}
if (!report(checkVersioning())) failed = true;
const budgets = spawnSync(process.execPath, [path.join(root, 'scripts', 'check-budgets.mjs')], {
  stdio: 'inherit',
});
if (budgets.status !== 0) failed = true;
process.exit(failed ? 1 : 0);
