import {
  createTestUser,
  currentUser,
  type HttpSession,
  loginOverHttp,
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { createResetToken, FORGOT_PASSWORD_MESSAGE } from './index';

const PASSWORD = 'hamilton-apollo-1969';
const NEW_PASSWORD = 'margaret-guidance-11';

describe.each(testDatabases())('password defences on $name', (database) => {
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

  const guest = async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    return http;
  };
  // Remembered, so moving the clock by hours does not idle the session out.
  const signedIn = async (email: string, password = PASSWORD) => {
    const http = server.session();
    expect((await loginOverHttp(http, email, password, { remember: true })).status).toBe(200);
    return http;
  };
  const mailedReset = async (email: string) => {
    await (await guest()).post('/auth/forgot-password', { email });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const url = new URL(mail.links.find((link) => link.includes('/password/reset/'))!);
    return { token: url.pathname.split('/').pop()!, email: url.searchParams.get('email')! };
  };
  const reset = async (parts: { token: string; email: string }, password = NEW_PASSWORD) =>
    (await guest()).post('/auth/reset-password', { ...parts, password, password_confirmation: password });
  const withClock = async (offsetMs: number, run: () => Promise<void>) => {
    const { kit } = server.app;
    const real = kit.now;
    kit.now = () => new Date(Date.now() + offsetMs);
    try {
      await run();
    } finally {
      kit.now = real;
    }
  };

  describe('reset tokens', () => {
    it('work once: a second use of the same link is refused and changes nothing', async () => {
      await createTestUser(server.app, { email: 'once@example.com', password: PASSWORD });
      const link = await mailedReset('once@example.com');
      expect((await reset(link)).status).toBe(200);
      const replay = await reset(link, 'attacker-password-1');
      expect(replay.status).toBe(422);
      expect(replay.data).toMatchObject({ errors: { email: ['This password reset token is invalid.'] } });
      expect((await loginOverHttp(server.session(), 'once@example.com', NEW_PASSWORD)).status).toBe(200);
    });

    it('work once even when two requests race with one token', async () => {
      await createTestUser(server.app, { email: 'race@example.com', password: PASSWORD });
      const link = await mailedReset('race@example.com');
      const answers = await Promise.all([reset(link, 'first-password-1'), reset(link, 'second-password-2')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    });

    it('expire after 60 minutes', async () => {
      const user = await createTestUser(server.app, { email: 'late@example.com', password: PASSWORD });
      const token = await createResetToken(server.app.kit, user.id);
      await withClock(61 * 60_000, async () => {
        const late = await reset({ token, email: 'late@example.com' });
        expect(late.status).toBe(422);
        expect(late.data).toMatchObject({ errors: { email: ['This password reset token is invalid.'] } });
      });
      expect((await loginOverHttp(server.session(), 'late@example.com', PASSWORD)).status).toBe(200);
      const fresh = await createResetToken(server.app.kit, user.id);
      await withClock(59 * 60_000, async () => {
        expect((await reset({ token: fresh, email: 'late@example.com' })).status).toBe(200);
      });
    });

    it('are stored hashed, and a newer link replaces an older one', async () => {
      const user = await createTestUser(server.app, { email: 'hashed@example.com', password: PASSWORD });
      const older = await createResetToken(server.app.kit, user.id);
      const newer = await createResetToken(server.app.kit, user.id);
      const rows = await server.app.kit.knex('password_reset_tokens').where({ user_id: user.id });
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(newer);
      expect((await reset({ token: older, email: 'hashed@example.com' })).status).toBe(422);
      expect((await reset({ token: newer, email: 'hashed@example.com' })).status).toBe(200);
    });
  });

  describe('forgot-password enumeration', () => {
    it('answers the same for registered and unknown addresses', async () => {
      await createTestUser(server.app, { email: 'member-7@example.com', password: PASSWORD });
      const http = await guest();
      const known = await http.post('/auth/forgot-password', { email: 'member-7@example.com' });
      const unknown = await http.post('/auth/forgot-password', { email: 'ghost-7@example.com' });
      expect(unknown.status).toBe(known.status);
      expect(unknown.headers.get('content-length')).toBe(known.headers.get('content-length'));
      expect(unknown.data).toEqual(known.data);
      expect(known.data).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      // The handler answers before it looks the address up (the lookup, token and mail run after the
      // answer), so the time cannot differ either; tests never time, `pnpm bench enumeration` measures it.
    });

    it('limits reset mails to 3 a minute per address, whether or not it is registered', async () => {
      await createTestUser(server.app, { email: 'flood@example.com', password: PASSWORD });
      const http = await guest();
      for (const email of ['flood@example.com', 'no-flood@example.com']) {
        for (let i = 0; i < 3; i++)
          expect((await http.post('/auth/forgot-password', { email })).status).toBe(200);
        const limited = await http.post('/auth/forgot-password', { email: email.toUpperCase() });
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });
  });

  describe('other sessions', () => {
    it('end when the password is changed; this browser stays signed in', async () => {
      await createTestUser(server.app, { email: 'change@example.com', password: PASSWORD });
      const laptop = await signedIn('change@example.com');
      const phone = await signedIn('change@example.com');
      const stolen = phone.cookies.get('backline_session')!;
      const change = await laptop.request('PUT', '/auth/user/password', {
        json: { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(change.status).toBe(200);
      expect(await currentUser(phone)).toBeNull();
      expect(await currentUser(laptop)).toMatchObject({ email: 'change@example.com' });
      const thief = server.session();
      thief.cookies.set('backline_session', stolen);
      expect(await currentUser(thief)).toBeNull();
    });

    it('all end when the password is reset', async () => {
      await createTestUser(server.app, { email: 'lost@example.com', password: PASSWORD });
      const browsers: HttpSession[] = [
        await signedIn('lost@example.com'),
        await signedIn('lost@example.com'),
      ];
      expect((await reset(await mailedReset('lost@example.com'))).status).toBe(200);
      for (const http of browsers) expect(await currentUser(http)).toBeNull();
      const left = await server.app.kit
        .knex('sessions')
        .join('users', 'users.id', 'sessions.user_id')
        .where({ email: 'lost@example.com' });
      expect(left).toEqual([]);
    });
  });

  describe('confirm-password window', () => {
    it('opens sensitive actions for 9000 seconds after a confirmation, and not before or after', async () => {
      await createTestUser(server.app, { email: 'window@example.com', password: PASSWORD });
      const http = await signedIn('window@example.com');
      const sensitive = () => http.post('/auth/user/two-factor-recovery-codes');
      const enable = () => http.post('/auth/user/two-factor-authentication');
      const logoutOther = () => http.post('/api/v1/user-sessions/logout-other', { password: PASSWORD });

      for (const attempt of [enable, logoutOther, sensitive]) {
        const refused = await attempt();
        expect(refused.status).toBe(423);
        expect(refused.data).toEqual({ message: 'Password confirmation required.' });
      }
      expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
      expect((await enable()).status).toBe(200);
      await withClock(8990_000, async () => {
        expect((await http.get('/auth/user/confirmed-password-status?seconds=9000')).data).toEqual({
          confirmed: true,
        });
        expect((await sensitive()).status).toBe(200);
      });
      await withClock(9001_000, async () => {
        expect((await http.get('/auth/user/confirmed-password-status?seconds=9000')).data).toEqual({
          confirmed: false,
        });
        // Asking for a longer window does not stretch the server's.
        expect((await http.get('/auth/user/confirmed-password-status?seconds=99999')).data).toEqual({
          confirmed: false,
        });
        expect((await sensitive()).status).toBe(423);
        expect((await http.request('DELETE', '/auth/user/two-factor-authentication')).status).toBe(423);
        expect((await logoutOther()).status).toBe(423);
      });
    });

    it('belongs to one session: another browser of the same user is not confirmed', async () => {
      await createTestUser(server.app, { email: 'per-session@example.com', password: PASSWORD });
      const first = await signedIn('per-session@example.com');
      const second = await signedIn('per-session@example.com');
      await first.post('/auth/user/confirm-password', { password: PASSWORD });
      expect((await second.post('/auth/user/two-factor-authentication')).status).toBe(423);
    });

    it('limits password checks to 5 a minute per user', async () => {
      await createTestUser(server.app, { email: 'guessing@example.com', password: PASSWORD });
      const http = await signedIn('guessing@example.com');
      for (let i = 0; i < 5; i++)
        expect((await http.post('/auth/user/confirm-password', { password: `guess-${i}-xx` })).status).toBe(
          422,
        );
      const limited = await http.post('/auth/user/confirm-password', { password: PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });
  });
});
