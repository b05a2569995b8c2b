import { request } from 'node:http';
import {
  createTestUser,
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'hamilton-apollo-1969';

/** A request with the given Host header: fetch drops a Host it is handed, node:http sends it as written. */
function send(
  base: string,
  method: string,
  path: string,
  host: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; cookies: string[] }> {
  const url = new URL(path, base);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          Host: host,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Asks for a reset link with a forged Host and answers the link that arrives over SMTP. */
async function resetLinkFor(server: RunningServer, smtp: SmtpCapture, email: string, host: string) {
  const health = await send(server.url, 'GET', '/api/v1/health', host);
  const xsrf = health.cookies.map((c) => /^XSRF-TOKEN=([^;]*)/.exec(c)?.[1]).find(Boolean)!;
  const answer = await send(server.url, 'POST', '/auth/forgot-password', host, {
    headers: { Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    body: { email },
  });
  expect(answer.status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  return new URL(mail.links.find((link) => link.includes('/password/reset/'))!);
}

describe.each(testDatabases())('reset links under a forged Host on $name', (database) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp?.close());

  describe('without APP_URL', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, { modules: [accounts()], mail: { url: smtp.url } });
    });
    afterAll(() => server?.close());

    it('never mails a link to the forged host: it points at the address the server listens on', async () => {
      await createTestUser(server.app, { email: 'forged-host@example.com', password: PASSWORD });
      const link = await resetLinkFor(server, smtp, 'forged-host@example.com', 'attacker.example');
      expect(link.host).not.toBe('attacker.example');
      expect(link.origin).toBe(new URL(server.url).origin);
    });
  });

  describe('with an allow-list of hosts', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, {
        modules: [accounts()],
        mail: { url: smtp.url },
        allowedHosts: ['music.example.test'],
      });
    });
    afterAll(() => server?.close());

    it('follows an allowed Host and ignores any other', async () => {
      await createTestUser(server.app, { email: 'allowed-host@example.com', password: PASSWORD });
      const allowed = await resetLinkFor(server, smtp, 'allowed-host@example.com', 'music.example.test');
      expect(allowed.host).toBe('music.example.test');
      await createTestUser(server.app, { email: 'other-host@example.com', password: PASSWORD });
      const forged = await resetLinkFor(server, smtp, 'other-host@example.com', 'attacker.example');
      expect(forged.origin).toBe(new URL(server.url).origin);
    });
  });

  describe('with APP_URL', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, {
        modules: [accounts()],
        mail: { url: smtp.url },
        baseUrl: 'https://radio.example.test',
      });
    });
    afterAll(() => server?.close());

    it('always uses APP_URL, whatever the Host says', async () => {
      await createTestUser(server.app, { email: 'app-url-host@example.com', password: PASSWORD });
      const link = await resetLinkFor(server, smtp, 'app-url-host@example.com', 'attacker.example');
      expect(link.origin).toBe('https://radio.example.test');
    });
  });
});
