// Versioning check: runs `changeset version` on a throwaway copy of the workspace (package.json files and
// .changeset/ only; the real tree is never touched) and asserts every package lands exactly on the version the
// changesets ask for. The expected versions are computed here, independently of changesets, from the
// changesets' frontmatter and .changeset/config.json: the highest bump named for a package, raised to the
// highest of its fixed or linked group, plus a patch for a dependent whose range the new version leaves.
// A package reaching a new major (0.x to 1.0.0 included) that no changeset asks for is the bug this guards.
//
// Two scenarios run: the pending changesets as they are, and a probe (one minor changeset for every versionable
// package) so the rule is checked even when nothing is pending, right after a release.
//
//   node scripts/check-versioning.mjs [--root DIR]
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '..');
const BUMPS = ['none', 'patch', 'minor', 'major'];
const higher = (a, b) => (BUMPS.indexOf(a) >= BUMPS.indexOf(b) ? a : b);

/** The workspace's package directories (relative), from pnpm-workspace.yaml's `packages` globs (`dir/*` or `dir`). */
export function workspaceDirs(root) {
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.match(/^packages:\n((?:[ \t]+-.*\n?)+)/m);
  if (!block) throw new Error('pnpm-workspace.yaml has no packages list');
  const dirs = [];
  for (const line of block[1].split('\n')) {
    const glob = line.replace(/^\s*-\s*/, '').replace(/^['"]|['"]$/g, '');
    if (!glob) continue;
    if (glob.endsWith('/*')) {
      const parent = glob.slice(0, -2);
      if (!existsSync(path.join(root, parent))) continue;
      for (const entry of readdirSync(path.join(root, parent), { withFileTypes: true })) {
        const dir = path.join(parent, entry.name);
        if (entry.isDirectory() && existsSync(path.join(root, dir, 'package.json'))) dirs.push(dir);
      }
    } else if (/[*?{[]/.test(glob)) {
      // Only the two shapes above are in use; a richer glob must not be skipped in silence.
      throw new Error(`pnpm-workspace.yaml: the versioning check does not understand the glob "${glob}"`);
    } else if (existsSync(path.join(root, glob, 'package.json'))) {
      dirs.push(glob);
    }
  }
  return dirs.sort();
}

/** Package-name globs as changesets writes them in `fixed`, `linked` and `ignore` (`*` within a segment). */
function globMatcher(glob) {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  const pattern = new RegExp(`^${source}$`);
  return (name) => pattern.test(name);
}

/** `{ name: bump }` from one changeset file's frontmatter; throws on anything it cannot read. */
export function parseChangeset(text, file = 'changeset') {
  const match = text.match(/^\s*---\r?\n([\s\S]*?)\r?\n?---/);
  if (!match) throw new Error(`${file}: no frontmatter`);
  const releases = {};
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim()) continue;
    const entry = line.match(/^\s*(["']?)([^"':]+)\1\s*:\s*(["']?)(major|minor|patch|none)\3\s*$/);
    if (!entry) throw new Error(`${file}: cannot read the frontmatter line ${JSON.stringify(line)}`);
    releases[entry[2]] = higher(releases[entry[2]] ?? 'none', entry[4]);
  }
  return releases;
}

/** Every changeset in a .changeset directory, as `{ file, releases }`. */
function readChangesets(changesetDir) {
  return readdirSync(changesetDir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => ({
      file,
      releases: parseChangeset(readFileSync(path.join(changesetDir, file), 'utf8'), file),
    }));
}

/**
 * The versions the changesets ask for, without asking changesets: returns `{ name: { from, to, bump } }` for
 * every workspace package (`bump` 'none' and `to === from` for those left alone).
 */
export function expectedVersions({ packages, config, changesets, semver }) {
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const ignored = (config.ignore ?? []).map(globMatcher);
  const privateVersioned = config.privatePackages?.version ?? true;
  const versionable = (name) => {
    const pkg = byName.get(name);
    return Boolean(pkg) && !ignored.some((match) => match(name)) && (!pkg.private || privateVersioned);
  };
  const groups = (key) =>
    (config[key] ?? []).map((globs) => {
      const matchers = globs.map(globMatcher);
      return packages.map((pkg) => pkg.name).filter((name) => matchers.some((match) => match(name)));
    });
  const fixed = groups('fixed');
  const linked = groups('linked');
  const alwaysUpdateDependents =
    config.___experimentalUnsafeOptions_WILL_CHANGE_IN_PATCH?.updateInternalDependents === 'always';

  const bumps = new Map();
  for (const { file, releases } of changesets) {
    for (const [name, bump] of Object.entries(releases)) {
      if (!byName.has(name)) throw new Error(`${file} names ${name}, which is not a workspace package`);
      if (versionable(name)) bumps.set(name, higher(bumps.get(name) ?? 'none', bump));
    }
  }

  const versionsFor = () => {
    const versions = new Map();
    for (const [name, bump] of bumps) {
      if (bump !== 'none') versions.set(name, semver.inc(byName.get(name).version, bump));
    }
    // A fixed group shares one version: the highest current one in the group, bumped by the group's bump.
    for (const group of fixed) {
      const bump = group.map((name) => bumps.get(name) ?? 'none').reduce(higher, 'none');
      if (bump === 'none') continue;
      const base = group.map((name) => byName.get(name).version).sort(semver.rcompare)[0];
      for (const name of group) versions.set(name, semver.inc(base, bump));
    }
    // A linked group's released members share one version, from the highest current one among them.
    for (const group of linked) {
      const released = group.filter((name) => (bumps.get(name) ?? 'none') !== 'none');
      if (released.length === 0) continue;
      const bump = released.map((name) => bumps.get(name)).reduce(higher, 'none');
      const base = released.map((name) => byName.get(name).version).sort(semver.rcompare)[0];
      for (const name of released) versions.set(name, semver.inc(base, bump));
    }
    return versions;
  };

  // Repeat until nothing changes: a group raises its members, and a new release can leave a dependent's range.
  for (let changed = true; changed; ) {
    changed = false;
    for (const group of [...fixed, ...linked]) {
      const members = fixed.includes(group)
        ? group
        : group.filter((name) => (bumps.get(name) ?? 'none') !== 'none');
      const bump = members.map((name) => bumps.get(name) ?? 'none').reduce(higher, 'none');
      for (const name of members) {
        if (bump !== 'none' && bumps.get(name) !== bump && versionable(name)) {
          bumps.set(name, bump);
          changed = true;
        }
      }
    }
    const versions = versionsFor();
    for (const pkg of packages) {
      if (!versionable(pkg.name) || (bumps.get(pkg.name) ?? 'none') !== 'none') continue;
      // Dev dependencies never bump a dependent; the other kinds bump it by a patch when their range is left.
      for (const kind of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const [dependency, declared] of Object.entries(pkg[kind] ?? {})) {
          const next = versions.get(dependency);
          if (!next) continue;
          const range = resolveRange(declared, byName.get(dependency).version, semver);
          if (range === null) continue;
          if (alwaysUpdateDependents || !semver.satisfies(next, range)) {
            bumps.set(pkg.name, 'patch');
            changed = true;
          }
        }
      }
    }
  }

  const versions = versionsFor();
  return Object.fromEntries(
    packages.map((pkg) => [
      pkg.name,
      { from: pkg.version, to: versions.get(pkg.name) ?? pkg.version, bump: bumps.get(pkg.name) ?? 'none' },
    ]),
  );
}

/** A declared range as changesets reads it: `workspace:*` is the exact current version, `workspace:^` a caret. */
function resolveRange(declared, current, semver) {
  let range = declared;
  if (range.startsWith('workspace:')) {
    range = range.slice('workspace:'.length);
    if (range === '*') return current;
    if (range === '^' || range === '~') return `${range}${current}`;
  }
  return semver.validRange(range) ? range : null;
}

function readPackages(root, dirs) {
  return dirs.map((dir) => ({
    dir,
    ...JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')),
  }));
}

/**
 * Runs one scenario: copies the workspace's manifests and `changesetDir` into a temp dir, runs `changeset
 * version` there with the tools (changesets and its node_modules) of `toolsRoot`, and compares.
 */
function runScenario({ name, root, toolsRoot, changesetDir, nodeArgs, semver }) {
  const work = mkdtempSync(path.join(tmpdir(), 'backline-versioning-'));
  try {
    const dirs = workspaceDirs(root);
    for (const file of ['package.json', 'pnpm-workspace.yaml'])
      cpSync(path.join(root, file), path.join(work, file));
    for (const dir of dirs) {
      mkdirSync(path.join(work, dir), { recursive: true });
      cpSync(path.join(root, dir, 'package.json'), path.join(work, dir, 'package.json'));
    }
    cpSync(changesetDir, path.join(work, '.changeset'), { recursive: true });
    // The changelog generator named in config.json is resolved from the copy, so it needs the tools' modules.
    symlinkSync(path.join(toolsRoot, 'node_modules'), path.join(work, 'node_modules'), 'dir');

    const config = JSON.parse(readFileSync(path.join(work, '.changeset', 'config.json'), 'utf8'));
    const problems = [];
    if (existsSync(path.join(work, '.changeset', 'pre.json'))) {
      problems.push(
        'pre mode (.changeset/pre.json) is not modelled by this check; extend it before entering pre mode',
      );
      return { name, problems, rows: [] };
    }
    const packages = readPackages(work, dirs);
    const expected = expectedVersions({
      packages,
      config,
      changesets: readChangesets(path.join(work, '.changeset')),
      semver,
    });

    const cli = path.join(toolsRoot, 'node_modules', '@changesets', 'cli', 'bin.js');
    try {
      execFileSync(process.execPath, [...nodeArgs, cli, 'version'], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      problems.push(`changeset version failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      return { name, problems, rows: [] };
    }

    const rows = readPackages(work, dirs).map((pkg) => {
      const want = expected[pkg.name];
      const row = { name: pkg.name, from: want.from, expected: want.to, actual: pkg.version };
      if (pkg.version !== want.to) {
        const unasked =
          semver.major(pkg.version) > semver.major(want.to) ||
          (semver.major(want.from) === 0 && semver.major(pkg.version) > 0 && want.bump !== 'major');
        problems.push(
          `${pkg.name}: changeset version gives ${pkg.version}, the changesets ask for ${want.to} (${want.bump} from ${want.from})` +
            (unasked ? ': a major bump no changeset asks for' : ''),
        );
      }
      return row;
    });
    return { name, problems, rows };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Checks `root` (a repo, or a copy of one) with changesets from `toolsRoot`. `nodeArgs` go to the node that runs
 * changesets. `changesetDir` replaces the root's .changeset/ (tests use it for fixed scenarios); without it both
 * the pending changesets and the probe run. Returns the scenarios with their rows and problems.
 */
export function checkVersioning({ root = repoRoot, toolsRoot = repoRoot, nodeArgs = [], changesetDir } = {}) {
  // semver as changesets itself resolves it (pnpm links a package's dependencies beside its real path).
  const cli = realpathSync(path.join(toolsRoot, 'node_modules', '@changesets', 'cli', 'package.json'));
  const semver = createRequire(cli)('semver');
  if (changesetDir) return [runScenario({ name: 'given', root, toolsRoot, changesetDir, nodeArgs, semver })];

  const pending = path.join(root, '.changeset');
  const scenarios = [
    runScenario({ name: 'pending changesets', root, toolsRoot, changesetDir: pending, nodeArgs, semver }),
  ];
  const probe = mkdtempSync(path.join(tmpdir(), 'backline-versioning-probe-'));
  try {
    cpSync(path.join(pending, 'config.json'), path.join(probe, 'config.json'));
    const config = JSON.parse(readFileSync(path.join(probe, 'config.json'), 'utf8'));
    const ignored = (config.ignore ?? []).map(globMatcher);
    const names = readPackages(root, workspaceDirs(root))
      .filter((pkg) => !pkg.private && !ignored.some((match) => match(pkg.name)))
      .map((pkg) => pkg.name);
    writeFileSync(
      path.join(probe, 'probe.md'),
      `---\n${names.map((name) => `'${name}': minor`).join('\n')}\n---\n\nProbe: a minor release of every package.\n`,
    );
    scenarios.push(
      runScenario({
        name: 'probe: every package minor',
        root,
        toolsRoot,
        changesetDir: probe,
        nodeArgs,
        semver,
      }),
    );
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
  return scenarios;
}

/** Prints each scenario's table and problems; returns whether all passed. */
export function report(scenarios, log = console.log) {
  let ok = true;
  for (const { name, rows, problems } of scenarios) {
    log(`${problems.length ? '✗' : '✓'} versioning (${name})`);
    // Packages left alone on both sides add nothing to the table.
    for (const row of rows.filter((row) => row.actual !== row.from || row.expected !== row.from)) {
      const mark = row.actual === row.expected ? ' ' : '✗';
      log(
        `  ${mark} ${row.name.padEnd(28)} ${row.from.padEnd(8)} → ${row.actual.padEnd(8)} (expected ${row.expected})`,
      );
    }
    for (const problem of problems) log(`  ✗ ${problem}`);
    if (problems.length) ok = false;
  }
  return ok;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--root');
  const root = at === -1 ? repoRoot : path.resolve(process.argv[at + 1]);
  process.exit(report(checkVersioning({ root })) ? 0 : 1);
}
