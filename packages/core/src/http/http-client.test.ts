import type { RunningServer } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../contract/wire';
import { createMemoryCookies, getCookie, setCookie } from '../cookies/cookies';
import { browserLikeClient, type Echo, startEchoServer } from '../test-support/test-server';
import { setActiveWorkspaceId } from '../workspace/workspace';
import { createHttpClient, exponentialDelay, type RetryInfo } from './http-client';
import { HttpError } from './http-error';

let server: RunningServer;
beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(() => server?.close());

/** A client whose jar already holds the XSRF cookie, as after a page load. */
async function loadedClient(options: Parameters<typeof browserLikeClient>[1] = {}) {
  const client = browserLikeClient(server, options);
  await client.http.get('echo');
  return client;
}

let keys = 0;
const key = (name: string) => `${name}-${++keys}`;
const hitsOf = async (name: string) => (await fetch(`${server.url}/api/v1/hits/${name}`)).json();

describe('prefix rule', () => {
  it('puts relative paths under api/v1/, but not auth…, secure… or absolute URLs', async () => {
    const { http } = await loadedClient();
    expect((await http.get<Echo>('echo')).path).toBe('/api/v1/echo');
    expect((await http.get<Echo>('/echo')).path).toBe('/api/v1/echo');
    expect((await http.get<Echo>('auth/echo')).path).toBe('/auth/echo');
    expect((await http.get<Echo>('secure/echo')).path).toBe('/secure/echo');
    expect((await http.get<Echo>(`${server.url}/api/v1/echo`)).path).toBe('/api/v1/echo');
    expect((await http.post<Echo>('auth/echo', {})).path).toBe('/auth/echo');
  });

  it('matches whole segments, like the server (authors is an API path)', () => {
    expect(apiPath('authors')).toBe('api/v1/authors');
    expect(apiPath('securely')).toBe('api/v1/securely');
    expect(apiPath('auth')).toBe('auth');
    expect(apiPath('auth?x=1')).toBe('auth?x=1');
    expect(apiPath('//cdn.example.com/a.svg')).toBe('//cdn.example.com/a.svg');
    expect(apiPath('https://cdn.example.com/a.svg')).toBe('https://cdn.example.com/a.svg');
  });

  it('resolves URLs for links and popups without adding conventions', () => {
    const http = createHttpClient({ baseUrl: 'https://music.test/' });
    expect(http.url('secure/auth/social/google/login')).toBe(
      'https://music.test/secure/auth/social/google/login',
    );
    expect(http.url('users/me', { with: ['roles'] })).toBe('https://music.test/api/v1/users/me?with=roles');
    expect(createHttpClient().url('health')).toBe('/api/v1/health');
  });
});

describe('credentials, XSRF and headers', () => {
  it('always sends credentials, so the server sees the cookies', async () => {
    const { http, cookies, sent } = await loadedClient();
    setCookie('probe', 'yes', {}, cookies);
    const seen = await http.get<Echo>('echo');
    expect(sent.every((request) => request.credentials === 'include')).toBe(true);
    expect(seen.headers.cookie).toMatch(/(^|; )probe=yes(;|$)/);
    expect(seen.headers.cookie).toContain('XSRF-TOKEN=');
    expect(seen.headers.accept).toBe('application/json');
  });

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN, which the real XSRF check accepts', async () => {
    const { http, cookies } = await loadedClient();
    const token = getCookie('XSRF-TOKEN', cookies);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const seen = await http.post<Echo>('echo', { a: 1 });
    expect(seen.headers['x-xsrf-token']).toBe(token);
    expect(seen.method).toBe('POST');
  });

  it('surfaces the 419 of a write made before any XSRF cookie exists', async () => {
    const { http } = browserLikeClient(server);
    const error = await http.post('echo', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(419);
    expect((error as HttpError).message).toMatch(/expired|out of date/);
  });

  it('never sends the XSRF token to another origin', async () => {
    const { http } = await loadedClient();
    // Same server, but "localhost" is a different origin from the client's 127.0.0.1 base.
    const other = server.url.replace('127.0.0.1', 'localhost');
    const seen = await http.get<Echo>(`${other}/api/v1/echo`);
    expect(seen.headers['x-xsrf-token']).toBeUndefined();
    const own = await http.get<Echo>(`${server.url}/api/v1/echo`);
    expect(own.headers['x-xsrf-token']).toBeDefined();
  });

  it('sends default headers, and per-call headers on top', async () => {
    const { http } = await loadedClient({ headers: { 'X-Http-Method-Override': 'nonsense' } });
    const seen = await http.get<Echo>('echo');
    expect(seen.headers['x-http-method-override']).toBe('nonsense');
    expect(seen.method).toBe('GET');
  });
});

