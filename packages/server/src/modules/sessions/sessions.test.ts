import {
  createTestUser,
  currentUser,
  HttpSession,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'berners-lee-www-1989';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

interface SessionAnswer {
  id: number;
  platform: string | null;
  browser: string | null;
  device_type: string;
  city: string | null;
  country: string | null;
  ip_address: string;
  token: string | null;
  last_active: string;
  is_current_device: boolean;
}

/** A browser with a user agent, at a public IP (the server trusts X-Forwarded-For here). */
function device(baseUrl: string, userAgent: string, ip: string): HttpSession {
  const http = new HttpSession(baseUrl);
  const request = http.request.bind(http);
  http.request = (method, path, options = {}) =>
    request(method, path, {
      ...options,
      headers: { 'User-Agent': userAgent, 'X-Forwarded-For': ip, ...options.headers },
    });
  return http;
}

describe.each(testDatabases())('sessions on $name', (database) => {
  let server: RunningServer;
  let offset = 0;
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts()],
      proxy: true,
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(() => server?.close());

  const signIn = async (http: HttpSession, email: string) => {
    expect((await loginOverHttp(http, email, PASSWORD, { remember: true })).status).toBe(200);
    return http;
  };

  describe('GET user-sessions', () => {
    it('lists the user’s sessions with device, place and which one is this browser', async () => {
      await createTestUser(server.app, { email: 'devices@example.com', password: PASSWORD });
      await createTestUser(server.app, { email: 'someone-else@example.com', password: PASSWORD });
      const phone = await signIn(device(server.url, IPHONE, '81.2.69.160'), 'devices@example.com');
      offset += 1000;
      const tablet = await signIn(device(server.url, IPAD, '8.8.8.8'), 'devices@example.com');
      offset += 1000;
      const desktop = await signIn(device(server.url, DESKTOP, '10.0.0.7'), 'devices@example.com');
      await signIn(device(server.url, DESKTOP, '10.0.0.8'), 'someone-else@example.com');

      const response = await desktop.get('/api/v1/user-sessions');
      expect(response.status).toBe(200);
      const { sessions } = response.data as { sessions: SessionAnswer[] };
      expect(sessions).toHaveLength(3);
      expect(sessions[0]).toEqual({
        id: expect.any(Number),
        platform: 'Linux',
        browser: 'Chrome',
        device_type: 'other',
        city: null,
        country: null,
        ip_address: '10.0.0.7',
        token: null,
        last_active: expect.any(String),
        is_current_device: true,
      });
      expect(sessions[1]).toMatchObject({
        platform: 'iOS',
        browser: 'Mobile Safari',
        device_type: 'tablet',
        country: 'US',
        ip_address: '8.8.8.8',
        is_current_device: false,
      });
      expect(sessions[2]).toMatchObject({
        device_type: 'mobile',
        city: 'St Albans',
        country: 'GB',
        ip_address: '81.2.69.160',
        is_current_device: false,
      });
      const fromPhone = ((await phone.get('/api/v1/user-sessions')).data as { sessions: SessionAnswer[] })
        .sessions;
      expect(fromPhone.find((s) => s.is_current_device)?.ip_address).toBe('81.2.69.160');
      expect(tablet).toBeDefined();
    });

    it('writes last_active at most once a minute', async () => {
      await createTestUser(server.app, { email: 'active@example.com', password: PASSWORD });
      const http = await signIn(device(server.url, DESKTOP, '10.1.0.1'), 'active@example.com');
      const lastActive = async () =>
        ((await http.get('/api/v1/user-sessions')).data as { sessions: SessionAnswer[] }).sessions[0]!
          .last_active;
      const first = await lastActive();
      offset += 30_000;
      expect(await lastActive()).toBe(first);
      offset += 31_000;
      const later = await lastActive();
      expect(Date.parse(later) - Date.parse(first)).toBeGreaterThanOrEqual(60_000);
    });

    it('is for signed-in users only', async () => {
      expect((await server.session().get('/api/v1/user-sessions')).status).toBe(401);
    });
  });

  describe('POST user-sessions/logout-other', () => {
    it('ends every other session of the user after a recent confirmation and the password', async () => {
      await createTestUser(server.app, { email: 'others@example.com', password: PASSWORD });
      const phone = await signIn(device(server.url, IPHONE, '10.2.0.1'), 'others@example.com');
      const laptop = await signIn(device(server.url, DESKTOP, '10.2.0.2'), 'others@example.com');
      expect((await laptop.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
      const response = await laptop.post('/api/v1/user-sessions/logout-other', { password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.data).toEqual({ message: 'Logged out other sessions.', ended: 1 });
      expect(await currentUser(phone)).toBeNull();
      expect(await currentUser(laptop)).toMatchObject({ email: 'others@example.com' });
      const { sessions } = (await laptop.get('/api/v1/user-sessions')).data as { sessions: SessionAnswer[] };
      expect(sessions).toHaveLength(1);
    });

    it('refuses without confirmation, with a wrong or missing password, and for visitors', async () => {
      await createTestUser(server.app, { email: 'careful@example.com', password: PASSWORD });
      const phone = await signIn(device(server.url, IPHONE, '10.3.0.1'), 'careful@example.com');
      const laptop = await signIn(device(server.url, DESKTOP, '10.3.0.2'), 'careful@example.com');
      expect((await laptop.post('/api/v1/user-sessions/logout-other', { password: PASSWORD })).status).toBe(
        423,
      );
      await laptop.post('/auth/user/confirm-password', { password: PASSWORD });
      const wrong = await laptop.post('/api/v1/user-sessions/logout-other', { password: 'not-the-password' });
      expect(wrong.status).toBe(422);
      expect(wrong.data).toMatchObject({ errors: { password: ['The password is incorrect.'] } });
      const missing = await laptop.post('/api/v1/user-sessions/logout-other', {});
      expect(missing.data).toMatchObject({ errors: { password: ['The password field is required.'] } });
      expect(await currentUser(phone)).toMatchObject({ email: 'careful@example.com' });
      const visitor = server.session();
      await visitor.get('/api/v1/health');
      expect((await visitor.post('/api/v1/user-sessions/logout-other', { password: PASSWORD })).status).toBe(
        401,
      );
    });
  });
});
