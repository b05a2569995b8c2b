import {
  bootstrapOf,
  createTestUser,
  currentUser,
  loginOverHttp,
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'correct horse battery';

describe.each(testDatabases())('POST auth/register on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(database, { modules: [accounts()], mail: { url: smtp.url } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    const { settings } = server.app.kit;
    await settings.set('registration.disable', false);
    await settings.set('registration.policies', []);
    await settings.set('require_email_confirmation', false);
  });

  const users = async () => Number((await server.app.kit.knex('users').count({ n: '*' }))[0]!.n);
  const register = async (body: Record<string, unknown>) => {
    const http = server.session();
    await http.get('/api/v1/health');
    return { http, response: await http.post('/auth/register', body) };
  };

  it('creates the account, signs it in and answers the bootstrap data', async () => {
    const { http, response } = await register({
      email: '  Ada.Lovelace@Example.COM ',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    expect(response.data).toMatchObject({ status: 'success' });
    const { user } = bootstrapOf(response.data);
    expect(user).toMatchObject({
      email: 'ada.lovelace@example.com',
      display_name: 'ada.lovelace',
      roles: [{ name: 'users' }],
      permissions: [],
      subscriptions: [],
      two_factor_confirmed_at: null,
      two_factor_recovery_codes: [],
      email_verified_at: null,
    });
    expect(user).not.toHaveProperty('password');
    expect(http.cookies.get('backline_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The session is real: the next request knows the user.
    expect(await currentUser(http)).toMatchObject({ email: 'ada.lovelace@example.com' });
    const row = await server.app.kit.knex('users').where({ email: 'ada.lovelace@example.com' }).first();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 422 with field errors for missing and malformed fields, and writes nothing', async () => {
    const before = await users();
    const empty = (await register({})).response;
    expect(empty.status).toBe(422);
    expect(empty.data).toMatchObject({
      errors: {
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        password_confirmation: ['The password confirmation field is required.'],
      },
    });
    const bad = (
      await register({ email: 'not-an-address', password: 'short', password_confirmation: 'short' })
    ).response;
    expect(bad.status).toBe(422);
    expect(bad.data).toMatchObject({
      errors: {
        email: ['The email field must be a valid email address.'],
        password: ['The password field must be at least 8 characters.'],
      },
    });
    const long = 'x'.repeat(129);
    const tooLong = (
      await register({ email: 'long@example.com', password: long, password_confirmation: long })
    ).response;
    expect(tooLong.data).toMatchObject({
      errors: { password: ['The password field must not be greater than 128 characters.'] },
    });
    const mismatch = (
      await register({
        email: 'mismatch@example.com',
        password: PASSWORD,
        password_confirmation: `${PASSWORD}!`,
      })
    ).response;
    expect(mismatch.status).toBe(422);
    expect(mismatch.data).toMatchObject({
      errors: { password_confirmation: ['The password field confirmation does not match.'] },
    });
    expect(await users()).toBe(before);
  });

  it('accepts 8 and 128 characters, with no composition rules', async () => {
    for (const [email, password] of [
      ['eight@example.com', 'aaaaaaaa'],
      ['max@example.com', 'ä'.repeat(128)],
    ] as const) {
      const { response } = await register({ email, password, password_confirmation: password });
      expect(response.status, JSON.stringify(response.data)).toBe(200);
    }
  });

  it('refuses a taken address, including its case and Unicode look-alikes', async () => {
    await createTestUser(server.app, { email: 'taken@example.com', password: PASSWORD });
    const before = await users();
    for (const email of ['taken@example.com', 'TAKEN@example.com', 'ｔａｋｅｎ@ｅｘａｍｐｌｅ.ｃｏｍ']) {
      const { response } = await register({ email, password: PASSWORD, password_confirmation: PASSWORD });
      expect(response.status).toBe(422);
      expect(response.data).toMatchObject({ errors: { email: ['The email has already been taken.'] } });
    }
    expect(await users()).toBe(before);
  });

  it('requires one accepted checkbox per registration policy', async () => {
    await server.app.kit.settings.set('registration.policies', [
      { id: 'terms', label: 'Terms of Service', action: '/pages/terms' },
      { id: 'privacy', label: 'Privacy Policy', action: '/pages/privacy' },
    ]);
    const before = await users();
    const base = { email: 'policy@example.com', password: PASSWORD, password_confirmation: PASSWORD };
    const missing = (await register({ ...base, privacy: true })).response;
    expect(missing.status).toBe(422);
    expect(missing.data).toEqual({
      message: 'You must accept the Terms of Service.',
      errors: { terms: ['You must accept the Terms of Service.'] },
    });
    const declined = (await register({ ...base, terms: false, privacy: 'true' })).response;
    expect(declined.status).toBe(422);
    expect(await users()).toBe(before);
    const accepted = (await register({ ...base, terms: true, privacy: true })).response;
    expect(accepted.status).toBe(200);
  });

  it('is refused while registration is disabled', async () => {
    await server.app.kit.settings.set('registration.disable', true);
    const before = await users();
    const { http, response } = await register({
      email: 'closed@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(response.status).toBe(403);
    expect(response.data).toEqual({ message: 'Registration is disabled.' });
    expect(http.cookies.has('backline_session')).toBe(false);
    expect(await users()).toBe(before);
  });

  it('with email confirmation on, answers needs_email_verification and mails a link that verifies the address', async () => {
    await server.app.kit.settings.set('require_email_confirmation', true);
    const { http, response } = await register({
      email: 'confirm.me@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      status: 'needs_email_verification',
      message: expect.stringContaining('verify your address'),
    });
    expect(bootstrapOf(response.data).user).toBeNull();
    expect(http.cookies.has('backline_session')).toBe(false);

    const mail = await smtp.waitFor((m) => m.to.includes('confirm.me@example.com'));
    expect(mail.subject).toBe('Verify your email address for Backline');
    expect(mail.html).toContain('Backline');
    const link = mail.links.find((url) => url.includes('/auth/email/verify/'));
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(server.url);
    // Following the link as a browser would: it verifies, then sends the browser to the site.
    const followed = await fetch(link!, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(`${server.url}/?email_verified=1`);
    const row = await server.app.kit.knex('users').where({ email: 'confirm.me@example.com' }).first();
    expect(row.email_verified_at).not.toBeNull();
    const login = await loginOverHttp(server.session(), 'confirm.me@example.com', PASSWORD);
    expect(bootstrapOf(login.data).user).toMatchObject({ email_verified_at: expect.any(String) });
  });

  it('with email confirmation on, answers a taken address exactly like a new one and tells its owner', async () => {
    await server.app.kit.settings.set('require_email_confirmation', true);
    await createTestUser(server.app, { email: 'owner@example.com', password: PASSWORD });
    const before = await users();
    const taken = (
      await register({ email: 'owner@example.com', password: PASSWORD, password_confirmation: PASSWORD })
    ).response;
    const fresh = (
      await register({ email: 'newcomer@example.com', password: PASSWORD, password_confirmation: PASSWORD })
    ).response;
    expect(taken.status).toBe(fresh.status);
    expect(taken.data).toEqual(fresh.data);
    expect(await users()).toBe(before + 1);
    const notice = await smtp.waitFor((m) => m.to.includes('owner@example.com'));
    expect(notice.subject).toBe('You already have a Backline account');
    expect(notice.links.some((url) => url.includes('/password/reset/'))).toBe(true);
  });
});
