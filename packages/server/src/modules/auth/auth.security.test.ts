import {
  bootstrapOf,
  createTestUser,
  currentUser,
  HttpSession,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChecks } from '../../security/password-hasher';
import { accounts } from '../accounts';
import { hashSessionToken } from '../sessions/session-store';

const PASSWORD = 'hopper-cobol-1959';
const FAILED = 'These credentials do not match our records.';

/** A browser at a given public IP (the server trusts X-Forwarded-For here, as behind a proxy). */
class Browser extends HttpSession {
  constructor(baseUrl: string, ip: string) {
    super(baseUrl);
    const request = this.request.bind(this);
    this.request = (method, path, options = {}) =>
      request(method, path, { ...options, headers: { 'X-Forwarded-For': ip, ...options.headers } });
  }
}

describe.each(testDatabases())('auth defences on $name', (database) => {
  let server: RunningServer;
  let ipCounter = 10;
  const browser = () => new Browser(server.url, `203.0.113.${ipCounter++}`);
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()], proxy: true });
  });
  afterAll(() => server?.close());

  const whoAmI = currentUser;

  describe('brute force', () => {
    it('locks a login after 5 attempts a minute, with the same message as a wrong password and Retry-After', async () => {
      await createTestUser(server.app, { email: 'target@example.com', password: PASSWORD });
      const http = browser();
      for (let i = 0; i < 5; i++) {
        const wrong = await loginOverHttp(http, 'target@example.com', `guess-${i}`);
        expect(wrong.status).toBe(422);
      }
      const locked = await loginOverHttp(http, 'target@example.com', PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.data).toEqual({ message: FAILED, errors: { email: [FAILED] } });
      const retry = Number(locked.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      // The lock belongs to this address from this IP: the owner elsewhere still gets in.
      expect((await loginOverHttp(browser(), 'target@example.com', PASSWORD)).status).toBe(200);
    });

    it('counts case variants and Unicode look-alikes of an address as the same address', async () => {
      await createTestUser(server.app, { email: 'victim@example.com', password: PASSWORD });
      const http = browser();
      for (const email of [
        'victim@example.com',
        'Victim@Example.com',
        'VICTIM@EXAMPLE.COM',
        'ｖｉｃｔｉｍ@example.com',
        'victim@ｅｘａｍｐｌｅ.ｃｏｍ',
      ]) {
        expect((await loginOverHttp(http, email, 'wrong-password')).status).toBe(422);
      }
      // Full-width letters NFKC-fold into the same address: still the same counter, so still locked.
      const lookalike = await loginOverHttp(http, 'ＶＩＣＴＩＭ＠ＥＸＡＭＰＬＥ．ＣＯＭ', PASSWORD);
      expect(lookalike.status).toBe(429);
    });

    it('counts parallel guesses before checking them, so a burst gets no more than 5', async () => {
      await createTestUser(server.app, { email: 'burst@example.com', password: PASSWORD });
      const http = browser();
      await http.get('/api/v1/health');
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          http.post('/auth/login', { email: 'burst@example.com', password: `p-${i}-xxxx` }),
        ),
      );
      expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    });
  });

  describe('session rotation', () => {
    it('gives the browser a new session id at login, and the one it had before opens nothing', async () => {
      await createTestUser(server.app, { email: 'rotate@example.com', password: PASSWORD });
      const http = browser();
      await loginOverHttp(http, 'rotate@example.com', PASSWORD);
      const first = http.cookies.get('backline_session')!;
      await loginOverHttp(http, 'rotate@example.com', PASSWORD);
      const second = http.cookies.get('backline_session')!;
      expect(second).not.toBe(first);
      const replay = browser();
      replay.cookies.set('backline_session', first);
      expect(await whoAmI(replay)).toBeNull();
      expect(await whoAmI(http)).toMatchObject({ email: 'rotate@example.com' });
    });

    it('ignores a session id planted before login (fixation)', async () => {
      await createTestUser(server.app, { email: 'fixation@example.com', password: PASSWORD });
      const planted = 'A'.repeat(43);
      const http = browser();
      http.cookies.set('backline_session', planted);
      await loginOverHttp(http, 'fixation@example.com', PASSWORD);
      expect(http.cookies.get('backline_session')).not.toBe(planted);
      const attacker = browser();
      attacker.cookies.set('backline_session', planted);
      expect(await whoAmI(attacker)).toBeNull();
    });

    it('holds at least 128 bits and stores only a hash of it', async () => {
      await createTestUser(server.app, { email: 'entropy@example.com', password: PASSWORD });
      const http = browser();
      await loginOverHttp(http, 'entropy@example.com', PASSWORD);
      const token = http.cookies.get('backline_session')!;
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      const rows = await server.app.kit.knex('sessions').select('token_hash');
      expect(rows.some((row) => row.token_hash === token)).toBe(false);
      expect(rows.some((row) => row.token_hash === hashSessionToken(token))).toBe(true);
    });
  });

  describe('logout invalidation', () => {
    it('makes the session cookie worthless, even replayed by someone who copied it', async () => {
      await createTestUser(server.app, { email: 'leaving@example.com', password: PASSWORD });
      const http = browser();
      await loginOverHttp(http, 'leaving@example.com', PASSWORD);
      const copied = http.cookies.get('backline_session')!;
      expect((await http.post('/auth/logout')).status).toBe(200);
      const thief = browser();
      thief.cookies.set('backline_session', copied);
      expect(await whoAmI(thief)).toBeNull();
      expect((await thief.get('/api/v1/user-sessions')).status).toBe(401);
    });
  });

  describe('XSRF', () => {
    it('refuses login, logout and a password change without the header, changing nothing', async () => {
      await createTestUser(server.app, { email: 'xsrf@example.com', password: PASSWORD });
      const http = browser();
      await http.get('/api/v1/health');
      const forgedLogin = await http.post(
        '/auth/login',
        { email: 'xsrf@example.com', password: PASSWORD },
        { xsrf: false },
      );
      expect(forgedLogin.status).toBe(419);
      expect(http.cookies.has('backline_session')).toBe(false);

      await loginOverHttp(http, 'xsrf@example.com', PASSWORD);
      const forgedLogout = await http.post('/auth/logout', {}, { xsrf: false });
      expect(forgedLogout.status).toBe(419);
      expect(await whoAmI(http)).toMatchObject({ email: 'xsrf@example.com' });

      const forgedChange = await http.request('PUT', '/auth/user/password', {
        json: {
          current_password: PASSWORD,
          password: 'attacker-chosen',
          password_confirmation: 'attacker-chosen',
        },
        xsrf: false,
      });
      expect(forgedChange.status).toBe(419);
      expect((await loginOverHttp(browser(), 'xsrf@example.com', PASSWORD)).status).toBe(200);
    });
  });

  describe('cookie flags', () => {
    const sessionCookie = (http: HttpSession) =>
      http.lastSetCookies.find((c) => c.startsWith('backline_session='))!;

    it('is HttpOnly and SameSite=Lax, a browser-session cookie unless remembered, then 30 days', async () => {
      await createTestUser(server.app, { email: 'flags@example.com', password: PASSWORD });
      const http = browser();
      await loginOverHttp(http, 'flags@example.com', PASSWORD);
      const plain = sessionCookie(http);
      expect(plain).toMatch(/;\s*httponly/i);
      expect(plain).toMatch(/;\s*samesite=lax/i);
      expect(plain).toMatch(/;\s*path=\//i);
      expect(plain).not.toMatch(/max-age|expires/i);
      expect(plain).not.toMatch(/;\s*secure/i);

      await loginOverHttp(http, 'flags@example.com', PASSWORD, { remember: true });
      const remembered = sessionCookie(http);
      expect(remembered).toMatch(/;\s*httponly/i);
      const expires = Date.parse(/expires=([^;]+)/i.exec(remembered)![1]!);
      expect(expires - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
      expect(expires - Date.now()).toBeLessThan(30.1 * 24 * 3600 * 1000);
    });

    it('is Secure when the site is served over https', async () => {
      await createTestUser(server.app, { email: 'tls@example.com', password: PASSWORD });
      const http = browser();
      await http.get('/api/v1/health', { headers: { 'X-Forwarded-Proto': 'https' } });
      const response = await http.request('POST', '/auth/login', {
        json: { email: 'tls@example.com', password: PASSWORD },
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(response.status).toBe(200);
      expect(sessionCookie(http)).toMatch(/;\s*secure/i);
      expect(sessionCookie(http)).toMatch(/;\s*httponly/i);
    });
  });

  describe('idle expiry', () => {
    it('ends a session without "remember me" after 120 idle minutes, and activity keeps it alive', async () => {
      await createTestUser(server.app, { email: 'idle@example.com', password: PASSWORD });
      const { kit } = server.app;
      const realNow = kit.now;
      let offset = 0;
      kit.now = () => new Date(Date.now() + offset);
      try {
        const http = browser();
        await loginOverHttp(http, 'idle@example.com', PASSWORD);
        offset = 100 * 60_000;
        expect(await whoAmI(http)).toMatchObject({ email: 'idle@example.com' });
        offset = 200 * 60_000; // 100 minutes after the last activity
        expect(await whoAmI(http)).toMatchObject({ email: 'idle@example.com' });
        offset = 321 * 60_000; // 121 minutes idle
        expect(await whoAmI(http)).toBeNull();

        const remembered = browser();
        offset = 0;
        await loginOverHttp(remembered, 'idle@example.com', PASSWORD, { remember: true });
        offset = 29 * 24 * 3600_000;
        expect(await whoAmI(remembered)).toMatchObject({ email: 'idle@example.com' });
        offset = 31 * 24 * 3600_000;
        expect(await whoAmI(remembered)).toBeNull();
      } finally {
        kit.now = realNow;
      }
    });
  });

  describe('enumeration', () => {
    it('does the same password work for an unknown address as for a wrong password', async () => {
      await createTestUser(server.app, { email: 'timing@example.com', password: PASSWORD });
      // Timing is what leaks here, but tests never time (the machine is shared): they count the argon2
      // checks instead, the work that dominates a login's time. Without the dummy hash an unknown address
      // would run none and answer tens of milliseconds sooner. `pnpm bench enumeration` measures the times.
      const checksFor = async (email: string) => {
        const before = passwordChecks();
        const answer = await loginOverHttp(browser(), email, 'wrong-password');
        return { checks: passwordChecks() - before, status: answer.status, body: answer.data };
      };
      const known = await checksFor('timing@example.com');
      const unknown = await checksFor('no-one@example.com');
      expect(known.checks).toBe(1);
      expect(unknown).toEqual(known);
    });
  });

  it('signs in a user whose bootstrap data then shows them', async () => {
    await createTestUser(server.app, { email: 'plain@example.com', password: PASSWORD });
    const response = await loginOverHttp(browser(), 'plain@example.com', PASSWORD);
    expect(bootstrapOf(response.data).user).toMatchObject({ email: 'plain@example.com' });
  });
});
