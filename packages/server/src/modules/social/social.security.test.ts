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

describe.each(testDatabases())('social sign-in attacks on $name', (database) => {
  let server: RunningServer;
  let provider: MockOAuthProvider;
  let counter = 0;
  let clock = Date.now();
  beforeAll(async () => {
    provider = await startOAuthProvider();
    server = await startTestServer(database, {
      modules: [accounts({ social: provider.social })],
      now: () => new Date(clock),
    });
    await server.app.kit.settings.set('social.google.enable', true);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });
  beforeEach(() => {
    counter += 1;
    provider.user = { sub: `attack-${counter}`, email: `target${counter}@example.com`, email_verified: true };
  });
  const users = async () => Number((await server.app.kit.knex('users').count({ n: '*' }))[0]!.n);

  it('login CSRF: a callback with a state other than the one this browser started is refused', async () => {
    const http = server.session();
    const before = provider.tokenRequests;
    const result = await runSocialFlow(http, {
      tamper: (callback) => callback.searchParams.set('state', 'f'.repeat(40)),
    });
    expect(result.status).toBe('ERROR');
    expect(result.callbackData.errorMessage).toBe(
      'This sign-in attempt could not be verified. Please try again.',
    );
    // Refused before the code was ever swapped for tokens.
    expect(provider.tokenRequests).toBe(before);
    expect(await currentUser(http)).toBeNull();
  });

  it("login CSRF: an attacker's valid callback URL opened in another browser is refused", async () => {
    const attacker = server.session();
    const start = await attacker.get('/secure/auth/social/google/login');
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const victim = server.session();
    const page = await victim.get(callback.pathname + callback.search);
    expect(readCallbackPage(page.data).status).toBe('ERROR');
    expect(await currentUser(victim)).toBeNull();
  });

  it('a replayed callback (same code and state) fails, even with the old flow cookie restored', async () => {
    const http = server.session();
    const start = await http.get('/secure/auth/social/google/login');
    const flowCookie = http.cookies.get('backline_social')!;
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const first = await http.get(callback.pathname + callback.search);
    expect(readCallbackPage(first.data).status).toBe('SUCCESS');
    const swapped = provider.tokenRequests;

    const replay = server.session();
    replay.cookies.set('backline_social', flowCookie);
    const again = await replay.get(callback.pathname + callback.search);
    const message = readCallbackPage(again.data);
    expect(message.status).toBe('ERROR');
    expect(message.callbackData.errorMessage).toBe(
      'This sign-in attempt has expired or was already used. Please try again.',
    );
    expect(provider.tokenRequests).toBe(swapped);
    expect(await currentUser(replay)).toBeNull();
  });

  it('a flow older than ten minutes has expired', async () => {
    const http = server.session();
    const start = await http.get('/secure/auth/social/google/login');
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    clock += 11 * 60 * 1000;
    const page = await http.get(callback.pathname + callback.search);
    expect(readCallbackPage(page.data).status).toBe('ERROR');
  });

  it('connect without pending social data answers 422 and links nothing', async () => {
    const user = await createTestUser(server.app, {
      email: `nopending${counter}@example.com`,
      password: PASSWORD,
    });
    const http = server.session();
    await http.get('/api/v1/health');
    // The client cannot supply the social data itself: whatever it sends is ignored.
    const response = await http.post('/secure/auth/social/connect', {
      password: PASSWORD,
      user_id: user.id,
      service: 'google',
      user_service_id: 'forged',
    });
    expect(response.status).toBe(422);
    expect(response.data).toEqual({
      message: 'There is no social account waiting to be connected. Please sign in again.',
    });
    expect(await server.app.kit.knex('social_profiles').where({ user_id: user.id })).toHaveLength(0);
    expect(await currentUser(http)).toBeNull();
  });

  it("pending social data is bound to the browser that got it: another browser's connect finds none", async () => {
    const existing = await createTestUser(server.app, { email: provider.user.email!, password: PASSWORD });
    const http = server.session();
    expect((await runSocialFlow(http)).status).toBe('REQUEST_PASSWORD');
    const other = server.session();
    await other.get('/api/v1/health');
    const response = await other.post('/secure/auth/social/connect', { password: PASSWORD });
    expect(response.status).toBe(422);
    expect(await server.app.kit.knex('social_profiles').where({ user_id: existing.id })).toHaveLength(0);
  });

  it('pending social data expires', async () => {
    await createTestUser(server.app, { email: provider.user.email!, password: PASSWORD });
    const http = server.session();
    expect((await runSocialFlow(http)).status).toBe('REQUEST_PASSWORD');
    clock += 11 * 60 * 1000;
    await http.get('/api/v1/health');
    const response = await http.post('/secure/auth/social/connect', { password: PASSWORD });
    expect(response.status).toBe(422);
  });

  it('connect needs the XSRF header like every unsafe request', async () => {
    await createTestUser(server.app, { email: provider.user.email!, password: PASSWORD });
    const http = server.session();
    expect((await runSocialFlow(http)).status).toBe('REQUEST_PASSWORD');
    await http.get('/api/v1/health');
    const response = await http.post('/secure/auth/social/connect', { password: PASSWORD }, { xsrf: false });
    expect(response.status).toBe(419);
  });

  it('an unverified Google address never opens the account that has it', async () => {
    const existing = await createTestUser(server.app, { email: provider.user.email!, password: PASSWORD });
    provider.user = { ...provider.user, email_verified: false };
    const before = await users();
    const result = await runSocialFlow(server.session());
    expect(result.status).toBe('ERROR');
    expect(result.callbackData.errorMessage).toBe(
      'Your Google account did not share a verified email address.',
    );
    expect(await users()).toBe(before);
    expect(await server.app.kit.knex('social_profiles').where({ user_id: existing.id })).toHaveLength(0);
  });

  it('refuses to disconnect the last way to sign in, and allows it once a password exists', async () => {
    const http = server.session();
    const result = await runSocialFlow(http);
    const id = bootstrapOf(result.callbackData).user!.id as number;
    await http.get('/api/v1/health');
    const refused = await http.post('/secure/auth/social/google/disconnect');
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual({
      message: 'Set a password before disconnecting Google: it is your only way to sign in at the moment.',
    });
    expect(await server.app.kit.knex('social_profiles').where({ user_id: id })).toHaveLength(1);

    // With a password there is another way in, so the provider may go.
    const { hashPassword } = await import('../../security/password-hasher');
    await server.app.kit
      .knex('users')
      .where({ id })
      .update({ password: await hashPassword(PASSWORD) });
    const allowed = await http.post('/secure/auth/social/google/disconnect');
    expect(allowed.status).toBe(200);
    expect(await server.app.kit.knex('social_profiles').where({ user_id: id })).toHaveLength(0);
  });

  it('disconnect requires a signed-in user and a known service', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    expect((await http.post('/secure/auth/social/google/disconnect')).status).toBe(401);
    await createTestUser(server.app, { email: `svc${counter}@example.com`, password: PASSWORD });
    await loginOverHttp(http, `svc${counter}@example.com`, PASSWORD);
    const unknown = await http.post('/secure/auth/social/myspace/disconnect');
    expect(unknown.status).toBe(422);
  });

  it('query parameters on the popup URL cannot override the redirect URI or the provider endpoints', async () => {
    const start = await server
      .session()
      .get(
        '/secure/auth/social/google/login?redirect_uri=https%3A%2F%2Fevil.example%2Fcb&authorize_url=https%3A%2F%2Fevil.example&state=chosen',
      );
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location')!);
    expect(location.origin).toBe(provider.url);
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${server.url}/secure/auth/social/google/callback`,
    );
    expect(location.searchParams.get('state')).not.toBe('chosen');
  });

  it('the connect popup needs a signed-in user', async () => {
    const response = await server.session().get('/secure/auth/social/google/connect');
    expect(response.status).toBe(401);
  });

  it('connect guesses share the login rate limit', async () => {
    await createTestUser(server.app, { email: provider.user.email!, password: PASSWORD });
    const http = server.session();
    expect((await runSocialFlow(http)).status).toBe('REQUEST_PASSWORD');
    await http.get('/api/v1/health');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await http.post('/secure/auth/social/connect', { password: `wrong ${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
  });
});
