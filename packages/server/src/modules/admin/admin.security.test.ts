import {
  bootstrapOf,
  createTestUser,
  currentUser,
  loginOverHttp,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'turing-machine-1936';

/** A client that sends only the Bearer token: no cookies, no XSRF header. */
const bearer = (baseUrl: string, token: string) => (path: string) =>
  fetch(new URL(path, baseUrl), {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  }).then(async (response) =>
    Object.assign(response, { data: (await response.json()) as { message?: string } }),
  );

describe.each(testDatabases())('admin area security on $name', (database) => {
  let server: RunningServer;
  let offset = 0;
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts({ apiAccessRoles: ['users'] })],
      now: () => new Date(Date.now() + offset),
    });
    await server.app.kit.settings.set('api.integrated', true);
  });
  afterAll(() => server?.close());

  const admin = (email: string) => signedInUser(server, { email, password: PASSWORD, roles: ['admin'] });

  describe('bans (an attacker keeps using a session or token after being banned)', () => {
    it('refuses the open session and the Bearer token on the next request, and login answers the ban', async () => {
      const { http: root } = await admin('ban-admin@example.com');
      const { user, http: victim } = await signedInUser(server, {
        email: 'banned@example.com',
        password: PASSWORD,
      });
      const created = await victim.post('/api/v1/access-tokens', { tokenName: 'script' });
      expect(created.status).toBe(200);
      const token = (created.data as { plainTextToken: string }).plainTextToken;
      const api = bearer(server.url, token);
      expect((await api('/api/v1/users/me')).status).toBe(200);
      expect((await victim.get('/api/v1/users/me')).status).toBe(200);

      const ban = await root.post(`/api/v1/admin/users/${user.id}/ban`, { reason: 'Spam uploads' });
      expect(ban.status, JSON.stringify(ban.data)).toBe(200);

      const refused = await victim.get('/api/v1/users/me');
      expect(refused.status).toBe(403);
      expect((refused.data as { message: string }).message).toBe(
        'This account has been banned. Reason: Spam uploads',
      );
      // The session is gone, not just refused once.
      expect(await server.app.kit.knex('sessions').where({ user_id: user.id }).first()).toBeUndefined();
      const byToken = await api('/api/v1/users/me');
      expect(byToken.status).toBe(403);
      expect(byToken.data.message).toMatch(/banned/);

      const login = await loginOverHttp(server.session(), 'banned@example.com', PASSWORD);
      expect(login.status).toBe(403);
      expect((login.data as { message: string }).message).toBe(
        'This account has been banned. Reason: Spam uploads',
      );

      expect((await root.post(`/api/v1/admin/users/${user.id}/unban`)).status).toBe(200);
      expect((await loginOverHttp(server.session(), 'banned@example.com', PASSWORD)).status).toBe(200);
      expect((await api('/api/v1/users/me')).status).toBe(200);
    });

    it('a ban with an end date lapses by itself', async () => {
      const { http: root } = await admin('ban-admin-2@example.com');
      const user = await createTestUser(server.app, { email: 'briefly@example.com', password: PASSWORD });
      const until = new Date(Date.now() + 3_600_000).toISOString();
      expect(
        (await root.post(`/api/v1/admin/users/${user.id}/ban`, { reason: 'Cool off', until })).status,
      ).toBe(200);
      const login = await loginOverHttp(server.session(), 'briefly@example.com', PASSWORD);
      expect(login.status).toBe(403);
      expect((login.data as { message: string }).message).toContain('The ban ends on');
      offset = 2 * 3_600_000;
      try {
        expect((await loginOverHttp(server.session(), 'briefly@example.com', PASSWORD)).status).toBe(200);
      } finally {
        offset = 0;
      }
      const past = await root.post(`/api/v1/admin/users/${user.id}/ban`, {
        reason: 'x',
        until: '2000-01-01T00:00:00.000Z',
      });
      expect(past.status).toBe(422);
    });

    it('an admin cannot ban themselves', async () => {
      const { http: root, user } = await admin('self-ban@example.com');
      expect((await root.post(`/api/v1/admin/users/${user.id}/ban`, { reason: 'oops' })).status).toBe(403);
    });
  });

  describe('impersonation ("log in as")', () => {
    it('logs in as a listener, shows who is behind it, returns, and audits both steps', async () => {
      const { http: root, user: me } = await admin('support@example.com');
      const listener = await createTestUser(server.app, {
        email: 'listener@example.com',
        password: PASSWORD,
      });
      const response = await root.post(`/api/v1/admin/users/${listener.id}/impersonate`);
      expect(response.status, JSON.stringify(response.data)).toBe(200);
      const data = bootstrapOf(response.data) as ReturnType<typeof bootstrapOf> & {
        impersonator?: { id: number };
      };
      expect(data.user).toMatchObject({ id: listener.id });
      expect(data.impersonator).toMatchObject({ id: me.id });
      expect((await currentUser(root))?.id).toBe(listener.id);
      // The impersonated session cannot reach the admin area: it has only the listener's permissions.
      expect((await root.get('/api/v1/admin/users')).status).toBe(403);
      // Nor read the listener's secrets: sensitive actions still need the listener's password.
      expect((await root.post('/auth/user/two-factor-authentication')).status).not.toBe(200);

      const back = await root.post('/api/v1/admin/impersonation/stop');
      expect(back.status).toBe(200);
      expect(bootstrapOf(back.data).user).toMatchObject({ id: me.id });
      expect((await root.get('/api/v1/admin/users')).status).toBe(200);
      const actions: {
        action: string;
        user_id: number;
        impersonator_id: number | null;
        target_id: number;
      }[] = await server.app.kit.knex('audit_logs').where({ target_id: listener.id }).orderBy('id');
      expect(actions.map((row) => [row.action, row.user_id, row.impersonator_id])).toEqual([
        ['user.impersonate', me.id, null],
        ['user.impersonate.stop', listener.id, me.id],
      ]);
    });

    it('is never allowed against another admin or oneself', async () => {
      const { http: root, user: me } = await admin('support-2@example.com');
      const other = await createTestUser(server.app, {
        email: 'other-admin@example.com',
        password: PASSWORD,
        roles: ['admin'],
      });
      const refused = await root.post(`/api/v1/admin/users/${other.id}/impersonate`);
      expect(refused.status).toBe(403);
      expect((refused.data as { message: string }).message).toBe('You cannot log in as another admin.');
      expect((await root.post(`/api/v1/admin/users/${me.id}/impersonate`)).status).toBe(403);
      expect((await currentUser(root))?.id).toBe(me.id);
    });

    it('needs users.impersonate, and "return" only works from an impersonated session', async () => {
      const { http: listener } = await signedInUser(server, {
        email: 'plain@example.com',
        password: PASSWORD,
      });
      const target = await createTestUser(server.app, { email: 'target@example.com', password: PASSWORD });
      expect((await listener.post(`/api/v1/admin/users/${target.id}/impersonate`)).status).toBe(403);
      expect((await listener.post('/api/v1/admin/impersonation/stop')).status).toBe(403);
    });
  });
});
