import { type RunningServer, signedInUser, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_READ_ONLY_MESSAGE, TOKEN_REFUSED_MESSAGE } from '../../http/routes';
import { accounts } from '../accounts';
import { createResetToken } from '../passwords/index';
import { REVOKE_ON_PASSWORD_CHANGE } from './index';
import { PersonalAccessToken } from './tokens';

const PASSWORD = 'lovelace-engine-1843';
const NEW_PASSWORD = 'babbage-difference-1822';

/** A client that sends only the Bearer token: no cookies, no XSRF header (what an attacker holding it sends). */
const bearer = (baseUrl: string, token: string) => async (method: string, path: string, json?: unknown) => {
  const response = await fetch(new URL(path, baseUrl), {
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
};

describe.each(testDatabases())('API token attacks on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts({ apiAccessRoles: ['users'] })] });
    await server.app.kit.settings.set('api.integrated', true);
  });
  afterAll(() => server?.close());

  /** The owner signs in; an attacker with the session mints a token (the compromise). */
  const compromised = async (email: string, abilities?: string[]) => {
    const owner = await signedInUser(server, { email, password: PASSWORD });
    const created = await owner.http.post('/api/v1/access-tokens', { tokenName: 'backdoor', abilities });
    expect(created.status).toBe(200);
    const answer = created.data as { token: { id: number; abilities: string[] }; plainTextToken: string };
    const stolen = bearer(server.url, answer.plainTextToken);
    expect((await stolen('GET', '/api/v1/users/me')).status).toBe(200);
    return { ...owner, stolen, tokenId: answer.token.id, abilities: answer.token.abilities };
  };
  const tokenRows = (userId: number) =>
    PersonalAccessToken.query(server.app.kit.knex).where({ user_id: userId }).resultSize();

  describe('a token made during a compromise does not outlive the recovery', () => {
    it('ends when the owner logs out other sessions (token sessions are listed there)', async () => {
      const { user, http, stolen } = await compromised('logout-others-token@example.com');
      expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
      const answer = await http.post('/api/v1/user-sessions/logout-other', { password: PASSWORD });
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ message: 'Logged out other sessions.', ended: 1 });
      expect((await stolen('GET', '/api/v1/users/me')).status).toBe(401);
      expect(await tokenRows(user.id)).toBe(0);
    });

    it('ends when the owner changes the password', async () => {
      const { user, http, stolen } = await compromised('change-password-token@example.com');
      const changed = await http.request('PUT', '/auth/user/password', {
        json: { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(changed.status).toBe(200);
      expect((await stolen('GET', '/api/v1/users/me')).status).toBe(401);
      expect(await tokenRows(user.id)).toBe(0);
    });

    it('ends when the password is reset', async () => {
      const { user, stolen } = await compromised('reset-password-token@example.com');
      const token = await createResetToken(server.app.kit, user.id);
      const guest = server.session();
      await guest.get('/api/v1/health');
      const reset = await guest.post('/auth/reset-password', {
        token,
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);
      expect((await stolen('GET', '/api/v1/users/me')).status).toBe(401);
      expect(await tokenRows(user.id)).toBe(0);
    });

    it(`survives a password change only when ${REVOKE_ON_PASSWORD_CHANGE} is off`, async () => {
      const { http, stolen } = await compromised('keep-tokens@example.com');
      await server.app.kit.settings.set(REVOKE_ON_PASSWORD_CHANGE, false);
      try {
        const changed = await http.request('PUT', '/auth/user/password', {
          json: { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        });
        expect(changed.status).toBe(200);
        expect((await stolen('GET', '/api/v1/users/me')).status).toBe(200);
      } finally {
        await server.app.kit.settings.set(REVOKE_ON_PASSWORD_CHANGE, true);
      }
    });
  });

  it('refuses a stolen token minting or deleting tokens, changing the password or 2FA, or deleting the account (403)', async () => {
    const { user, stolen, tokenId } = await compromised('token-escalation@example.com');
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/v1/access-tokens', { tokenName: 'second backdoor' }],
      ['DELETE', `/api/v1/access-tokens/${tokenId}`],
      [
        'PUT',
        '/auth/user/password',
        { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      ],
      ['POST', '/auth/user/confirm-password', { password: PASSWORD }],
      ['POST', '/auth/user/two-factor-authentication'],
      ['DELETE', '/auth/user/two-factor-authentication'],
      ['POST', '/auth/user/confirmed-two-factor-authentication', { code: '123456' }],
      ['POST', '/auth/user/two-factor-recovery-codes'],
      ['GET', '/auth/user/two-factor/qr-code'],
      ['POST', '/api/v1/user-sessions/logout-other', { password: PASSWORD }],
      ['DELETE', `/api/v1/users/${user.id}?deleteCurrentUser=true`],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await stolen(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.data, `${method} ${path}`).toEqual({ message: TOKEN_REFUSED_MESSAGE });
    }
    expect(await tokenRows(user.id)).toBe(1);
    expect((await stolen('GET', '/api/v1/users/me')).status).toBe(200);
  });

  it('lets a read-only token read but never write', async () => {
    const { user, stolen, abilities } = await compromised('read-only-token@example.com', ['read']);
    expect(abilities).toEqual(['read']);
    const me = await stolen('GET', '/api/v1/users/me');
    expect(me.status).toBe(200);
    const write = await stolen('PUT', '/api/v1/users/me', { first_name: 'Mallory' });
    expect(write.status).toBe(403);
    expect(write.data).toEqual({ message: TOKEN_READ_ONLY_MESSAGE });
    const row = await server.app.kit.knex('users').where({ id: user.id }).first('first_name');
    expect(row.first_name).not.toBe('Mallory');
  });

  it('gives a token created without abilities full access, and refuses unknown abilities', async () => {
    const { stolen, abilities, http } = await compromised('full-token@example.com');
    expect(abilities).toEqual(['read', 'write']);
    expect((await stolen('PUT', '/api/v1/users/me', { first_name: 'Ada' })).status).toBe(200);
    const unknown = await http.post('/api/v1/access-tokens', { tokenName: 'x', abilities: ['admin'] });
    expect(unknown.status).toBe(422);
    expect(Object.keys((unknown.data as { errors: object }).errors)[0]).toMatch(/^abilities/);
  });
});
