import {
  bootstrapOf,
  createTestUser,
  currentUser,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { encryptTwoFactor } from '../two-factor/secrets';

const PASSWORD = 'lovelace-1815';

describe.each(testDatabases())('POST auth/login and auth/logout on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()] });
    await createTestUser(server.app, { email: 'ada@example.com', password: PASSWORD });
    await createTestUser(server.app, { email: 'admin@example.com', password: PASSWORD, roles: ['admin'] });
  });
  afterAll(() => server?.close());

  it('answers bootstrap data with the user, roles, permissions and subscriptions', async () => {
    const http = server.session();
    const response = await loginOverHttp(http, 'ADA@example.com', PASSWORD);
    expect(response.status).toBe(200);
    expect(Object.keys(response.data as object)).toEqual(['bootstrapData']);
    const data = bootstrapOf(response.data);
    expect(data.user).toMatchObject({
      email: 'ada@example.com',
      roles: [{ id: expect.any(Number), name: 'users' }],
      permissions: [],
      subscriptions: [],
      two_factor_confirmed_at: null,
    });
    expect(data.settings).toHaveProperty('branding.site_name', 'Backline');
    const admin = bootstrapOf((await loginOverHttp(server.session(), 'admin@example.com', PASSWORD)).data);
    expect(admin.user).toMatchObject({
      roles: [{ name: 'users' }, { name: 'admin' }],
      permissions: [{ name: 'admin', restrictions: [] }],
    });
  });

  it('answers the same 422 for a wrong password and for an unknown address', async () => {
    const wrong = await loginOverHttp(server.session(), 'ada@example.com', 'not the password');
    const unknown = await loginOverHttp(server.session(), 'nobody@example.com', PASSWORD);
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.data).toEqual(unknown.data);
    expect(wrong.data).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('answers 422 with field errors for bad input', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const empty = await http.post('/auth/login', {});
    expect(empty.status).toBe(422);
    expect(empty.data).toMatchObject({
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
    const malformed = await http.post('/auth/login', { email: 'ada', password: PASSWORD, remember: 'maybe' });
    expect(malformed.status).toBe(422);
    expect(Object.keys((malformed.data as { errors: object }).errors).sort()).toEqual(['email', 'remember']);
  });

  it('asks for the second factor when two-factor is confirmed, without signing in', async () => {
    const user = await createTestUser(server.app, { email: 'twofa@example.com', password: PASSWORD });
    await server.app.kit
      .knex('users')
      .where({ id: user.id })
      .update({
        ...encryptTwoFactor(server.app.kit, user.id, { secret: 'JBSWY3DPEHPK3PXP', codes: [] }),
        two_factor_confirmed_at: new Date(),
      });
    const http = server.session();
    const response = await loginOverHttp(http, 'twofa@example.com', PASSWORD);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ two_factor: true });
    expect(await currentUser(http)).toBeNull();
    expect((await http.get('/api/v1/user-sessions')).status).toBe(401);
  });

  it('rehashes a password stored with older parameters at login', async () => {
    const user = await createTestUser(server.app, { email: 'legacy@example.com', password: PASSWORD });
    const old = await hash(PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await server.app.kit.knex('users').where({ id: user.id }).update({ password: old });
    expect((await loginOverHttp(server.session(), 'legacy@example.com', PASSWORD)).status).toBe(200);
    const row = await server.app.kit.knex('users').where({ id: user.id }).first();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await loginOverHttp(server.session(), 'legacy@example.com', PASSWORD)).status).toBe(200);
  });

  it('logs out: deletes the session, clears the cookie and answers guest bootstrap data', async () => {
    const http = server.session();
    await loginOverHttp(http, 'ada@example.com', PASSWORD);
    const sessions = async () =>
      Number((await server.app.kit.knex('sessions').whereNotNull('user_id').count({ n: '*' }))[0]!.n);
    const before = await sessions();
    const out = await http.post('/auth/logout');
    expect(out.status).toBe(200);
    const data = bootstrapOf(out.data);
    expect(data.user).toBeNull();
    expect(data.guest_role).toMatchObject({ name: 'guests', permissions: [] });
    expect(http.lastSetCookies.find((c) => c.startsWith('backline_session='))).toMatch(
      /expires=Thu, 01 Jan 1970/i,
    );
    expect(http.cookies.has('backline_session')).toBe(false);
    expect(await sessions()).toBe(before - 1);
    // A visitor may log out too; nothing to end, same answer.
    const again = await http.post('/auth/logout');
    expect(again.status).toBe(200);
    expect(bootstrapOf(again.data).user).toBeNull();
  });
});
