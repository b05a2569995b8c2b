import {
  bootstrapOf,
  createTestUser,
  currentUser,
  loginOverHttp,
  type MockOAuthProvider,
  type RunningServer,
  startOAuthProvider,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { readCallbackPage, runSocialFlow } from './social-flow.fixtures';

const PASSWORD = 'correct horse battery';

describe.each(testDatabases())('social sign-in on $name', (database) => {
  let server: RunningServer;
  let provider: MockOAuthProvider;
  let counter = 0;
  beforeAll(async () => {
    provider = await startOAuthProvider();
    server = await startTestServer(database, { modules: [accounts({ social: provider.social })] });
    await server.app.kit.settings.set('social.google.enable', true);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });
  beforeEach(() => {
    counter += 1;
    provider.user = {
      sub: `google-${counter}`,
      email: `social${counter}@example.com`,
      email_verified: true,
      name: `Social Person${counter}`,
      given_name: 'Social',
      family_name: `Person${counter}`,
    };
  });

  const knex = () => server.app.kit.knex;

  it('creates a new user with a verified address and no password, stores the profile and signs in', async () => {
    const http = server.session();
    const result = await runSocialFlow(http);
    expect(result.status).toBe('SUCCESS');
    expect(result.origin).toBe(new URL(server.url).origin);
    const { user } = bootstrapOf(result.callbackData);
    expect(user).toMatchObject({
      email: provider.user.email,
      first_name: 'Social',
      last_name: `Person${counter}`,
    });
    expect(user!.email_verified_at).toBeTruthy();
    const row = await knex()('users').where({ email: provider.user.email }).first();
    // Unusable: there is no hash any password could match.
    expect(row.password).toBeNull();
    const profiles = await knex()('social_profiles').where({ user_id: row.id });
    expect(profiles).toEqual([
      expect.objectContaining({
        service_name: 'google',
        user_service_id: provider.user.sub,
        username: provider.user.email,
      }),
    ]);
    expect(await currentUser(http)).toMatchObject({ email: provider.user.email });
  });

  it('signs a returning user into the same account without creating another', async () => {
    const first = await runSocialFlow(server.session());
    const id = bootstrapOf(first.callbackData).user!.id;
    const users = Number((await knex()('users').count({ n: '*' }))[0]!.n);
    const again = server.session();
    const second = await runSocialFlow(again);
    expect(second.status).toBe('SUCCESS');
    expect(bootstrapOf(second.callbackData).user!.id).toBe(id);
    expect(Number((await knex()('users').count({ n: '*' }))[0]!.n)).toBe(users);
    expect(await currentUser(again)).toMatchObject({ id });
  });

  it('asks for the password of an existing account with that address, then links it on connect', async () => {
    const existing = await createTestUser(server.app, { email: provider.user.email!, password: PASSWORD });
    const http = server.session();
    const result = await runSocialFlow(http);
    expect(result.status).toBe('REQUEST_PASSWORD');
    expect(result.callbackData).toEqual({ email: existing.email });
    // Nothing is linked and nobody is signed in until the password arrives.
    expect(await knex()('social_profiles').where({ user_id: existing.id })).toHaveLength(0);
    expect(await currentUser(http)).toBeNull();

    await http.get('/api/v1/health');
    const wrong = await http.post('/secure/auth/social/connect', { password: 'not the password' });
    expect(wrong.status).toBe(422);
    expect(wrong.data).toMatchObject({ errors: { password: ['The password is incorrect.'] } });

    const right = await http.post('/secure/auth/social/connect', { password: PASSWORD });
    expect(right.status, JSON.stringify(right.data)).toBe(200);
    expect(bootstrapOf(right.data).user).toMatchObject({ id: existing.id });
    expect(await knex()('social_profiles').where({ user_id: existing.id })).toEqual([
      expect.objectContaining({ service_name: 'google', user_service_id: provider.user.sub }),
    ]);
    expect(await currentUser(http)).toMatchObject({ id: existing.id });

    // Linked now: the next social sign-in goes straight through.
    const next = await runSocialFlow(server.session());
    expect(next.status).toBe('SUCCESS');
    expect(bootstrapOf(next.callbackData).user).toMatchObject({ id: existing.id });
  });

  it('answers ALREADY_LOGGED_IN when a signed-in user opens the login popup', async () => {
    await createTestUser(server.app, { email: `signed${counter}@example.com`, password: PASSWORD });
    const http = server.session();
    expect((await loginOverHttp(http, `signed${counter}@example.com`, PASSWORD)).status).toBe(200);
    const result = await runSocialFlow(http);
    expect(result.status).toBe('ALREADY_LOGGED_IN');
  });

  it('links a provider to the signed-in user in connect mode, and disconnects it again', async () => {
    const user = await createTestUser(server.app, {
      email: `linker${counter}@example.com`,
      password: PASSWORD,
    });
    const http = server.session();
    await loginOverHttp(http, user.email, PASSWORD);
    const result = await runSocialFlow(http, { mode: 'connect' });
    expect(result.status).toBe('SUCCESS');
    expect(bootstrapOf(result.callbackData).user).toMatchObject({ id: user.id });
    expect(await knex()('social_profiles').where({ user_id: user.id })).toHaveLength(1);

    const off = await http.post('/secure/auth/social/google/disconnect');
    expect(off.status, JSON.stringify(off.data)).toBe(200);
    expect(off.data).toEqual({ social_profiles: [] });
    expect(await knex()('social_profiles').where({ user_id: user.id })).toHaveLength(0);
  });

  it('refuses to link a provider account that belongs to another user', async () => {
    await runSocialFlow(server.session()); // provider.user now owns a new account
    const other = await createTestUser(server.app, {
      email: `other${counter}@example.com`,
      password: PASSWORD,
    });
    const http = server.session();
    await loginOverHttp(http, other.email, PASSWORD);
    const result = await runSocialFlow(http, { mode: 'connect' });
    expect(result.status).toBe('ERROR');
    expect(result.callbackData.errorMessage).toBe(
      'This Google account is already connected to another user.',
    );
    expect(await knex()('social_profiles').where({ user_id: other.id })).toHaveLength(0);
  });

  it('reports a provider error as ERROR with a message', async () => {
    provider.failNextAuthorization('access_denied');
    const http = server.session();
    const result = await runSocialFlow(http);
    expect(result.status).toBe('ERROR');
    expect(result.callbackData.errorMessage).toBe('Sign in with Google was cancelled or refused.');
    expect(await currentUser(http)).toBeNull();
    expect(await knex()('users').where({ email: provider.user.email })).toHaveLength(0);
  });

  it('answers ERROR without a trip to the provider while the provider is switched off', async () => {
    await server.app.kit.settings.set('social.google.enable', false);
    try {
      const result = await runSocialFlow(server.session());
      expect(result.startStatus).toBe(200);
      expect(result.status).toBe('ERROR');
      expect(result.callbackData.errorMessage).toBe('Google sign-in is not enabled.');
      // Configured but without credentials: never offered either.
      await server.app.kit.settings.set('social.facebook.enable', true);
      const facebook = await runSocialFlow(server.session(), { service: 'facebook' });
      expect(facebook.status).toBe('ERROR');
    } finally {
      await server.app.kit.settings.set('social.google.enable', true);
      await server.app.kit.settings.set('social.facebook.enable', false);
    }
  });

  it('renders the callback page under the nonce CSP, keeping the opener, with no cache', async () => {
    const http = server.session();
    const start = await http.get('/secure/auth/social/google/login');
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const page = await http.get(callback.pathname + callback.search);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(page.data)).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("default-src 'self'");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(String(page.data)).toContain('postMessage(data.message, data.origin)');
    expect(readCallbackPage(page.data).origin).toBe(new URL(server.url).origin);
  });

  it('sends the state, a PKCE challenge and the redirect URI to the provider', async () => {
    const start = await server.session().get('/secure/auth/social/google/login');
    const location = new URL(start.headers.get('location')!);
    expect(location.origin).toBe(provider.url);
    expect(location.searchParams.get('state')).toMatch(/^[0-9a-f]{40}$/);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${server.url}/secure/auth/social/google/callback`,
    );
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('backline_social='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).toMatch(/path=\/secure\/auth\/social/i);
  });
});

describe.each(testDatabases())(
  'social sign-in with keys saved in the admin settings on $name',
  (database) => {
    let server: RunningServer;
    let provider: MockOAuthProvider;
    beforeAll(async () => {
      provider = await startOAuthProvider();
      // Code gives other credentials than the ones the admin saves below.
      const google = {
        ...provider.social.providers!.google!,
        clientId: 'code-client',
        clientSecret: 'code-secret',
      };
      server = await startTestServer(database, {
        modules: [accounts({ social: { providers: { google } } })],
      });
      await server.app.kit.settings.set('social.google.enable', true);
    });
    afterAll(async () => {
      await server?.close();
      await provider?.close();
    });

    const authorizeClientId = async () => {
      const start = await server.session().get('/secure/auth/social/google/login');
      return new URL(start.headers.get('location')!).searchParams.get('client_id');
    };

    it('uses the code or env credentials until both saved keys are set, then the saved ones', async () => {
      expect(await authorizeClientId()).toBe('code-client');
      // Half a pair in the settings changes nothing.
      await server.app.kit.settings.set('social.google.client_id', provider.clientId);
      expect(await authorizeClientId()).toBe('code-client');
      await server.app.kit.settings.set('social.google.client_secret', provider.clientSecret);
      expect(await authorizeClientId()).toBe(provider.clientId);

      // The whole flow signs in with them (the token swap uses the saved pair too).
      provider.user = {
        sub: 'saved-keys-1',
        email: 'saved.keys@example.com',
        email_verified: true,
        name: 'Saved Keys',
      };
      const http = server.session();
      const result = await runSocialFlow(http);
      expect(result.status).toBe('SUCCESS');
      expect(await currentUser(http)).toMatchObject({ email: 'saved.keys@example.com' });
    });
  },
);

describe('social sign-in with only saved keys', () => {
  let server: RunningServer;
  let provider: MockOAuthProvider;
  beforeAll(async () => {
    provider = await startOAuthProvider();
    // Endpoints in code, no credentials at all: the provider is off until an admin saves both keys.
    const { clientId: _id, clientSecret: _secret, ...endpoints } = provider.social.providers!.google!;
    server = await startTestServer(testDatabases()[0]!, {
      modules: [
        accounts({ social: { providers: { google: { ...endpoints, clientId: '', clientSecret: '' } } } }),
      ],
    });
    await server.app.kit.settings.set('social.google.enable', true);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('is off without keys and works once they are saved', async () => {
    const before = await server.session().get('/secure/auth/social/google/login');
    expect(before.headers.get('location')).toBeNull();
    expect(String(before.data)).toContain('Google sign-in is not enabled.');
    await server.app.kit.settings.set('social.google.client_id', provider.clientId);
    await server.app.kit.settings.set('social.google.client_secret', provider.clientSecret);
    const after = await server.session().get('/secure/auth/social/google/login');
    expect(new URL(after.headers.get('location')!).searchParams.get('client_id')).toBe(provider.clientId);
  });
});
