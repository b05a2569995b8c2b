import { demoCredentials } from '@backline/auth';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_COUNT } from '@backline/core/contract';
import { loginOverHttp, type RunningServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../e2e/support/site';

/**
 * Demo mode pre-fills the login page; the credentials it pre-fills must sign in on the music site. The login
 * page's own rule (`demoCredentials`) picks them here, so a drift between pre-fill and seed fails.
 */
describe.each(testDatabases())('demo mode on $name', (database) => {
  const signsIn = async (server: RunningServer, email: string, password: string) =>
    (await loginOverHttp(server.session(), email, password)).status;

  describe('singleAccount', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startSite({ demo: 'singleAccount' }, database);
      // As main.ts does on a first start.
      await server.app.seed();
    });
    afterAll(() => server?.close());

    it('signs in with the pre-filled admin@admin.com / admin, an admin', async () => {
      const { email, password } = demoCredentials('singleAccount', DEMO_ACCOUNT);
      expect(email).toBe('admin@admin.com');
      const http = server.session();
      expect((await loginOverHttp(http, email, password)).status).toBe(200);
      const me = await http.get('/api/v1/users/me?with=roles');
      expect((me.data as { user: { roles: { name: string }[] } }).user.roles.map((r) => r.name)).toContain(
        'admin',
      );
    });

    it('seeds once: a second seed or start creates nothing new', async () => {
      const before = await server.app.kit.knex('users').count({ n: '*' }).first();
      await server.app.seed();
      expect(await server.app.kit.knex('users').count({ n: '*' }).first()).toEqual(before);
    });
  });

  describe('randomAccount', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startSite({ demo: 'randomAccount' }, database);
      await server.app.seed();
    });
    afterAll(() => server?.close());

    it('signs in with whichever numbered admin@demoNNN.com the login page pre-fills, first and last too', async () => {
      const picks = [0, 0.5, 0.999999].map((r) => demoCredentials('randomAccount', DEMO_ACCOUNT, () => r));
      expect(picks.map((p) => p.email)).toEqual([
        'admin@demo001.com',
        'admin@demo051.com',
        `admin@demo${DEMO_ACCOUNT_COUNT}.com`,
      ]);
      for (const { email, password } of picks) expect(await signsIn(server, email, password)).toBe(200);
      expect(await signsIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).toBe(200);
    });
  });

  describe('off (the default)', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startSite({}, database);
      await server.app.seed();
    });
    afterAll(() => server?.close());

    it('seeds no account with the known demo password', async () => {
      expect(
        await server.app.kit.knex('users').where('email', 'like', 'admin@%').pluck('email'),
      ).not.toContain(DEMO_ACCOUNT.email);
      expect(await signsIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).not.toBe(200);
    });
  });
});