describe('active workspace', () => {
  it('adds workspaceId to GET, POST and PUT when the workspace is not 0', async () => {
    const { http, cookies } = await loadedClient();
    setActiveWorkspaceId(5, cookies);
    expect((await http.get<Echo>('echo')).query.workspaceId).toBe('5');
    expect((await http.get<Echo>('echo')).workspaceId).toBe(5);
    expect((await http.post<Echo>('echo', {})).query.workspaceId).toBe('5');
    expect((await http.put<Echo>('echo', {})).query.workspaceId).toBe('5');
  });

  it('leaves it off PATCH and DELETE', async () => {
    const { http, cookies } = await loadedClient();
    setActiveWorkspaceId(5, cookies);
    expect((await http.patch<Echo>('echo', {})).query.workspaceId).toBeUndefined();
    expect((await http.delete<Echo>('echo')).query.workspaceId).toBeUndefined();
  });

  it('leaves it off for the default workspace 0', async () => {
    const { http, cookies } = await loadedClient();
    setActiveWorkspaceId(0, cookies);
    const seen = await http.get<Echo>('echo');
    expect(seen.query.workspaceId).toBeUndefined();
    expect(seen.workspaceId).toBe(0);
  });

  it('reads the workspace from a getter when given one', async () => {
    let active = 3;
    const { http } = await loadedClient({ workspaceId: () => active });
    expect((await http.get<Echo>('echo')).query.workspaceId).toBe('3');
    active = 0;
    expect((await http.get<Echo>('echo')).query.workspaceId).toBeUndefined();
  });
});

describe('method override', () => {
  it.each(['PUT', 'PATCH', 'DELETE'] as const)(
    'sends %s as POST with the header and _method',
    async (method) => {
      const { http, sent } = await loadedClient();
      const seen = await http.request<Echo>(method, 'echo', { data: { text: 'x' } });
      expect(sent.at(-1)?.method).toBe('POST');
      // The server routed it to the handler of the real method.
      expect(seen.method).toBe(method);
      expect(seen.headers['x-http-method-override']).toBe(method);
      expect(seen.query._method).toBe(method);
      expect(seen.body).toEqual({ text: 'x' });
    },
  );

  it('sends GET and POST as they are', async () => {
    const { http, sent } = await loadedClient();
    for (const method of ['GET', 'POST'] as const) {
      const seen = await http.request<Echo>(method, 'echo');
      expect(sent.at(-1)?.method).toBe(method);
      expect(seen.method).toBe(method);
      expect(seen.query._method).toBeUndefined();
      expect(seen.headers['x-http-method-override']).toBeUndefined();
    }
  });
});

describe('query parameters', () => {
  it('joins a GET `with` array by commas', async () => {
    const { http } = await loadedClient();
    const seen = await http.get<Echo>('echo', { params: { with: ['roles', 'social_profiles', 'tokens'] } });
    expect(seen.query.with).toBe('roles,social_profiles,tokens');
    expect(seen.with).toEqual(['roles', 'social_profiles', 'tokens']);
  });

  it('repeats other array parameters and skips empty values', async () => {
    const { http } = await loadedClient();
    const seen = await http.get<Echo>('echo', {
      params: { ids: [1, 2], perPage: 30, q: undefined, n: null },
    });
    expect(seen.query.ids).toEqual(['1', '2']);
    expect(seen.query.perPage).toBe('30');
    expect(seen.query).not.toHaveProperty('q');
    expect(seen.query).not.toHaveProperty('n');
  });

  it('does not join `with` on writes', async () => {
    const { http } = await loadedClient();
    const seen = await http.post<Echo>('echo', {}, { params: { with: ['a', 'b'] } });
    expect(seen.query.with).toEqual(['a', 'b']);
  });
});

describe('bodies', () => {
  it('sends objects as JSON', async () => {
    const { http } = await loadedClient();
    const seen = await http.post<Echo>('echo', { email: 'a@b.c', remember: true, tags: ['x'] });
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.body).toEqual({ email: 'a@b.c', remember: true, tags: ['x'] });
  });

  it('sends FormData as multipart, files included', async () => {
    const { http } = await loadedClient();
    const form = new FormData();
    form.append('title', 'First single');
    form.append('file', new File(['ID3 bytes'], 'song.mp3', { type: 'audio/mpeg' }));
    const seen = await http.post<{ contentType: string; raw: string }>('echo-raw', form);
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.raw).toContain('name="title"');
    expect(seen.raw).toContain('First single');
    expect(seen.raw).toContain('filename="song.mp3"');
    expect(seen.raw).toContain('ID3 bytes');
  });
});

