import { request } from 'node:http';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/server/testing';
import {
  type HttpSession,
  type MockOAuthProvider,
  type RunningServer,
  signedInUser,
  startOAuthProvider,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../modules/accounts';
import { uploadsModule } from '../modules/uploads/index';

const PASSWORD = 'forged-host-header-1';
const FORGED = 'evil.example';
// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request carrying a forged `Host` header. node:http, because Node's fetch replaces a custom Host with the
 * URL's own: through fetch the attack could not even be sent.
 */
function withHost(
  base: string,
  method: string,
  path: string,
  options: { host: string; headers?: Record<string, string>; json?: unknown },
): Promise<Answer> {
  const url = new URL(path, base);
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
          ...options.headers,
          Host: options.host,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The cookie and XSRF headers of a signed-in session, for a request sent outside it. */
const sessionHeaders = (http: HttpSession) => ({
  Cookie: http.cookieHeader(),
  [XSRF_HEADER]: decodeURIComponent(http.cookies.get(XSRF_COOKIE) ?? ''),
});

describe.each(testDatabases())('a forged Host header on $name', (database) => {
  let server: RunningServer;
  let provider: MockOAuthProvider;
  beforeAll(async () => {
    provider = await startOAuthProvider();
    // No APP_URL and no allowed hosts: the default `pnpm start`, where the Host header was trusted.
    server = await startTestServer(database, {
      modules: [accounts({ social: provider.social }), uploadsModule({ cleanupIntervalMs: 0 })],
    });
    await server.app.kit.settings.set('social.google.enable', true);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('never sends the provider a redirect URI on the forged host (social sign-in code theft)', async () => {
    const start = await withHost(server.url, 'GET', '/secure/auth/social/google/login', { host: FORGED });
    expect(start.status).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(provider.url);
    // The provider would send the user back, code in hand, to this address.
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${server.url}/secure/auth/social/google/callback`,
    );
    expect(String(start.headers.location)).not.toContain(FORGED);
  });

  it('never addresses the popup’s message to the forged host (bootstrap data leaking to another origin)', async () => {
    // A callback with no flow ends on the error page, which posts its message to the site's origin.
    const page = await withHost(server.url, 'GET', '/secure/auth/social/google/callback?state=x&code=y', {
      host: FORGED,
    });
    expect(page.status).toBe(200);
    const data = JSON.parse(
      /<script type="application\/json" id="social-auth">(.*?)<\/script>/s.exec(page.text)![1]!,
    );
    expect(data.origin).toBe(server.url);
    expect(page.text).not.toContain(FORGED);
  });

  it('checks an avatar url against the site’s origin, not the forged host’s (own-site check bypass)', async () => {
    const { http, user } = await signedInUser(server, {
      email: 'forged-host@example.com',
      password: PASSWORD,
    });
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
    const uploaded = await http.request('POST', '/api/v1/file-entries', { body });
    expect(uploaded.status).toBe(201);
    const own = (uploaded.data as { fileEntry: { url: string } }).fileEntry.url;
    const avatar = (url: string) =>
      withHost(server.url, 'POST', `/api/v1/users/${user.id}/avatar`, {
        host: FORGED,
        headers: sessionHeaders(http),
        json: { url },
      });
    // The forged host's URL is another site's, whatever the Host header says.
    const forged = await avatar(`http://${FORGED}${own}`);
    expect(forged.status).toBe(422);
    expect(JSON.parse(forged.text).errors.url).toEqual([
      'Only images uploaded to this site can be used as an avatar.',
    ]);
    // The site's own URL still passes, and nothing in the answer names the forged host.
    const real = await avatar(`${server.url}${own}`);
    expect(real.status).toBe(200);
    expect(JSON.parse(real.text).user.avatar).toBe(own);
    expect(real.text).not.toContain(FORGED);
  });
});
