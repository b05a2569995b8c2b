import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from './cli.mjs';
import { countAppCode, EXTRAS, releaseVersion, scaffold, TEMPLATES } from './scaffold.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const base = path.join(TEMPLATES, 'base');
const minimal = path.join(root, 'examples', 'minimal');
/** The app-code budget of the quickstart app (see countAppCode for what counts). */
const APP_CODE_BUDGET = 40;

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'create-backline-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Files of a folder, relative, without what a build or an install adds. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .filter((entry) => !['node_modules', 'dist', '.data'].includes(entry.name))
    .flatMap((entry) =>
      entry.isDirectory() ? files(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    )
    .sort();
}

describe('the base template', () => {
  it(`has at most ${APP_CODE_BUDGET} lines of app code`, () => {
    const { total, files: counted } = countAppCode(base);
    expect(Object.keys(counted).sort()).toEqual([
      'src/client/home.tsx',
      'src/client/main.tsx',
      'src/server.ts',
    ]);
    expect(total, JSON.stringify(counted)).toBeLessThanOrEqual(APP_CODE_BUDGET);
  });

  it('counts every non-blank line of src/**/*.ts(x) and nothing else', () => {
    const dir = tempDir();
    scaffold({ dir: path.join(dir, 'app') });
    const app = path.join(dir, 'app');
    const before = countAppCode(app).total;
    writeFileSync(path.join(app, 'src', 'extra.ts'), '// a comment counts\n\nexport const x = 1;\n');
    writeFileSync(path.join(app, 'src', 'extra.test.ts'), 'export const y = 2;\n');
    writeFileSync(path.join(app, 'vite.config.extra.ts'), 'export const z = 3;\n');
    expect(countAppCode(app).total).toBe(before + 2);
  });

  it('is what examples/minimal holds, file for file', () => {
    const templateFiles = files(base).map((file) => (file === '_gitignore' ? '.gitignore' : file));
    expect(files(minimal)).toEqual(templateFiles.sort());
    for (const file of templateFiles) {
      const source = file === '.gitignore' ? '_gitignore' : file;
      const expected = readFileSync(path.join(base, source), 'utf8');
      const actual = readFileSync(path.join(minimal, file), 'utf8');
      if (file === 'package.json') {
        // Only the name and the description differ: the example is a workspace package.
        const { name: _n, description: _d, ...rest } = JSON.parse(actual);
        const { name: _tn, ...template } = JSON.parse(expected);
        expect(rest, file).toEqual(template);
      } else expect(actual, file).toBe(expected);
    }
  });
});

describe('scaffold', () => {
  it('writes the base app with the release versions of the @backline packages', () => {
    const dir = path.join(tempDir(), 'My App');
    const app = scaffold({ dir, version: '1.2.3' });
    expect(app.name).toBe('my-app');
    expect(app.files).toContain('.gitignore');
    expect(app.files).not.toContain('_gitignore');
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('my-app');
    expect(pkg.dependencies['@backline/server']).toBe('^1.2.3');
    expect(pkg.dependencies['@backline/account']).toBe('^1.2.3');
    expect(JSON.stringify(pkg)).not.toContain('workspace:');
    expect(readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8')).toBe(
      readFileSync(path.join(base, 'src', 'server.ts'), 'utf8'),
    );
  });

  it('pins a prerelease (a snapshot) exactly, and defaults to its own version', () => {
    const dir = path.join(tempDir(), 'app');
    scaffold({ dir, version: '0.2.0-local-20261125' });
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies['@backline/core']).toBe('0.2.0-local-20261125');
    const other = path.join(tempDir(), 'app');
    scaffold({ dir: other });
    const own = JSON.parse(readFileSync(path.join(other, 'package.json'), 'utf8'));
    expect(own.dependencies['@backline/core']).toBe(`^${releaseVersion()}`);
  });

  it('adds every extra: its dependencies, server modules, files and routes', () => {
    const dir = path.join(tempDir(), 'full');
    const app = scaffold({ dir, extras: [...EXTRAS], version: '1.0.0' });
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies['@backline/notifications']).toBe('^1.0.0');
    expect(pkg.dependencies['@backline/admin']).toBe('^1.0.0');
    const server = readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8');
    expect(server).toContain(
      "import { accounts, adminFilesModule, adminSettingsModule, createBackline, notificationsModule, uploadsModule } from '@backline/server';",
    );
    expect(server).toContain(
      'modules: [accounts(), adminSettingsModule(), adminFilesModule(), notificationsModule(), uploadsModule()]',
    );
    const client = readFileSync(path.join(dir, 'src', 'client', 'main.tsx'), 'utf8');
    expect(client).toContain("import { notificationRoutes } from './notifications';");
    expect(client).toContain(
      'mountBacklineApp(\n  <>\n    <Route path="/" element={<Home />} />\n    {notificationRoutes}\n  </>,\n  { fullPage: adminRoutes },\n);',
    );
    expect(app.files).toEqual(
      expect.arrayContaining(['src/client/admin-area.tsx', 'src/client/notifications-pages.tsx']),
    );
  });

  it('refuses a folder that is not empty, and an unknown extra', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    expect(() => scaffold({ dir })).toThrow(/is not empty/);
    expect(readdirSync(dir)).toEqual(['keep.txt']);
    // @ts-expect-error: not an extra
    expect(() => scaffold({ dir: path.join(dir, 'x'), extras: ['billing'] })).toThrow(
      /unknown extra "billing"/,
    );
  });
});

describe('the command line', () => {
  it('reads the folder and the flags', () => {
    expect(parseArgs(['app', '--extras', 'admin,uploads', '--no-install', '--pm', 'pnpm'])).toEqual({
      dir: 'app',
      extras: ['admin', 'uploads'],
      install: false,
      pm: 'pnpm',
      yes: false,
      help: false,
    });
    expect(parseArgs(['--extras=none', '-y'])).toMatchObject({ extras: [], yes: true });
    expect(() => parseArgs(['--extras', 'billing'])).toThrow(/unknown extra "billing"/);
    expect(() => parseArgs(['a', 'b'])).toThrow(/one folder only/);
    expect(() => parseArgs(['--pm', 'bun'])).toThrow(/npm, pnpm or yarn/);
  });

  it('scaffolds without a terminal and prints the commands to run', () => {
    const dir = path.join(tempDir(), 'cli-app');
    const bin = path.join(import.meta.dirname, '..', 'bin', 'create-backline.mjs');
    const out = execFileSync(process.execPath, [bin, dir, '--extras', 'uploads', '--no-install'], {
      encoding: 'utf8',
      env: { ...process.env, npm_config_user_agent: 'pnpm/10.0.0 node/v20' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(existsSync(path.join(dir, 'src', 'server.ts'))).toBe(true);
    expect(out).toContain(`cd ${dir}\n  pnpm install\n  pnpm start`);
  });

  it('fails with the usage on a bad flag', () => {
    const bin = path.join(import.meta.dirname, '..', 'bin', 'create-backline.mjs');
    let failure: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [bin, '--colour'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(2);
    expect(failure.stderr).toContain('unknown option --colour');
    expect(failure.stderr).toContain('Usage: create-backline');
  });
});
