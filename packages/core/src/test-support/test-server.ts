/**
 * Test support (not part of the package API): a module that lets the client tests watch what really
 * reaches a Backline server, and a cookie-keeping fetch so the client can run in Node like in a browser.
 */
import {
  type Context,
  defineModule,
  defineRoute,
  type HttpMethod,
  type Kit,
  type RouteDefinition,
} from '@backline/server';
import { encodeBootstrap } from '@backline/server/testing';
import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { raw } from '../contract/route';
import { METHOD_OVERRIDE_HEADER, WORKSPACE_PARAM, XSRF_HEADER } from '../contract/wire';
import { type CookieSource, createMemoryCookies } from '../cookies/cookies';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http/http-client';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What the echo routes answer: the request as the server's handlers saw it. */
export interface Echo {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  workspaceId: number;
  with: string[];
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** The workspace the client sent (`workspaceId`): a positive integer, else 0 (the default workspace). */
function workspaceOf(ctx: Context): number {
  const id = Number(ctx.query[WORKSPACE_PARAM]);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** The relations the client asked for, as `with=a,b` or the key repeated. */
function relationsOf(ctx: Context): string[] {
  const value = ctx.query.with;
  return (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * A test route that answers whatever the test needs: declared as raw JSON, so nothing checks its shape (the
 * client must cope with odd answers too). The answer, when there is one, becomes the body.
 */
function testRoute(
  method: HttpMethod,
  path: string,
  answer: (input: { ctx: Context; kit: Kit }) => unknown,
): RouteDefinition {
  return defineRoute({
    method,
    path,
    tag: 'client-test',
    summary: `Test route ${path}`,
    response: raw('application/json', 'Whatever the test asks for'),
    handler: async ({ ctx, kit }) => {
      const body = await answer({ ctx, kit });
      if (body !== undefined) ctx.body = body;
      return undefined;
    },
  }) as unknown as RouteDefinition;
}

const echo = (ctx: Context): Echo => ({
  method: ctx.method,
  path: ctx.path,
  query: ctx.query as Record<string, string | string[]>,
  workspaceId: workspaceOf(ctx),
  with: relationsOf(ctx),
  headers: {
    accept: ctx.get('accept') || undefined,
    cookie: ctx.get('cookie') || undefined,
    'content-type': ctx.get('content-type') || undefined,
    [XSRF_HEADER.toLowerCase()]: ctx.get(XSRF_HEADER) || undefined,
    [METHOD_OVERRIDE_HEADER.toLowerCase()]: ctx.get(METHOD_OVERRIDE_HEADER) || undefined,
  },
  body: ctx.request.body,
});

/** Counts hits per key, so tests can tell how many attempts really reached the server. */
const hits = new Map<string, number>();

/**
 * Routes: `echo` (every method, also under `auth/` and `secure/`), `echo-raw` (multipart as bytes),
 * `flaky/{key}?fail=N&status=S&mode=network|status` (fails N times, then succeeds), `hits/{key}`,
 * `validation` (422 with field errors and an action), `boom` (an unexpected 500), and
 * `test-login`/`test-logout` answering bootstrap data like the auth module does.
 */
export const echoModule = defineModule({
  id: 'client-test',
  settings: {
    'client_test.greeting': { value: 'Hello from the server', public: true },
    'client_test.secret': { value: 'never-in-the-browser' },
  },
  routes(router) {
    for (const method of METHODS) {
      for (const path of ['echo', 'auth/echo', 'secure/echo'])
        router.add(testRoute(method, path, ({ ctx }) => echo(ctx)));
      router.add(
        testRoute(method, 'flaky/{key}', ({ ctx }) => {
          const key = String(ctx.params.key);
          const count = (hits.get(key) ?? 0) + 1;
          hits.set(key, count);
          if (count <= Number(ctx.query.fail ?? 0)) {
            if (ctx.query.mode === 'network') {
              // A real network failure: the connection dies before any answer.
              ctx.respond = false;
              ctx.req.socket.destroy();
              return undefined;
            }
            ctx.status = Number(ctx.query.status ?? 503);
            return { message: `Failure ${count}` };
          }
          return { hits: count, method: ctx.method };
        }),
      );
    }
    router.add(
      testRoute('POST', 'echo-raw', async ({ ctx }) => {
        const chunks: Buffer[] = [];
        for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
        return { contentType: ctx.get('content-type'), raw: Buffer.concat(chunks).toString('utf8') };
      }),
    );
    router.add(
      testRoute('GET', 'hits/{key}', ({ ctx }) => ({ hits: hits.get(String(ctx.params.key)) ?? 0 })),
    );
    router.add(
      testRoute('POST', 'validation', ({ ctx }) => {
        ctx.status = 422;
        // One field as a plain string, one as a list: the client must normalise both.
        return {
          message: 'The email field is required.',
          errors: { email: 'The email field is required.', password: ['Too short.', 'Too plain.'] },
        };
      }),
    );
    router.add(
      testRoute('POST', 'upgrade-required', ({ ctx }) => {
        ctx.status = 403;
        return {
          message: 'Upgrade to upload more tracks.',
          action: { label: 'Upgrade', action: '/pricing' },
        };
      }),
    );
    router.add(
      testRoute('GET', 'boom', () => {
        throw new Error('internal detail');
      }),
    );
    router.add(
      testRoute('POST', 'test-login', async ({ ctx, kit }) => {
        const data = await kit.bootstrap(ctx);
        data.user = {
          id: 7,
          email: 'ada@example.com',
          display_name: 'Ada',
          roles: [{ id: 2, name: 'editors' }],
          permissions: [{ name: 'admin.access' }],
          subscriptions: [{ id: 1, valid: true }],
        };
        return { bootstrapData: encodeBootstrap(data) };
      }),
    );
    router.add(testRoute('POST', 'test-login-two-factor', () => ({ two_factor: true })));
  },
  bootstrap(_ctx, data) {
    // Visitors get the guest role, with one restricted permission.
    data.guest_role = {
      id: 1,
      name: 'guests',
      permissions: [{ name: 'music.view', restrictions: [{ name: 'max_plays', value: 10 }] }],
    };
  },
});

/** Starts a real Backline server (first test database) with the echo module. */
export function startEchoServer(): Promise<RunningServer> {
  const [database] = testDatabases();
  // The echo routes answer shapes no contract declares on purpose (field errors as bare strings, a 5xx with a
  // body), to prove the client copes with whatever a server sends; so their answers are not checked.
  return startTestServer(database!, { modules: [echoModule], validateResponses: false });
}

/** A request as it went on the wire (the server's method override hides the wire method from handlers). */
export interface SentRequest {
  method: string;
  url: string;
  credentials: RequestCredentials | undefined;
}

/**
 * A fetch that keeps cookies in `jar`, the way a browser keeps them for a page: Set-Cookie answers are
 * stored, and cookies are sent only when the request asks for credentials (as on a cross-site call).
 * Every request is logged in `sent`.
 */
export function cookieFetch(jar: CookieSource, sent: SentRequest[] = []): typeof fetch {
  return async (input, init = {}) => {
    sent.push({ method: init.method ?? 'GET', url: String(input), credentials: init.credentials });
    const headers = new Headers(init.headers);
    if (init.credentials === 'include' && jar.cookie) headers.set('Cookie', jar.cookie);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) jar.cookie = line;
    return response;
  };
}

/** A client as a browser page on `server` would have it: its own cookie jar, fast retries. */
export function browserLikeClient(
  server: RunningServer,
  options: HttpClientOptions = {},
): { http: HttpClient; cookies: CookieSource; sent: SentRequest[] } {
  const cookies = options.cookies ?? createMemoryCookies();
  const sent: SentRequest[] = [];
  const http = createHttpClient({
    baseUrl: server.url,
    cookies,
    fetch: cookieFetch(cookies, sent),
    retryDelay: 1,
    ...options,
  });
  return { http, cookies, sent };
}
