import {
  createTestUser,
  currentUser,
  loginOverHttp,
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { FORGOT_PASSWORD_MESSAGE } from './index';

const PASSWORD = 'babbage-engine-1837';
const NEW_PASSWORD = 'analytical-engine-1843';

describe.each(testDatabases())('passwords on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(database, {
      modules: [accounts()],
      mail: { url: smtp.url },
      baseUrl: 'https://music.example.test',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const guest = async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    return http;
  };
  const signedIn = async (email: string, password = PASSWORD) => {
    const http = server.session();
    const response = await loginOverHttp(http, email, password);
    expect(response.status).toBe(200);
    return http;
  };
  /** Follows the mailed link the way the reset page does: token from the path, email from the query. */
  const resetLinkParts = (link: string) => {
    const url = new URL(link);
    return { token: url.pathname.split('/').pop()!, email: url.searchParams.get('email')! };
  };

  describe('POST auth/forgot-password and auth/reset-password', () => {
    it('mails a reset link that sets a new password', async () => {
      await createTestUser(server.app, { email: 'reset@example.com', password: PASSWORD });
      const http = await guest();
      const forgot = await http.post('/auth/forgot-password', { email: 'Reset@Example.com' });
      expect(forgot.status).toBe(200);
      expect(forgot.data).toEqual({ message: FORGOT_PASSWORD_MESSAGE });

      const mail = await smtp.waitFor((m) => m.to.includes('reset@example.com'));
      expect(mail.subject).toBe('Reset your Backline password');
      expect(mail.from).toBe('no-reply@music.example.test');
      expect(mail.html).toContain('Reset password');
      const link = mail.links.find((url) => url.includes('/password/reset/'))!;
      expect(link).toMatch(
        /^https:\/\/music\.example\.test\/password\/reset\/[A-Za-z0-9_-]{43}\?email=reset%40example\.com$/,
      );

      const reset = await http.post('/auth/reset-password', {
        ...resetLinkParts(link),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);
      expect(reset.data).toEqual({ message: 'Your password has been reset!' });
      expect((await loginOverHttp(server.session(), 'reset@example.com', PASSWORD)).status).toBe(422);
      expect((await loginOverHttp(server.session(), 'reset@example.com', NEW_PASSWORD)).status).toBe(200);
    });

    it('answers an unknown address exactly like a known one, and mails nothing', async () => {
      await createTestUser(server.app, { email: 'known@example.com', password: PASSWORD });
      const http = await guest();
      const unknown = await http.post('/auth/forgot-password', { email: 'stranger@example.com' });
      const known = await http.post('/auth/forgot-password', { email: 'known@example.com' });
      expect(unknown.status).toBe(known.status);
      expect(unknown.data).toEqual(known.data);
      await smtp.waitFor((m) => m.to.includes('known@example.com'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.to('stranger@example.com')).toEqual([]);
    });

    it('answers 422 for a missing or malformed address', async () => {
      const http = await guest();
      expect((await http.post('/auth/forgot-password', {})).data).toMatchObject({
        errors: { email: ['The email field is required.'] },
      });
      const malformed = await http.post('/auth/forgot-password', { email: 'nope' });
      expect(malformed.status).toBe(422);
    });

    it('refuses a wrong token, a wrong address and bad passwords, changing nothing', async () => {
      await createTestUser(server.app, { email: 'careful@example.com', password: PASSWORD });
      const http = await guest();
      await http.post('/auth/forgot-password', { email: 'careful@example.com' });
      const mail = await smtp.waitFor((m) => m.to.includes('careful@example.com'));
      const { token, email } = resetLinkParts(mail.links.find((url) => url.includes('/password/reset/'))!);
      const body = { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

      const invalid = {
        message: 'This password reset token is invalid.',
        errors: { email: ['This password reset token is invalid.'] },
      };
      const wrongToken = await http.post('/auth/reset-password', {
        ...body,
        token: `${token.slice(0, -1)}x`,
      });
      expect(wrongToken.status).toBe(422);
      expect(wrongToken.data).toEqual(invalid);
      const wrongEmail = await http.post('/auth/reset-password', { ...body, email: 'known@example.com' });
      expect(wrongEmail.data).toEqual(invalid);
      const short = await http.post('/auth/reset-password', {
        ...body,
        password: 'short',
        password_confirmation: 'short',
      });
      expect(short.data).toMatchObject({
        errors: { password: ['The password field must be at least 8 characters.'] },
      });
      const mismatch = await http.post('/auth/reset-password', {
        ...body,
        password_confirmation: 'something else',
      });
      expect(mismatch.data).toMatchObject({
        errors: { password_confirmation: ['The password field confirmation does not match.'] },
      });
      const missing = await http.post('/auth/reset-password', {});
      expect(Object.keys((missing.data as { errors: object }).errors).sort()).toEqual([
        'email',
        'password',
        'password_confirmation',
        'token',
      ]);
      // None of that spent the token or changed the password.
      expect((await loginOverHttp(server.session(), 'careful@example.com', PASSWORD)).status).toBe(200);
      expect((await http.post('/auth/reset-password', body)).status).toBe(200);
    });
  });

  describe('PUT auth/user/password', () => {
    it('changes the password and keeps this browser signed in under a new session id', async () => {
      await createTestUser(server.app, { email: 'change@example.com', password: PASSWORD });
      const http = await signedIn('change@example.com');
      const before = http.cookies.get('backline_session');
      const response = await http.request('PUT', '/auth/user/password', {
        json: { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(response.status).toBe(200);
      expect(http.cookies.get('backline_session')).not.toBe(before);
      expect(await currentUser(http)).toMatchObject({ email: 'change@example.com' });
      expect((await loginOverHttp(server.session(), 'change@example.com', NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses a wrong current password, bad new ones and visitors', async () => {
      await createTestUser(server.app, { email: 'nochange@example.com', password: PASSWORD });
      const http = await signedIn('nochange@example.com');
      const put = (json: unknown) => http.request('PUT', '/auth/user/password', { json });
      const wrong = await put({
        current_password: 'not-it-at-all',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(422);
      expect(wrong.data).toMatchObject({ errors: { current_password: ['The password is incorrect.'] } });
      const short = await put({
        current_password: PASSWORD,
        password: '1234567',
        password_confirmation: '1234567',
      });
      expect(short.data).toMatchObject({
        errors: { password: ['The password field must be at least 8 characters.'] },
      });
      const missing = await put({});
      expect(Object.keys((missing.data as { errors: object }).errors).sort()).toEqual([
        'current_password',
        'password',
        'password_confirmation',
      ]);
      const visitor = await (await guest()).request('PUT', '/auth/user/password', {
        json: { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(visitor.status).toBe(401);
      expect((await loginOverHttp(server.session(), 'nochange@example.com', PASSWORD)).status).toBe(200);
    });
  });

  describe('password confirmation', () => {
    it('reports the status and confirms with the right password only', async () => {
      await createTestUser(server.app, { email: 'confirm@example.com', password: PASSWORD });
      const http = await signedIn('confirm@example.com');
      const status = async (seconds?: number) =>
        (
          await http.get(
            `/auth/user/confirmed-password-status${seconds === undefined ? '' : `?seconds=${seconds}`}`,
          )
        ).data;
      expect(await status(9000)).toEqual({ confirmed: false });

      const wrong = await http.post('/auth/user/confirm-password', { password: 'not the password' });
      expect(wrong.status).toBe(422);
      expect(wrong.data).toMatchObject({ errors: { password: ['The password is incorrect.'] } });
      expect(await status(9000)).toEqual({ confirmed: false });
      const missing = await http.post('/auth/user/confirm-password', {});
      expect(missing.data).toMatchObject({ errors: { password: ['The password field is required.'] } });

      const right = await http.post('/auth/user/confirm-password', { password: PASSWORD });
      expect(right.status).toBe(200);
      expect(await status(9000)).toEqual({ confirmed: true });
      expect(await status()).toEqual({ confirmed: true });
      expect(await status(0)).toEqual({ confirmed: false });
      const bad = await http.get('/auth/user/confirmed-password-status?seconds=soon');
      expect(bad.status).toBe(422);
      expect(bad.data).toMatchObject({ errors: { seconds: ['The seconds field must be a number.'] } });
    });

    it('is for signed-in users only', async () => {
      const http = await guest();
      expect((await http.get('/auth/user/confirmed-password-status?seconds=9000')).status).toBe(401);
      expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(401);
    });
  });
});
