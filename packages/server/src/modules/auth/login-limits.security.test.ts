import { request } from 'node:http';
import { createTestUser, type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { hashPassword, MAX_QUEUED_HASHES, verifyPassword } from '../../security/password-hasher';
import { accounts } from '../accounts';
import { ACCOUNT_FAILURES, LOGIN_DELAY_HEADER } from '../passwords/login-failures';
import { LOGIN_IP_LIMIT } from './index';

const PASSWORD = 'lovelace-engine-1843';

interface Answer {
  status: number;
  data: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * One login as a separate client would send it: its own XSRF cookie, over a socket bound to `from` (any
 * 127.0.0.0/8 address reaches the server on loopback, so the server sees a distinct peer address), with extra
 * headers such as a forged `X-Forwarded-For`. node:http, because fetch cannot pick the local address.
 */
function send(
  base: string,
  method: string,
  path: string,
  options: { from?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer & { cookies: string[] }> {
  const url = new URL(path, base);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: options.from,
        headers: {
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode ?? 0,
            data: text ? JSON.parse(text) : undefined,
            headers: res.headers,
            cookies: res.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function login(
  base: string,
  email: string,
  password: string,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const health = await send(base, 'GET', '/api/v1/health', options);
  const xsrf = health.cookies.map((c) => /^XSRF-TOKEN=([^;]*)/.exec(c)?.[1]).find(Boolean)!;
  return send(base, 'POST', '/auth/login', {
    ...options,
    headers: { ...options.headers, Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    body: { email, password, remember: false },
  });
}

describe.each(testDatabases())('login floods on $name', (database) => {
  describe('without a trusted proxy', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, { modules: [accounts()] });
    });
    afterAll(() => server?.close());

    it('answers 429 to password spraying from one IP, however X-Forwarded-For rotates, while the real user logs in from another IP', async () => {
      await createTestUser(server.app, { email: 'sprayed@example.com', password: PASSWORD });
      // Sprayed in waves of 10 at once: twice the limit of guesses, each at another unknown address.
      const answers: Answer[] = [];
      for (let wave = 0; wave < (LOGIN_IP_LIMIT.points * 2) / 10; wave++)
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              login(server.url, `unknown-${wave}-${i}@example.com`, 'Summer2026!', {
                from: '127.0.0.1',
                // Without a trusted proxy the header is the client's own claim and must not make it many clients.
                headers: { 'X-Forwarded-For': `203.0.113.${wave * 10 + i}` },
              }),
            ),
          )),
        );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
        LOGIN_IP_LIMIT.points - 10,
      );
      expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
      const limited = answers.find((answer) => answer.status === 429)!;
      expect(limited.data).toMatchObject({ message: expect.any(String) });
      // The real user, on another address, is not caught by the sprayer's limit.
      const real = await login(server.url, 'sprayed@example.com', PASSWORD, { from: '127.0.0.2' });
      expect(real.status).toBe(200);
      expect(real.data).toHaveProperty('bootstrapData');
    });
  });

  describe('behind a trusted proxy', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, { modules: [accounts()], proxy: true });
    });
    afterAll(() => server?.close());

    it('counts X-Forwarded-For as the client: one forwarded IP is limited, another is not', async () => {
      await createTestUser(server.app, { email: 'proxied@example.com', password: PASSWORD });
      const answers: Answer[] = [];
      for (let wave = 0; wave < 4; wave++)
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              login(server.url, `proxied-unknown-${wave}-${i}@example.com`, 'Summer2026!', {
                headers: { 'X-Forwarded-For': '198.51.100.7' },
              }),
            ),
          )),
        );
      expect(answers.some((answer) => answer.status === 429)).toBe(true);
      const real = await login(server.url, 'proxied@example.com', PASSWORD, {
        headers: { 'X-Forwarded-For': '198.51.100.8' },
      });
      expect(real.status).toBe(200);
    });

    it('slows password guessing at one account from many IPs (distributed brute force), doubling to a cap, without locking its owner out', async () => {
      const user = await createTestUser(server.app, { email: 'targeted@example.com', password: PASSWORD });
      /** The milliseconds the server says it held an attempt (its Login-Delay header), 0 when absent. */
      const delayOf = (answer: Answer) => Number(answer.headers?.[LOGIN_DELAY_HEADER.toLowerCase()] ?? 0);
      let ip = 0;
      const guess = () =>
        login(server.url, 'targeted@example.com', `wrong-guess-${ip}`, {
          headers: { 'X-Forwarded-For': `192.0.2.${++ip}` },
        });
      // The rule: 10 failed sign-in steps in 15 minutes are free; then every attempt on the account waits 250 ms,
      // doubling with each further failure, at most 2 s. Literal numbers, so a widened constant fails here too.
      const delays: number[] = [];
      for (let i = 0; i < 13; i++) {
        const answer = await guess();
        // Each IP made one attempt: no per-IP or per-(address, IP) limit applies, only the account's count.
        expect(answer.status).toBe(422);
        delays.push(delayOf(answer));
      }
      expect(delays).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 250, 500, 1000]);
      expect(
        await server.app.kit.rateLimits.spent('login-account-failures', user.email, ACCOUNT_FAILURES),
      ).toBe(13);
      // Slowed, not locked: the owner's right password still gets in, held like any attempt on the account.
      const owner = await login(server.url, 'targeted@example.com', PASSWORD, {
        headers: { 'X-Forwarded-For': '192.0.2.200' },
      });
      expect(owner.status).toBe(200);
      expect(delayOf(owner)).toBe(2000);
      // The next failure would double it again; the cap holds it at 2 s.
      const capped = await guess();
      expect(capped.status).toBe(422);
      expect(delayOf(capped)).toBe(2000);
      // Another account is not slowed by this one's failures.
      await createTestUser(server.app, { email: 'bystander@example.com', password: PASSWORD });
      const bystander = await login(server.url, 'bystander@example.com', PASSWORD, {
        headers: { 'X-Forwarded-For': '192.0.2.201' },
      });
      expect(bystander.status).toBe(200);
      expect(bystander.headers?.[LOGIN_DELAY_HEADER.toLowerCase()]).toBeUndefined();
    });
  });
});

describe('argon2 under a flood', () => {
  it(`queues at most ${MAX_QUEUED_HASHES} hashes and answers 429 at once beyond them`, async () => {
    const stored = await hashPassword(PASSWORD);
    const results = await Promise.allSettled(
      Array.from({ length: MAX_QUEUED_HASHES * 4 }, () => verifyPassword(stored, PASSWORD)),
    );
    const refused = results.filter(
      (result) =>
        result.status === 'rejected' && result.reason instanceof HttpError && result.reason.status === 429,
    );
    const checked = results.filter((result) => result.status === 'fulfilled');
    expect(refused.length).toBeGreaterThan(0);
    expect(checked.length).toBeGreaterThanOrEqual(MAX_QUEUED_HASHES);
    expect(refused.length + checked.length).toBe(results.length);
    for (const result of checked) expect((result as PromiseFulfilledResult<boolean>).value).toBe(true);
    // Once the flood has passed, checks work again.
    expect(await verifyPassword(stored, PASSWORD)).toBe(true);
  });
});
