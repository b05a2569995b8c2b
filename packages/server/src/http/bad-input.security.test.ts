import {
  type HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../modules/accounts';
import { uploadsModule } from '../modules/uploads/index';

/**
 * Hostile input an outside audit sent to a fresh site: every case once answered 500 (and logged the SQL). Each
 * must answer a 4xx in the error shape (`{message, errors?}`) and change nothing.
 */

const PASSWORD = 'babbage-difference-engine-1822';
/** One past the largest value of a 32-bit integer key column. */
const PAST_INT32 = 2147483648;

/** Sends only a Bearer token: no cookies, no XSRF header. */
async function withBearer(
  server: RunningServer,
  token: string,
  method: string,
  path: string,
  json?: unknown,
) {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, data: text ? (JSON.parse(text) as unknown) : undefined };
}

/** The error shape of docs/architecture.md: a message, and field errors when a field is at fault. */
function expectErrorShape(data: unknown) {
  expect(data).toEqual({
    message: expect.any(String),
    ...((data as { errors?: unknown }).errors ? { errors: expect.any(Object) } : {}),
  });
}

describe.each(testDatabases())('bad input on $name', (database) => {
  let server: RunningServer;
  let count = 0;
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts({ apiAccessRoles: ['users'] }), uploadsModule({ cleanupIntervalMs: 0 })],
    });
    await server.app.kit.settings.set('api.integrated', true);
  });
  afterAll(() => server?.close());

  const signedIn = () =>
    signedInUser(server, { email: `bad-input${++count}@example.com`, password: PASSWORD });
  const tokenOf = async (http: HttpSession) => {
    const answer = await http.post('/api/v1/access-tokens', { tokenName: 'audit' });
    expect(answer.status).toBe(200);
    return (answer.data as { plainTextToken: string }).plainTextToken;
  };

  it('answers an id past the 32-bit key range in DELETE access-tokens/{id} with 4xx, not 500', async () => {
    const { http } = await signedIn();
    const response = await http.request('DELETE', `/api/v1/access-tokens/${PAST_INT32}`);
    expect([404, 422]).toContain(response.status);
    expectErrorShape(response.data);
  });

  it('answers an id past the 32-bit key range in GET file-entries/{id} with 4xx, not 500', async () => {
    const { http } = await signedIn();
    const response = await http.get(`/api/v1/file-entries/${PAST_INT32}`);
    expect([404, 422]).toContain(response.status);
    expectErrorShape(response.data);
  });

  it('answers an id past the 32-bit key range in POST file-entries/delete with 4xx, not 500', async () => {
    const { http } = await signedIn();
    const response = await http.post('/api/v1/file-entries/delete', {
      entryIds: [PAST_INT32],
      deleteForever: true,
    });
    expect([404, 422]).toContain(response.status);
    expectErrorShape(response.data);
  });

  it('answers a forged Bearer token whose id is past the key range with 401, not 500, without a login', async () => {
    for (const path of ['/api/v1/users/me', '/api/v1/bootstrap-data', '/api/v1/user-sessions']) {
      const response = await withBearer(server, `999999999999|${'x'.repeat(40)}`, 'GET', path);
      expect(response.status).toBe(401);
      expectErrorShape(response.data);
    }
    const negative = await withBearer(server, `-1|${'x'.repeat(40)}`, 'GET', '/api/v1/users/me');
    expect(negative.status).toBe(401);
  });

  it.each([
    ['first_name', 'Ada\u0000Lovelace'],
    ['last_name', '\u0000'],
  ])('refuses a NUL byte in %s with 422 and stores nothing', async (field, value) => {
    const { http, user } = await signedIn();
    const response = await http.request('PUT', `/api/v1/users/${user.id}`, { json: { [field]: value } });
    expect(response.status).toBe(422);
    expect(Object.keys((response.data as { errors: object }).errors)).toEqual([field]);
    const row = await server.app.kit.knex('users').where({ id: user.id }).first();
    expect(row[field]).toBeNull();
  });

  it('refuses a NUL byte in tokenName with 422 and creates no token', async () => {
    const { http, user } = await signedIn();
    const response = await http.post('/api/v1/access-tokens', { tokenName: 'ci\u0000' });
    expect(response.status).toBe(422);
    expect(Object.keys((response.data as { errors: object }).errors)).toEqual(['tokenName']);
    expect(await server.app.kit.knex('personal_access_tokens').where({ user_id: user.id })).toEqual([]);
  });

  it('refuses a password change over a Bearer token with 403, not 500 ("session is null")', async () => {
    const { http, user } = await signedIn();
    const token = await tokenOf(http);
    const before = (await server.app.kit.knex('users').where({ id: user.id }).first()).password;
    const response = await withBearer(server, token, 'PUT', '/auth/user/password', {
      current_password: PASSWORD,
      password: 'a-new-password-for-mallory',
      password_confirmation: 'a-new-password-for-mallory',
    });
    expect(response.status).toBe(403);
    expectErrorShape(response.data);
    expect((await server.app.kit.knex('users').where({ id: user.id }).first()).password).toBe(before);
  });

  it('refuses confirm-password over a Bearer token (403) instead of answering confirmed while storing nothing', async () => {
    const { http } = await signedIn();
    const token = await tokenOf(http);
    const response = await withBearer(server, token, 'POST', '/auth/user/confirm-password', {
      password: PASSWORD,
    });
    expect(response.status).toBe(403);
    expectErrorShape(response.data);
    expect(response.data).not.toHaveProperty('confirmed');
  });
});
