import {
  HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { grantToUser } from '../permissions/permissions';
import {
  createAccessToken,
  hashAccessToken,
  MAX_ACCESS_TOKENS,
  PersonalAccessToken,
  TOO_MANY_TOKENS_MESSAGE,
} from './tokens';

const PASSWORD = 'lovelace-engine-1843';

interface TokenAnswer {
  token: { id: number; name: string; last_used_at: string | null; created_at: string };
  plainTextToken: string;
}

/** A client that sends only the Bearer token: no cookies, no XSRF header. */
const bearer = (baseUrl: string, token: string) => {
  const call = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(path, baseUrl), {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    }).then(async (response) => {
      const text = await response.text();
      return Object.assign(response, { data: text ? (JSON.parse(text) as unknown) : undefined });
    });
  return call;
};

describe.each(testDatabases())('personal access tokens on $name', (database) => {
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

  const signedIn = async (email: string) => {
    return signedInUser(server, { email, password: PASSWORD });
  };
  const createToken = async (http: HttpSession, tokenName = 'CI') => {
    const response = await http.post('/api/v1/access-tokens', { tokenName });
    expect(response.status).toBe(200);
    return response.data as TokenAnswer;
  };

  it('creates a token answered once as `{id}|{secret}` and stored only as SHA-256', async () => {
    const { user, http } = await signedIn('creator@example.com');
    const { token, plainTextToken } = await createToken(http, 'Deploy script');
    expect(token).toEqual({
      id: expect.any(Number),
      name: 'Deploy script',
      abilities: ['read', 'write'],
      last_used_at: null,
      created_at: expect.any(String),
    });
    const [id, secret] = plainTextToken.split('|');
    expect(Number(id)).toBe(token.id);
    expect(secret!.length).toBeGreaterThanOrEqual(40);
    const row = await PersonalAccessToken.query(server.app.kit.knex).findById(token.id);
    expect(row!.user_id).toBe(user.id);
    expect(row!.token).toBe(hashAccessToken(secret!));
    expect(JSON.stringify(row)).not.toContain(secret!);
    // The plain text never appears again: the user resource lists names only.
    const me = await http.get('/api/v1/users/me?with=tokens');
    expect(JSON.stringify(me.data)).not.toContain(secret!);
    expect((me.data as { user: { tokens: unknown[] } }).user.tokens).toEqual([
      {
        id: token.id,
        name: 'Deploy script',
        abilities: ['read', 'write'],
        last_used_at: null,
        created_at: expect.any(String),
      },
    ]);
  });

  it('requires a token name', async () => {
    const { http } = await signedIn('nameless@example.com');
    const response = await http.post('/api/v1/access-tokens', { tokenName: '' });
    expect(response.status).toBe(422);
    expect((response.data as { errors: Record<string, string[]> }).errors.tokenName).toEqual([
      'The tokenName field is required.',
    ]);
  });

  it('authenticates Bearer calls without XSRF and without reading the cookie session', async () => {
    const { user, http } = await signedIn('api-user@example.com');
    const { plainTextToken, token } = await createToken(http);
    const call = bearer(server.url, plainTextToken);
    const me = await call('GET', '/api/v1/users/me');
    expect(me.status).toBe(200);
    expect((me.data as { user: { id: number } }).user.id).toBe(user.id);
    // An unsafe request with no XSRF cookie or header at all.
    const update = await call('PUT', '/api/v1/users/me', { first_name: 'Ada' });
    expect(update.status).toBe(200);
    expect((update.data as { user: { first_name: string } }).user.first_name).toBe('Ada');
    // last_used_at is recorded.
    const row = await PersonalAccessToken.query(server.app.kit.knex).findById(token.id);
    expect(row!.last_used_at).not.toBeNull();

    // The same request with the browser's cookies (and XSRF) but a bad token: 401, never the cookie's user.
    const cookies = {
      Cookie: http.cookieHeader(),
      'X-XSRF-TOKEN': decodeURIComponent(http.cookies.get('XSRF-TOKEN')!),
    };
    for (const badToken of [
      `${token.id}|${'x'.repeat(43)}`,
      'garbage',
      `${token.id + 1000}|${plainTextToken.split('|')[1]}`,
    ]) {
      const response = await bearer(server.url, badToken)('GET', '/api/v1/users/me', undefined, cookies);
      expect(response.status).toBe(401);
      const put = await bearer(server.url, badToken)(
        'PUT',
        '/api/v1/users/me',
        { first_name: 'Mallory' },
        cookies,
      );
      expect(put.status).toBe(401);
    }
    // A valid token of another user with this browser's cookie: the token's user, not the cookie's.
    const other = await signedIn('api-other@example.com');
    const otherToken = (await createToken(other.http)).plainTextToken;
    const mixed = await bearer(server.url, otherToken)('GET', '/api/v1/users/me', undefined, cookies);
    expect((mixed.data as { user: { id: number } }).user.id).toBe(other.user.id);
    expect((await http.get('/api/v1/users/me')).data).toMatchObject({ user: { first_name: 'Ada' } });
  });

  it('refuses a deleted token at once (401)', async () => {
    const { http } = await signedIn('revoker@example.com');
    const { plainTextToken, token } = await createToken(http);
    const call = bearer(server.url, plainTextToken);
    expect((await call('GET', '/api/v1/users/me')).status).toBe(200);
    const deleted = await http.request('DELETE', `/api/v1/access-tokens/${token.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual({});
    const after = await call('GET', '/api/v1/users/me');
    expect(after.status).toBe(401);
    expect(after.data).toEqual({ message: 'Unauthenticated.' });
    expect(await PersonalAccessToken.query(server.app.kit.knex).findById(token.id)).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const { http } = await signedIn('expiring@example.com');
    const { plainTextToken, token } = await createToken(http);
    await PersonalAccessToken.query(server.app.kit.knex)
      .findById(token.id)
      .patch({ expires_at: new Date(Date.now() + offset - 1000) });
    expect((await bearer(server.url, plainTextToken)('GET', '/api/v1/users/me')).status).toBe(401);
  });

  it(`caps a user at ${MAX_ACCESS_TOKENS} live tokens; an expired or deleted one frees its place`, async () => {
    const { user, http } = await signedIn('collector@example.com');
    const knex = server.app.kit.knex;
    const live = async () =>
      Number((await knex('personal_access_tokens').where({ user_id: user.id }).count({ n: '*' }))[0]!.n);
    // All places but the last through the module's own function: a hundred round trips would only slow this down.
    for (let i = 0; i < MAX_ACCESS_TOKENS - 1; i++)
      await createAccessToken(server.app.kit, user.id, `bulk ${i}`);
    // Another user's tokens never count against this one.
    const other = await signedIn('bystander@example.com');
    await createToken(other.http);
    const last = await createToken(http, 'last place');

    const refused = await http.post('/api/v1/access-tokens', { tokenName: 'one too many' });
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual({
      message: TOO_MANY_TOKENS_MESSAGE,
      errors: { tokenName: [TOO_MANY_TOKENS_MESSAGE] },
    });
    expect(await live()).toBe(MAX_ACCESS_TOKENS);

    // An expired token no longer holds a place.
    await PersonalAccessToken.query(knex)
      .findById(last.token.id)
      .patch({ expires_at: new Date(Date.now() + offset - 1000) });
    const afterExpiry = await createToken(http, 'after expiry');
    expect(afterExpiry.token.name).toBe('after expiry');

    // One place free and two requests at once: exactly one gets it.
    expect((await http.request('DELETE', `/api/v1/access-tokens/${afterExpiry.token.id}`)).status).toBe(200);
    const racing = await Promise.all(
      ['first', 'second'].map((tokenName) => http.post('/api/v1/access-tokens', { tokenName })),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([200, 422]);
    expect(await live()).toBe(MAX_ACCESS_TOKENS + 1); // the hundred live ones and the expired one
  });

  it('refuses token ids past the key column’s range with 422, never a 500 (found by fuzzing)', async () => {
    const { http } = await signedIn('huge-token-id@example.com');
    const answer = await http.request('DELETE', '/api/v1/access-tokens/5063407293617706');
    expect(answer.status).toBe(422);
    expect((answer.data as { errors: Record<string, string[]> }).errors).toHaveProperty('id');
  });

  it('refuses a token name with NUL or other control characters with 422, never a 500 (found by fuzzing)', async () => {
    const { http } = await signedIn('nul-token@example.com');
    for (const tokenName of ['\u0000', 'CI\u0000', 'a\u0007b']) {
      const answer = await http.post('/api/v1/access-tokens', { tokenName });
      expect(answer.status, JSON.stringify(tokenName)).toBe(422);
      expect(answer.data).toEqual({
        message: 'The tokenName field contains characters that are not allowed.',
        errors: { tokenName: ['The tokenName field contains characters that are not allowed.'] },
      });
    }
  });

  it('never lets a user delete another user’s token', async () => {
    const owner = await signedIn('token-owner@example.com');
    const { plainTextToken, token } = await createToken(owner.http);
    const intruder = await signedIn('token-intruder@example.com');
    const response = await intruder.http.request('DELETE', `/api/v1/access-tokens/${token.id}`);
    expect(response.status).toBe(404);
    // Nor through the intruder's own token (no token deletes tokens at all).
    const intruderToken = (await createToken(intruder.http)).plainTextToken;
    expect(
      (await bearer(server.url, intruderToken)('DELETE', `/api/v1/access-tokens/${token.id}`)).status,
    ).toBe(403);
    expect((await bearer(server.url, plainTextToken)('GET', '/api/v1/users/me')).status).toBe(200);
  });

  it('lists token sessions in GET user-sessions, marked by the token name', async () => {
    const { http } = await signedIn('sessions-api@example.com');
    const { plainTextToken } = await createToken(http, 'Grafana');
    await bearer(server.url, plainTextToken)('GET', '/api/v1/health', undefined, {
      'User-Agent': 'grafana-agent/1.0',
    });
    const list = (await http.get('/api/v1/user-sessions')).data as {
      sessions: { id: number; token: string | null; is_current_device: boolean }[];
    };
    expect(list.sessions).toHaveLength(2);
    expect(list.sessions[0]).toMatchObject({ token: null, is_current_device: true });
    expect(list.sessions[1]).toMatchObject({ token: 'Grafana', is_current_device: false });
    expect(list.sessions[1]!.id).toBeLessThan(0);
    // Seen through the token itself, the token session is the current one.
    const viaToken = (await bearer(server.url, plainTextToken)('GET', '/api/v1/user-sessions')).data as {
      sessions: { token: string | null; is_current_device: boolean }[];
    };
    expect(viaToken.sessions.find((s) => s.token === 'Grafana')?.is_current_device).toBe(true);
  });

  it('writes last_used_at at most once a minute', async () => {
    const { http } = await signedIn('throttled@example.com');
    const { plainTextToken, token } = await createToken(http);
    const call = bearer(server.url, plainTextToken);
    const read = async () =>
      (await PersonalAccessToken.query(server.app.kit.knex).findById(token.id))!.last_used_at!;
    await call('GET', '/api/v1/users/me');
    const first = await read();
    await call('GET', '/api/v1/users/me');
    expect((await read()).getTime()).toBe(first.getTime());
    offset += 61_000;
    await call('GET', '/api/v1/users/me');
    expect((await read()).getTime()).toBeGreaterThan(first.getTime());
  });

  it('refuses 2FA changes through a token (403): they belong to the browser session', async () => {
    const { http } = await signedIn('token-2fa@example.com');
    const call = bearer(server.url, (await createToken(http)).plainTextToken);
    expect((await call('POST', '/auth/user/two-factor-authentication')).status).toBe(403);
    expect((await call('DELETE', '/auth/user/two-factor-authentication')).status).toBe(403);
    expect((await call('GET', '/auth/user/two-factor/qr-code')).status).toBe(403);
    expect(
      (await call('POST', '/auth/user/confirmed-two-factor-authentication', { code: '123456' })).status,
    ).toBe(403);
    expect((await call('POST', '/auth/user/two-factor-recovery-codes')).status).toBe(403);
    // A token cannot confirm a password for itself either: there is no session to remember it.
    expect((await call('POST', '/auth/user/confirm-password', { password: PASSWORD })).status).toBe(403);
    expect((await call('POST', '/auth/user/two-factor-authentication')).status).toBe(403);
  });

  describe('gates', () => {
    it('needs the api.access permission, given here to the users role (apiAccessRoles)', async () => {
      const { user, http } = await signedIn('no-api@example.com');
      const { plainTextToken } = await createToken(http);
      const knex = server.app.kit.knex;
      const role: { id: number } = await knex('roles').where({ name: 'users' }).first('id');
      const permission: { id: number } = await knex('permissions').where({ name: 'api.access' }).first('id');
      expect(
        await knex('role_permissions').where({ role_id: role.id, permission_id: permission.id }).first(),
      ).toBeTruthy();
      // Take the users role away: no creating, no calling with existing tokens, but revoking still works.
      await knex('user_roles').where({ user_id: user.id }).delete();
      expect((await http.post('/api/v1/access-tokens', { tokenName: 'x' })).status).toBe(403);
      expect((await bearer(server.url, plainTextToken)('GET', '/api/v1/users/me')).status).toBe(403);
      await grantToUser(knex, user.id, 'api.access');
      expect((await bearer(server.url, plainTextToken)('GET', '/api/v1/users/me')).status).toBe(200);
    });

    it('needs the api.integrated setting on (public, off by default)', async () => {
      const { http } = await signedIn('integrated@example.com');
      const { plainTextToken } = await createToken(http);
      const bootstrap = JSON.parse(
        ((await http.get('/api/v1/bootstrap-data')).data as { data: { data: string } }).data.data,
      );
      expect(bootstrap.settings.api).toEqual({ integrated: true });
      await server.app.kit.settings.set('api.integrated', false);
      try {
        expect((await http.post('/api/v1/access-tokens', { tokenName: 'x' })).status).toBe(403);
        expect((await bearer(server.url, plainTextToken)('GET', '/api/v1/users/me')).status).toBe(403);
      } finally {
        await server.app.kit.settings.set('api.integrated', true);
      }
    });

    it('answers 401 to token endpoints for visitors', async () => {
      const visitor = new HttpSession(server.url);
      await visitor.get('/api/v1/health');
      expect((await visitor.post('/api/v1/access-tokens', { tokenName: 'x' })).status).toBe(401);
      expect((await visitor.request('DELETE', '/api/v1/access-tokens/1')).status).toBe(401);
    });
  });
});