describe('retries', () => {
  it('retries an idempotent GET answered 5xx up to 3 times, with exponential delays', async () => {
    const name = key('get-5xx');
    const retries: RetryInfo[] = [];
    const { http } = await loadedClient({ retryDelay: 2, onRetry: (info) => retries.push(info) });
    expect(await http.get(`flaky/${name}`, { params: { fail: 3 } })).toEqual({ hits: 4, method: 'GET' });
    expect(retries.map((info) => info.attempt)).toEqual([1, 2, 3]);
    expect(retries.map((info) => info.error.status)).toEqual([503, 503, 503]);
    const [first, second, third] = retries.map((info) => info.delay);
    // Each wait doubles the base (2, 4, 8 ms) plus at most 20% jitter.
    expect(first).toBeGreaterThanOrEqual(2);
    expect(second).toBeGreaterThanOrEqual(4);
    expect(third).toBeGreaterThanOrEqual(8);
    expect(third).toBeLessThanOrEqual(10);
  });

  it('gives up after 3 retries and surfaces the last answer', async () => {
    const name = key('get-give-up');
    const { http } = await loadedClient();
    const error = (await http.get(`flaky/${name}`, { params: { fail: 10 } }).catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('Failure 4');
    expect(await hitsOf(name)).toEqual({ hits: 4 });
  });

  it.each(['PUT', 'DELETE'] as const)('retries an overridden %s (idempotent) on 5xx', async (method) => {
    const name = key(`${method}-5xx`);
    const { http } = await loadedClient();
    expect(await http.request(method, `flaky/${name}`, { params: { fail: 2 } })).toEqual({ hits: 3, method });
  });

  it.each(['POST', 'PATCH'] as const)('never retries a %s answered 5xx', async (method) => {
    const name = key(`${method}-5xx`);
    const { http } = await loadedClient();
    const error = (await http
      .request(method, `flaky/${name}`, { params: { fail: 1 } })
      .catch((e) => e)) as HttpError;
    expect(error.status).toBe(503);
    expect(await hitsOf(name)).toEqual({ hits: 1 });
  });

  it('never retries a 4xx', async () => {
    const name = key('get-4xx');
    const { http } = await loadedClient();
    const error = (await http
      .get(`flaky/${name}`, { params: { fail: 1, status: 429 } })
      .catch((e) => e)) as HttpError;
    expect(error.status).toBe(429);
    expect(await hitsOf(name)).toEqual({ hits: 1 });
  });

  it('retries a request whose connection failed, even a POST', async () => {
    const name = key('post-network');
    const { http } = await loadedClient();
    expect(await http.post(`flaky/${name}`, {}, { params: { fail: 2, mode: 'network' } })).toEqual({
      hits: 3,
      method: 'POST',
    });
  });

  it('reports a network failure that outlasts the retries as status 0', async () => {
    const name = key('get-network');
    const { http } = await loadedClient();
    const error = (await http
      .get(`flaky/${name}`, { params: { fail: 10, mode: 'network' } })
      .catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(await hitsOf(name)).toEqual({ hits: 4 });
  });

  it('honours a per-call retry count', async () => {
    const name = key('get-no-retry');
    const { http } = await loadedClient();
    await expect(http.get(`flaky/${name}`, { params: { fail: 1 }, retries: 0 })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(await hitsOf(name)).toEqual({ hits: 1 });
  });

  it('stops waiting to retry when the call is aborted', async () => {
    const name = key('get-abort');
    const controller = new AbortController();
    // A wait longer than the test timeout: only an abortable wait lets this test finish.
    const { http } = await loadedClient({ retryDelay: 120_000, onRetry: () => controller.abort() });
    const error = await http
      .get(`flaky/${name}`, { params: { fail: 5 }, signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(await hitsOf(name)).toEqual({ hits: 1 });
  });

  it('computes exponential delays from the base', () => {
    expect([1, 2, 3].map((n) => exponentialDelay(n, 200, () => 0))).toEqual([200, 400, 800]);
    expect([1, 2, 3].map((n) => exponentialDelay(n, 200, () => 1))).toEqual([240, 480, 960]);
  });
});

describe('errors', () => {
  it('carries status, message and field errors normalised to lists', async () => {
    const { http } = await loadedClient();
    const error = (await http.post('validation', {}).catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The email field is required.');
    expect(error.serverMessage).toBe('The email field is required.');
    expect(error.errors).toEqual({
      email: ['The email field is required.'],
      password: ['Too short.', 'Too plain.'],
    });
    expect(error.action).toBeUndefined();
    expect(error.method).toBe('POST');
  });

  it("carries the response's action", async () => {
    const { http } = await loadedClient();
    const error = (await http.post('upgrade-required', {}).catch((e) => e)) as HttpError;
    expect(error.status).toBe(403);
    expect(error.action).toEqual({ label: 'Upgrade', action: '/pricing' });
    expect(error.errors).toEqual({});
  });

  it('answers the parsed body on success, and undefined for an empty answer', async () => {
    const { http } = await loadedClient();
    expect(await http.get('health')).toMatchObject({ status: 'ok' });
    const unknown = (await http.get('no-such-route').catch((e) => e)) as HttpError;
    expect(unknown.status).toBe(404);
    expect(unknown.serverMessage).toBe('Not found.');
  });

  it('is usable from another cookie source too (document-like)', async () => {
    // The default source outside a browser is a memory jar; a custom one is honoured per client.
    const cookies = createMemoryCookies({ 'XSRF-TOKEN': 'not-the-real-token-but-long-enough-000000' });
    const { http } = browserLikeClient(server, { cookies });
    const seen = await http.get<Echo>('echo');
    expect(seen.headers['x-xsrf-token']).toBe('not-the-real-token-but-long-enough-000000');
  });
});
