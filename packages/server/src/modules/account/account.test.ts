import {
  bootstrapOf,
  currentUser,
  HttpSession,
  loginOverHttp,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { grantToUser } from '../permissions/permissions';
import { User } from '../users/user-model';
import { rowsReferencing, userColumns } from './user-references';

const PASSWORD = 'hopper-compiler-1952';

interface UserAnswer {
  user: Record<string, unknown> & { id: number; email: string };
}

describe.each(testDatabases())('account endpoints on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()] });
  });
  afterAll(() => server?.close());

  const signedIn = async (email: string, roles?: string[]) => {
    return signedInUser(server, { email, password: PASSWORD, roles });
  };

  describe('GET users/{id}', () => {
    it('answers the signed-in user with roles, social profiles and tokens', async () => {
      const { user, http } = await signedIn('reader@example.com');
      const knex = server.app.kit.knex;
      const now = new Date();
      await knex('social_profiles').insert({
        user_id: user.id,
        service_name: 'google',
        user_service_id: 'g-123',
        username: 'reader',
        created_at: now,
        updated_at: now,
      });
      for (const path of [
        `/api/v1/users/me?with=roles,social_profiles,tokens`,
        `/api/v1/users/${user.id}?with=roles,social_profiles,tokens`,
        '/api/v1/users/me?with=roles&with=social_profiles&with=tokens',
      ]) {
        const response = await http.get(path);
        expect(response.status).toBe(200);
        const answer = (response.data as UserAnswer).user;
        expect(answer).toMatchObject({
          id: user.id,
          email: 'reader@example.com',
          roles: [{ id: expect.any(Number), name: 'users' }],
          social_profiles: [
            {
              id: expect.any(Number),
              service_name: 'google',
              username: 'reader',
              created_at: expect.any(String),
            },
          ],
          tokens: [],
        });
        expect(Object.keys((answer.social_profiles as object[])[0]!).sort()).toEqual([
          'created_at',
          'id',
          'service_name',
          'username',
        ]);
        expect(answer).not.toHaveProperty('password');
        expect(answer).not.toHaveProperty('two_factor_secret');
      }
      const plain = (await http.get('/api/v1/users/me')).data as UserAnswer;
      expect(plain.user).not.toHaveProperty('tokens');
      expect(plain.user).not.toHaveProperty('social_profiles');
    });

    it('needs a signed-in user', async () => {
      const visitor = new HttpSession(server.url);
      expect((await visitor.get('/api/v1/users/me')).status).toBe(401);
      expect((await visitor.get('/api/v1/users/1')).status).toBe(401);
    });

    it('refuses ids past the key column’s range with 422, never a 500 (found by fuzzing)', async () => {
      const { http } = await signedIn('huge-id@example.com');
      for (const id of ['2147483648', '5063407293617706']) {
        const answer = await http.get(`/api/v1/users/${id}`);
        expect(answer.status, id).toBe(422);
        const body = answer.data as { message: string; errors?: { id?: string[] } };
        expect(body.message, id).toEqual(expect.any(String));
        expect(body.errors?.id?.[0], id).toBe(body.message);
      }
    });

    it('lets holders of users.update read others, without their tokens', async () => {
      const target = await signedIn('read-target@example.com');
      await server.app.kit.settings.set('api.integrated', true);
      await grantToUser(server.app.kit.knex, target.user.id, 'api.access');
      expect((await target.http.post('/api/v1/access-tokens', { tokenName: 'hidden' })).status).toBe(200);
      const admin = await signedIn('reading-admin@example.com');
      await grantToUser(server.app.kit.knex, admin.user.id, 'users.update');
      const response = await admin.http.get(`/api/v1/users/${target.user.id}?with=tokens`);
      expect(response.status).toBe(200);
      expect((response.data as UserAnswer).user).toMatchObject({ id: target.user.id, tokens: [] });
      expect((await admin.http.get('/api/v1/users/999999')).status).toBe(404);
      // Reading is all: changing another user stays refused.
      expect(
        (await admin.http.request('PUT', `/api/v1/users/${target.user.id}`, { json: { first_name: 'X' } }))
          .status,
      ).toBe(403);
    });
  });

  describe('PUT users/me', () => {
    it('saves the name, language, country and timezone', async () => {
      const { user, http } = await signedIn('profile@example.com');
      // The way the client sends it: a POST overridden to PUT.
      const response = await http.post('/api/v1/users/me?_method=PUT', {
        first_name: ' Grace ',
        last_name: 'Hopper',
        language: 'en',
        country: 'us',
        timezone: 'America/New_York',
      });
      expect(response.status).toBe(200);
      expect((response.data as UserAnswer).user).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        display_name: 'Grace Hopper',
        language: 'en',
        country: 'US',
        timezone: 'America/New_York',
      });
      const row = await User.query(server.app.kit.knex).findById(user.id);
      expect(row).toMatchObject({ first_name: 'Grace', country: 'US', timezone: 'America/New_York' });
      // Only sent fields change; empty strings clear.
      const cleared = await http.request('PUT', '/api/v1/users/me', { json: { last_name: '' } });
      expect((cleared.data as UserAnswer).user).toMatchObject({ first_name: 'Grace', last_name: null });
    });

    it('refuses unknown timezones, countries and languages with field errors', async () => {
      const { user, http } = await signedIn('profile-bad@example.com');
      const response = await http.request('PUT', '/api/v1/users/me', {
        json: { timezone: 'Mars/Olympus_Mons', country: 'XX', language: 'tlh', first_name: 'Kept?' },
      });
      expect(response.status).toBe(422);
      expect((response.data as { errors: Record<string, string[]> }).errors).toEqual({
        timezone: ['The selected timezone is invalid.'],
        country: ['The selected country is invalid.'],
        language: ['The selected language is invalid.'],
      });
      expect((await User.query(server.app.kit.knex).findById(user.id))!.first_name).toBeNull();
      const long = await http.request('PUT', '/api/v1/users/me', { json: { first_name: 'x'.repeat(101) } });
      expect(long.status).toBe(422);
      expect((long.data as { errors: Record<string, string[]> }).errors.first_name).toBeDefined();
      const wrongType = await http.request('PUT', '/api/v1/users/me', { json: { timezone: 42 } });
      expect(wrongType.status).toBe(422);
    });

    it('refuses a request without the XSRF header', async () => {
      const { http } = await signedIn('profile-xsrf@example.com');
      expect(
        (await http.request('PUT', '/api/v1/users/me', { json: { first_name: 'X' }, xsrf: false })).status,
      ).toBe(419);
    });
  });

  describe('cross-user access', () => {
    it('refuses every endpoint on another user’s id', async () => {
      const alice = await signedIn('alice@example.com');
      await alice.http.request('PUT', '/api/v1/users/me', { json: { first_name: 'Alice' } });
      const bob = await signedIn('bob@example.com');
      const id = alice.user.id;
      const refusals = [
        await bob.http.get(`/api/v1/users/${id}`),
        await bob.http.get(`/api/v1/users/${id}?with=roles,social_profiles,tokens`),
        await bob.http.request('PUT', `/api/v1/users/${id}`, { json: { first_name: 'Mallory' } }),
        await bob.http.post(`/api/v1/users/${id}/avatar`, { url: '/api/v1/file-entries/1' }),
        await bob.http.request('DELETE', `/api/v1/users/${id}/avatar`),
        await bob.http.request('DELETE', `/api/v1/users/${id}?deleteCurrentUser=true`),
        await bob.http.request('DELETE', `/api/v1/users/${id}`),
      ];
      expect(refusals.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
      // An id that does not exist answers the same: ids cannot be probed.
      expect((await bob.http.get('/api/v1/users/999999')).status).toBe(403);
      const row = await User.query(server.app.kit.knex).findById(id);
      expect(row).toMatchObject({ first_name: 'Alice', email: 'alice@example.com' });
      expect(await currentUser(alice.http)).toMatchObject({ id });
    });
  });

  describe('API access by default', () => {
    it('is held by no role: a new user cannot create tokens until granted api.access', async () => {
      const { user, http } = await signedIn('default-api@example.com');
      await server.app.kit.settings.set('api.integrated', true);
      expect((await http.post('/api/v1/access-tokens', { tokenName: 'x' })).status).toBe(403);
      const permission = await server.app.kit.knex('permissions').where({ name: 'api.access' }).first();
      expect(permission).toBeDefined();
      expect(await server.app.kit.knex('role_permissions').where({ permission_id: permission.id })).toEqual(
        [],
      );
      await grantToUser(server.app.kit.knex, user.id, 'api.access');
      expect((await http.post('/api/v1/access-tokens', { tokenName: 'x' })).status).toBe(200);
    });
  });

  describe('two-factor changes', () => {
    it('are each refused (423) without a password confirmed in this session, and open after one', async () => {
      const { http } = await signedIn('unconfirmed-2fa@example.com');
      const calls = () => [
        http.post('/auth/user/two-factor-authentication'),
        http.get('/auth/user/two-factor/qr-code'),
        http.post('/auth/user/confirmed-two-factor-authentication', { code: '123456' }),
        http.post('/auth/user/two-factor-recovery-codes'),
        http.request('DELETE', '/auth/user/two-factor-authentication'),
      ];
      const refused = await Promise.all(calls());
      expect(refused.map((response) => response.status)).toEqual([423, 423, 423, 423, 423]);
      for (const response of refused)
        expect(response.data).toEqual({ message: 'Password confirmation required.' });
      expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
      expect((await http.post('/auth/user/two-factor-authentication')).status).toBe(200);
      expect((await http.get('/auth/user/two-factor/qr-code')).status).toBe(200);
      // Another browser of the same user has confirmed nothing.
      const other = server.session();
      await loginOverHttp(other, 'unconfirmed-2fa@example.com', PASSWORD);
      expect((await other.post('/auth/user/two-factor-recovery-codes')).status).toBe(423);
      expect((await other.request('DELETE', '/auth/user/two-factor-authentication')).status).toBe(423);
    });
  });

  describe('DELETE users/{id}', () => {
    it('needs deleteCurrentUser=true', async () => {
      const { user, http } = await signedIn('unsure@example.com');
      const response = await http.request('DELETE', '/api/v1/users/me');
      expect(response.status).toBe(422);
      expect(await User.query(server.app.kit.knex).findById(user.id)).toBeDefined();
    });

    it('refuses a request without the XSRF header', async () => {
      const { user, http } = await signedIn('forged-delete@example.com');
      const response = await http.request('DELETE', `/api/v1/users/${user.id}?deleteCurrentUser=true`, {
        xsrf: false,
      });
      expect(response.status).toBe(419);
      expect(await User.query(server.app.kit.knex).findById(user.id)).toBeDefined();
    });

    it('deletes the account in one go: no row refers to the user, sessions and tokens end, the email is free', async () => {
      const knex = server.app.kit.knex;
      const email = 'leaving@example.com';
      const { user, http } = await signedIn(email);
      const other = await signedIn('staying@example.com');
      const otherDevice = server.session();
      await loginOverHttp(otherDevice, email, PASSWORD);
      await server.app.kit.settings.set('api.integrated', true);
      await grantToUser(knex, user.id, 'api.access');
      const { plainTextToken } = (await http.post('/api/v1/access-tokens', { tokenName: 'bye' })).data as {
        plainTextToken: string;
      };
      await grantToUser(knex, user.id, 'files.create');
      const now = new Date();
      await knex('social_profiles').insert({
        user_id: user.id,
        service_name: 'google',
        user_service_id: 'leaving-1',
        username: 'leaving',
        created_at: now,
        updated_at: now,
      });
      const visitor = server.session();
      await visitor.get('/api/v1/health');
      expect((await visitor.post('/auth/forgot-password', { email })).status).toBe(200);
      // The reset mail (and its token row) is written in the background.
      await expect
        .poll(async () => Boolean(await knex('password_reset_tokens').where({ user_id: user.id }).first()))
        .toBe(true);
      await knex('email_verification_tokens').insert({
        user_id: user.id,
        email,
        token_hash: 'x'.repeat(64),
        expires_at: new Date(Date.now() + 3600_000),
        created_at: now,
      });

      const columns = await userColumns(knex);
      expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(
        expect.arrayContaining([
          'personal_access_tokens.user_id',
          'sessions.user_id',
          'social_profiles.user_id',
          'user_permissions.user_id',
          'user_roles.user_id',
        ]),
      );
      const before = await rowsReferencing(knex, user.id, email);
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining([
          'personal_access_tokens.user_id',
          'sessions.user_id',
          'social_profiles.user_id',
          'user_permissions.user_id',
          'user_roles.user_id',
          'users.email',
          'email_verification_tokens.email',
          'password_reset_tokens.user_id',
        ]),
      );
      const otherBefore = await rowsReferencing(knex, other.user.id, 'staying@example.com');

      // Deletion needs a recent password confirmation, as the client's confirm-password dialog gives it.
      expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
      // The way the client sends it: a POST overridden to DELETE.
      const response = await http.post(
        `/api/v1/users/${user.id}?deleteCurrentUser=true&_method=DELETE`,
        undefined,
        {
          headers: { 'X-HTTP-Method-Override': 'DELETE' },
        },
      );
      expect(response.status).toBe(200);
      const guest = bootstrapOf(response.data);
      expect(guest.user).toBeNull();
      expect(guest.guest_role).toMatchObject({ name: 'guests' });
      expect(response.headers.getSetCookie().some((line) => /^backline_session=;/.test(line))).toBe(true);

      expect(await rowsReferencing(knex, user.id, email)).toEqual({});
      // Nobody else lost anything.
      expect(await rowsReferencing(knex, other.user.id, 'staying@example.com')).toEqual(otherBefore);
      // Every session and token ended.
      expect(await currentUser(http)).toBeNull();
      expect(await currentUser(otherDevice)).toBeNull();
      const tokenCall = await fetch(`${server.url}/api/v1/users/me`, {
        headers: { Authorization: `Bearer ${plainTextToken}` },
      });
      expect(tokenCall.status).toBe(401);
      // The address can register again.
      const again = server.session();
      await again.get('/api/v1/health');
      const register = await again.post('/auth/register', {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(register.status).toBe(200);
      expect(bootstrapOf(register.data).user).toMatchObject({ email });
    });

    it('is refused through an API token', async () => {
      const { user, http } = await signedIn('token-delete@example.com');
      await server.app.kit.settings.set('api.integrated', true);
      await grantToUser(server.app.kit.knex, user.id, 'api.access');
      const { plainTextToken } = (await http.post('/api/v1/access-tokens', { tokenName: 'x' })).data as {
        plainTextToken: string;
      };
      const response = await fetch(`${server.url}/api/v1/users/me?deleteCurrentUser=true`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${plainTextToken}`, Accept: 'application/json' },
      });
      expect(response.status).toBe(403);
      expect(await User.query(server.app.kit.knex).findById(user.id)).toBeDefined();
    });
  });
});
