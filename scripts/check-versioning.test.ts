import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVersioning, parseChangeset, workspaceDirs } from './check-versioning.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PATCH = 'patches/@changesets__assemble-release-plan@6.0.10.patch';
let work: string;

/** The public packages, with their current versions, as the check sees them. */
function publicPackages() {
  return workspaceDirs(root)
    .map((dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')))
    .filter((pkg) => !pkg.private && pkg.name.startsWith('@backline/'));
}

/** A .changeset directory with the repo's config (optionally changed) and the given changesets only. */
function changesetDir(name: string, changesets: Record<string, string>, config = (c: object) => c) {
  const dir = path.join(work, name);
  mkdirSync(dir);
  const current = JSON.parse(readFileSync(path.join(root, '.changeset', 'config.json'), 'utf8'));
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config(current), null, 2));
  for (const [file, text] of Object.entries(changesets)) writeFileSync(path.join(dir, file), text);
  return dir;
}

const coreMinor = { 'core-feature.md': "---\n'@backline/core': minor\n---\n\nA feature.\n" };

/**
 * Node arguments that make changesets run as the repo had it before the patch in pnpm-workspace.yaml: the
 * original release-plan module is rebuilt by reversing the patch, and a preload has node compile it in place
 * of the patched file (same path, so its own dependencies resolve exactly as before).
 */
function unpatchedChangesets() {
  const cli = realpathSync(path.join(root, 'node_modules', '@changesets', 'cli', 'package.json'));
  const patched = createRequire(cli).resolve('@changesets/assemble-release-plan');
  const dir = path.join(work, 'unpatched');
  const relative = `dist/${path.basename(patched)}`;
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  cpSync(patched, path.join(dir, relative));
  execFileSync('git', ['apply', '-R', `--include=${relative}`, path.join(root, PATCH)], { cwd: dir });
  const original = path.join(dir, relative);
  expect(readFileSync(original, 'utf8')).not.toBe(readFileSync(patched, 'utf8'));
  const preload = path.join(dir, 'preload.cjs');
  writeFileSync(
    preload,
    `const Module = require('node:module');
const original = require('node:fs').readFileSync(${JSON.stringify(original)}, 'utf8');
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  return compile.call(this, filename === ${JSON.stringify(patched)} ? original : content, filename);
};
`,
  );
  return ['--require', preload];
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'backline-versioning-test-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('check-versioning', () => {
  it('fails on the old setup, where a minor changeset publishes 1.0.0', () => {
    const [scenario] = checkVersioning({
      changesetDir: changesetDir('old', coreMinor),
      nodeArgs: unpatchedChangesets(),
    });
    const auth = scenario.rows.find((row) => row.name === '@backline/auth');
    expect(auth).toMatchObject({ from: '0.1.0', expected: '0.2.0', actual: '1.0.0' });
    expect(scenario.problems.join('\n')).toContain(
      '@backline/auth: changeset version gives 1.0.0, the changesets ask for 0.2.0 (minor from 0.1.0): a major bump no changeset asks for',
    );
  });

  it('passes with the repo as it is: a minor changeset moves the fixed group by a minor', () => {
    const [scenario] = checkVersioning({ changesetDir: changesetDir('new', coreMinor) });
    expect(scenario.problems).toEqual([]);
    const packages = publicPackages();
    expect(packages.length).toBeGreaterThan(5);
    for (const pkg of packages) {
      const [major, minor] = pkg.version.split('.').map(Number);
      expect(scenario.rows.find((row) => row.name === pkg.name)?.actual).toBe(`${major}.${minor + 1}.0`);
    }
  });

  it('lets a changeset that asks for a major reach 1.0.0', () => {
    const majors = { 'one-oh.md': "---\n'@backline/ui': major\n'@backline/core': patch\n---\n\nStable.\n" };
    const [scenario] = checkVersioning({ changesetDir: changesetDir('major', majors) });
    expect(scenario.problems).toEqual([]);
    expect(scenario.rows.find((row) => row.name === '@backline/server')?.actual).toBe('1.0.0');
  });

  it('models dependents outside a fixed group: a peer range left behind gives a patch', () => {
    const [scenario] = checkVersioning({
      changesetDir: changesetDir('unfixed', coreMinor, (config) => ({ ...config, fixed: [] })),
    });
    expect(scenario.problems).toEqual([]);
    const rows = Object.fromEntries(scenario.rows.map((row) => [row.name, row.actual]));
    // core's 0.2.0 leaves the ^0.1.0 its dependents declare; ignored packages (examples) stay put.
    expect(rows).toMatchObject({
      '@backline/core': '0.2.0',
      '@backline/ui': '0.1.1',
      'example-music': '0.0.0',
    });
  });

  it('checks the pending changesets and a probe, and passes on this branch', () => {
    const scenarios = checkVersioning();
    expect(scenarios.map((scenario) => scenario.name)).toEqual([
      'pending changesets',
      'probe: every package minor',
    ]);
    for (const scenario of scenarios) expect(scenario.problems).toEqual([]);
  });
});

describe('parseChangeset', () => {
  it('reads quoted and bare names and keeps the highest bump', () => {
    expect(
      parseChangeset('---\n"@a/b": patch\n\'c\': minor\nd: major\n"@a/b": minor\n---\n\nText\n'),
    ).toEqual({
      '@a/b': 'minor',
      c: 'minor',
      d: 'major',
    });
  });

  it('refuses a line it cannot read rather than skip it', () => {
    expect(() => parseChangeset('---\n"@a/b": huge\n---\n', 'x.md')).toThrow(/x\.md: cannot read/);
  });
});
