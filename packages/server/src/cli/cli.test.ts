import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tempDir, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackline } from '../create-backline';
import { defineModule } from '../kit';
import { accounts } from '../modules/accounts';
import { userPermissions } from '../modules/permissions/permissions';
import { verifyPassword } from '../security/password-hasher';
import { runCli } from './commands';

describe.each(testDatabases())('backline CLI on $name', (database) => {
  let fresh: ReturnType<typeof database.create>;
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      argv,
      { database: fresh.options, dataDir: fresh.dataDir, modules: [accounts()], logger: 'silent' },
      { out: (line) => out.push(line), err: (line) => err.push(line) },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  beforeAll(() => {
    fresh = database.create();
  });
  afterAll(() => fresh?.cleanup());

  it('migrates once, then has nothing to do', async () => {
    const first = await run('migrate');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^Migrated the (pglite|postgres) database: core\/001-settings, .*users\/001-users/,
    );
    expect(first.out).toContain('two-factor/001-two-factor-columns');
    expect((await run('migrate')).out).toMatch(/^Nothing to migrate/);
  });

  it('seeds the default roles again after they were deleted', async () => {
    const app = await createBackline({
      database: fresh.options,
      dataDir: fresh.dataDir,
      modules: [accounts()],
      logger: 'silent',
    });
    await app.kit.knex('roles').where({ name: 'guests' }).delete();
    await app.close();
    expect((await run('seed')).code).toBe(0);
    const again = await createBackline({
      database: fresh.options,
      dataDir: fresh.dataDir,
      modules: [accounts()],
      logger: 'silent',
    });
    expect(await again.kit.knex('roles').where({ name: 'guests', guests: true }).first()).toBeDefined();
    await again.close();
  });

  it('creates an admin who can log in, and promotes an existing user', async () => {
    const created = await run(
      'create-admin',
      '--email',
      'Root@Example.com',
      '--password',
      'very-long-secret',
    );
    expect(created).toMatchObject({ code: 0, out: 'Created admin root@example.com.' });
    const updated = await run('create-admin', '--email=root@example.com', '--password=another-long-secret');
    expect(updated.out).toBe('Updated admin root@example.com.');
    const app = await createBackline({
      database: fresh.options,
      dataDir: fresh.dataDir,
      modules: [accounts()],
      logger: 'silent',
    });
    const user = await app.kit.knex('users').where({ email: 'root@example.com' }).first();
    expect(await verifyPassword(user.password, 'another-long-secret')).toBe(true);
    expect(user.email_verified_at).not.toBeNull();
    expect(await userPermissions(app.kit.knex, user.id)).toEqual([{ name: 'admin', restrictions: [] }]);
    await app.close();
  });

  it('refuses an admin with a bad address or a short password, creating nothing', async () => {
    const bad = await run('create-admin', '--email', 'nope', '--password', 'short');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('email: The email field must be a valid email address.');
    expect(bad.err).toContain('password: The password field must be at least 8 characters.');
    expect((await run('create-admin')).code).toBe(1);
  });

  it('gets and sets settings as JSON', async () => {
    expect(await run('settings:get', 'branding.site_name')).toMatchObject({ code: 0, out: '"Backline"' });
    expect((await run('settings:set', 'branding.site_name', '"Night Owl Radio"')).code).toBe(0);
    expect((await run('settings:get', 'branding.site_name')).out).toBe('"Night Owl Radio"');
    expect(
      (await run('settings:set', 'registration.policies', '[{"id":"terms","label":"Terms"}]')).code,
    ).toBe(0);
    expect((await run('settings:get', 'registration.policies')).out).toBe('[{"id":"terms","label":"Terms"}]');
    expect((await run('settings:set', 'branding.site_name', 'not json')).code).toBe(1);
    expect((await run('settings:get', 'no.such.setting')).code).toBe(1);
    expect((await run('settings:get')).code).toBe(1);
  });

  it('prints usage for help and refuses unknown commands', async () => {
    expect((await run('help')).out).toContain('create-admin --email E --password P');
    expect((await run('frobnicate')).code).toBe(1);
    expect((await run('key:generate')).out).toMatch(/^base64:[A-Za-z0-9+/]{43}=$/);
  });

  it("runs a command a module adds, lists it in help, and keeps the kit's own names", async () => {
    const calls: unknown[] = [];
    const modules = [
      accounts(),
      defineModule({
        id: 'greeter',
        commands: {
          greet: {
            usage: '--name N   say hello',
            async run(kit, { positional, flags }, io) {
              // Runs against the migrated app: the kit's tables are there.
              calls.push(await kit.knex('users').count({ n: '*' }).first());
              io.out(`hello ${flags.name} ${positional.join(' ')}`);
              return flags.name ? 0 : 2;
            },
          },
          migrate: { usage: 'never runs', run: () => 9 },
        },
      }),
    ];
    const runWith = async (...argv: string[]) => {
      const out: string[] = [];
      const code = await runCli(
        argv,
        { database: fresh.options, dataDir: fresh.dataDir, modules, logger: 'silent' },
        { out: (line) => out.push(line), err: (line) => out.push(line) },
      );
      return { code, out: out.join('\n') };
    };
    expect(await runWith('greet', 'there', '--name', 'Ada')).toEqual({ code: 0, out: 'hello Ada there' });
    expect((await runWith('greet')).code).toBe(2);
    expect(calls).toHaveLength(2);
    expect((await runWith('help')).out).toContain('  greet --name N   say hello');
    expect((await runWith('migrate')).code).toBe(0);
  });
});

describe('the backline bin', () => {
  const bin = fileURLToPath(new URL('./bin.ts', import.meta.url));
  const { dir, cleanup } = tempDir();
  afterAll(cleanup);

  // Five cold processes, each compiling the whole kit through tsx: on a fresh clone under a loaded CI machine
  // that alone can pass 30 s, so this test gets a generous budget (it asserts on output, never on time).
  it('runs from the environment: migrate, create-admin and settings against DATA_DIR', {
    timeout: 240_000,
  }, () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--conditions=@backline/source', '--import', 'tsx', bin, ...args], {
        // From the package, where `tsx` resolves; the data goes to DATA_DIR.
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', INIT_CWD: '' },
        encoding: 'utf8',
      });
    const migrated = run('migrate');
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout).toMatch(/^Migrated the pglite database/);
    expect(
      run('create-admin', '--email', 'ops@example.com', '--password', 'operations-team').stdout.trim(),
    ).toBe('Created admin ops@example.com.');
    expect(run('settings:set', 'branding.site_name', '"Ops"').status).toBe(0);
    expect(run('settings:get', 'branding.site_name').stdout.trim()).toBe('"Ops"');
    expect(run('nonsense').status).toBe(1);
  });
});
