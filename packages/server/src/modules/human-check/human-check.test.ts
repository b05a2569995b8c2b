import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'correct horse battery';
const SECRET = 'loopback-secret';

/** A stand-in for the provider's siteverify endpoint: `good-*` tokens pass, everything else fails. */
async function startVerifyEndpoint() {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      requests.push(form);
      if (form.get('response') === 'server-error') {
        res.statusCode = 500;
        res.end('{"success": true}');
        return;
      }
      const token = form.get('response') ?? '';
      const body =
        form.get('secret') !== SECRET
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : token.startsWith('good-')
            ? { success: true, score: 0.9, action: token.slice(5) }
            : token === 'low-score'
              ? { success: true, score: 0.1, action: 'register' }
              : { success: false, 'error-codes': ['invalid-input-response'] };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('human check on $name', (database) => {
  let server: RunningServer;
  let verify: Awaited<ReturnType<typeof startVerifyEndpoint>>;
  let counter = 0;
  beforeAll(async () => {
    verify = await startVerifyEndpoint();
    server = await startTestServer(database, {
      modules: [accounts({ humanCheck: { secretKey: SECRET, verifyUrl: verify.url } })],
    });
  });
  afterAll(async () => {
    await server?.close();
    await verify?.close();
  });
  afterEach(async () => {
    const { settings } = server.app.kit;
    await settings.set('recaptcha.site_key', '');
    await settings.set('recaptcha.enable.register', false);
    await settings.set('recaptcha.provider', 'recaptcha');
  });
  const enable = async () => {
    await server.app.kit.settings.set('recaptcha.site_key', 'site-key');
    await server.app.kit.settings.set('recaptcha.enable.register', true);
  };
  const browser = async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    return http;
  };
  const registration = () => {
    counter += 1;
    return { email: `human${counter}@example.com`, password: PASSWORD, password_confirmation: PASSWORD };
  };
  const exists = async (email: string) =>
    Boolean(await server.app.kit.knex('users').where({ email }).first());

  it('POST recaptcha/verify answers success for a token the provider accepts, with the secret sent', async () => {
    await enable();
    const http = await browser();
    const response = await http.post('/api/v1/recaptcha/verify', { token: 'good-register' });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true });
    const sent = verify.requests.at(-1)!;
    expect(sent.get('secret')).toBe(SECRET);
    expect(sent.get('response')).toBe('good-register');
    expect(sent.get('remoteip')).toBe('127.0.0.1');
  });

  it('POST recaptcha/verify answers failure for a rejected token, a wrong action or a low score', async () => {
    await enable();
    const http = await browser();
    for (const token of ['bad-token', 'good-contact', 'low-score']) {
      const response = await http.post('/api/v1/recaptcha/verify', { token });
      expect(response.status, token).toBe(200);
      expect(response.data, token).toEqual({ success: false });
    }
    const empty = await http.post('/api/v1/recaptcha/verify', {});
    expect(empty.status).toBe(422);
    expect(empty.data).toMatchObject({ errors: { token: ['The token field is required.'] } });
  });

  it('register without a token while the check is enabled answers 422 and creates nothing', async () => {
    await enable();
    const http = await browser();
    const body = registration();
    const response = await http.post('/auth/register', body);
    expect(response.status).toBe(422);
    expect(response.data).toEqual({ message: 'Could not verify you are human.' });
    expect(await exists(body.email)).toBe(false);
  });

  it('register after a failed check answers 422', async () => {
    await enable();
    const http = await browser();
    expect((await http.post('/api/v1/recaptcha/verify', { token: 'bad-token' })).data).toEqual({
      success: false,
    });
    const body = registration();
    expect((await http.post('/auth/register', body)).status).toBe(422);
    expect(await exists(body.email)).toBe(false);
  });

  it('register after a passed check succeeds, and the pass is good for one registration only', async () => {
    await enable();
    const http = await browser();
    expect((await http.post('/api/v1/recaptcha/verify', { token: 'good-register' })).data).toEqual({
      success: true,
    });
    const body = registration();
    const first = await http.post('/auth/register', body);
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    expect(await exists(body.email)).toBe(true);

    // The same browser (now signed in) cannot reuse the pass; a fresh visitor has none.
    const second = await browser();
    const again = registration();
    expect((await second.post('/auth/register', again)).status).toBe(422);
    expect(await exists(again.email)).toBe(false);
  });

  it('a pass for another browser does not count', async () => {
    await enable();
    const passed = await browser();
    await passed.post('/api/v1/recaptcha/verify', { token: 'good-register' });
    const other = await browser();
    const body = registration();
    expect((await other.post('/auth/register', body)).status).toBe(422);
  });

  it('register accepts a token inline (API clients) and refuses a bad one', async () => {
    await enable();
    const good = registration();
    const ok = await (await browser()).post('/auth/register', { ...good, recaptcha_token: 'good-register' });
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    const bad = registration();
    const refused = await (await browser()).post('/auth/register', { ...bad, recaptcha_token: 'bad-token' });
    expect(refused.status).toBe(422);
    expect(await exists(bad.email)).toBe(false);
  });

  it('register needs no token while the check is off, or on without a site key', async () => {
    const body = registration();
    expect((await (await browser()).post('/auth/register', body)).status).toBe(200);
    await server.app.kit.settings.set('recaptcha.enable.register', true);
    const other = registration();
    expect((await (await browser()).post('/auth/register', other)).status).toBe(200);
  });

  it('hCaptcha sends the site key along; the provider setting is public, the secret is not', async () => {
    await enable();
    await server.app.kit.settings.set('recaptcha.provider', 'hcaptcha');
    const http = await browser();
    expect((await http.post('/api/v1/recaptcha/verify', { token: 'good-register' })).data).toEqual({
      success: true,
    });
    expect(verify.requests.at(-1)!.get('sitekey')).toBe('site-key');
    const bootstrap = await http.get('/api/v1/bootstrap-data');
    const settings = JSON.parse((bootstrap.data as { data: { data: string } }).data.data).settings;
    expect(settings.recaptcha).toMatchObject({
      site_key: 'site-key',
      provider: 'hcaptcha',
      enable: { register: true, contact: false },
    });
    expect(settings.recaptcha).not.toHaveProperty('secret_key');
    expect(settings.recaptcha).not.toHaveProperty('verify_url');
  });

  it('fails closed when the verify endpoint answers with an error', async () => {
    await enable();
    const http = await browser();
    const response = await http.post('/api/v1/recaptcha/verify', { token: 'server-error' });
    expect(response.data).toEqual({ success: false });
    expect((await http.post('/auth/register', registration())).status).toBe(422);
  });
});
