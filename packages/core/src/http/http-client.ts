import {
  type CallInput,
  type CallOutput,
  fillPath,
  type HttpMethod,
  type InputOptional,
  type RouteContract,
} from '../contract/route';
import {
  apiPath,
  isAbsoluteUrl,
  METHOD_OVERRIDE_HEADER,
  METHOD_OVERRIDE_PARAM,
  WORKSPACE_PARAM,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../contract/wire';
import { type CookieSource, defaultCookieSource, getCookie } from '../cookies/cookies';
import { getActiveWorkspaceId } from '../workspace/workspace';
import { HttpError } from './http-error';

export type { HttpMethod };

/** Query parameter values; arrays repeat the key, except `with` on GET, which is joined by commas. */
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** A JSON-serialisable value, or a body `fetch` sends as it is (multipart, url-encoded, binary). */
export type RequestBody =
  | FormData
  | URLSearchParams
  | Blob
  | ArrayBuffer
  | object
  | string
  | number
  | boolean
  | null;

export interface RequestOptions {
  params?: QueryParams;
  /** The body: FormData and other BodyInit values go as they are, anything else as JSON. */
  data?: RequestBody;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the client's retry count for this call. */
  retries?: number;
}

/** What `onRetry` is told before each retry. */
export interface RetryInfo {
  /** 1 for the first retry, up to `retries`. */
  attempt: number;
  /** The wait before this retry, in milliseconds. */
  delay: number;
  method: HttpMethod;
  url: string;
  error: HttpError;
}

export interface HttpClientOptions {
  /**
   * The origin (and optional base path) relative paths resolve against. Empty by default, so a browser
   * calls its own origin (`/api/v1/…`); Node needs an absolute one.
   */
  baseUrl?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** Where the `XSRF-TOKEN` and `activeWorkspaceId` cookies are read; the browser's document by default. */
  cookies?: CookieSource;
  /** The active workspace id; by default read from the `activeWorkspaceId` cookie. */
  workspaceId?: () => number;
  /** Retries for network failures and idempotent 5xx answers; 3 by default. */
  retries?: number;
  /** Base of the exponential back-off in milliseconds (waits base, 2×base, 4×base…); 200 by default. */
  retryDelay?: number;
  /** Called before every retry (logging, metrics). */
  onRetry?: (info: RetryInfo) => void;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** A fetch-based client that applies the Backline call conventions. */
export interface HttpClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'data'>): Promise<T>;
  post<T = unknown>(path: string, data?: RequestBody, options?: Omit<RequestOptions, 'data'>): Promise<T>;
  put<T = unknown>(path: string, data?: RequestBody, options?: Omit<RequestOptions, 'data'>): Promise<T>;
  patch<T = unknown>(path: string, data?: RequestBody, options?: Omit<RequestOptions, 'data'>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * Calls a route of the contract: fills its path parameters, sends its query and body, and answers its
   * response, typed end to end from the route's schemas.
   */
  call<C extends RouteContract>(
    route: C,
    ...input: InputOptional<C> extends true ? [input?: CallInput<C>] : [input: CallInput<C>]
  ): Promise<CallOutput<C>>;
  /** The URL a path resolves to (prefix and base applied, no conventions added), for links and popups. */
  url(path: string, params?: QueryParams): string;
}

/** Spec §7: failed network requests and idempotent 5xx answers are retried up to 3 times. */
export const DEFAULT_RETRIES = 3;
export const DEFAULT_RETRY_DELAY = 200;

const OVERRIDDEN = new Set<HttpMethod>(['PUT', 'PATCH', 'DELETE']);
const WITH_WORKSPACE = new Set<HttpMethod>(['GET', 'POST', 'PUT']);
// Judged on the logical method: an overridden PUT or DELETE is still idempotent though it travels as POST.
const IDEMPOTENT = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);

/** The wait before retry number `attempt` (1-based): base, 2×base, 4×base, with up to 20% jitter. */
export function exponentialDelay(attempt: number, base: number, random: () => number = Math.random): number {
  const delay = base * 2 ** (attempt - 1);
  return Math.round(delay + delay * 0.2 * random());
}

/** Creates the http client every Backline screen calls the server through. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cookies = () => options.cookies ?? defaultCookieSource();
  const activeWorkspace = options.workspaceId ?? (() => getActiveWorkspaceId(cookies()));
  const baseRetries = options.retries ?? DEFAULT_RETRIES;
  const retryDelay = options.retryDelay ?? DEFAULT_RETRY_DELAY;

  const resolve = (path: string, params: URLSearchParams): string => {
    const prefixed = apiPath(path);
    const query = params.toString();
    let url: string;
    if (isAbsoluteUrl(prefixed)) url = prefixed;
    else if (options.baseUrl) url = `${options.baseUrl.replace(/\/+$/, '')}/${prefixed}`;
    else url = `/${prefixed}`;
    if (!query) return url;
    return `${url}${url.includes('?') ? '&' : '?'}${query}`;
  };

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const params = toSearchParams(init.params, method);
    const workspaceId = activeWorkspace();
    if (WITH_WORKSPACE.has(method) && workspaceId && !params.has(WORKSPACE_PARAM)) {
      params.set(WORKSPACE_PARAM, String(workspaceId));
    }
    let wireMethod: string = method;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (OVERRIDDEN.has(method)) {
      wireMethod = 'POST';
      headers[METHOD_OVERRIDE_HEADER] = method;
      params.set(METHOD_OVERRIDE_PARAM, method);
    }
    const url = resolve(path, params);
    if (isSameOrigin(url, options.baseUrl)) {
      // The token only ever goes back to our own origin, never to a third party (an S3 bucket, say).
      const token = getCookie(XSRF_COOKIE, cookies());
      if (token) headers[XSRF_HEADER] = token;
    }
    const body = encodeBody(init.data, headers);
    Object.assign(headers, init.headers);

    const retries = init.retries ?? baseRetries;
    for (let attempt = 0; ; attempt++) {
      let error: HttpError;
      try {
        const response = await doFetch(url, {
          method: wireMethod,
          headers,
          body,
          credentials: 'include',
          signal: init.signal,
        });
        const parsed = await readBody(response);
        if (response.ok) return parsed as T;
        error = new HttpError({
          status: response.status,
          method,
          url,
          body: parsed,
          headers: response.headers,
        });
        if (!(response.status >= 500 && IDEMPOTENT.has(method))) throw error;
      } catch (caught) {
        if (caught instanceof HttpError) throw caught;
        // An abort is the caller's decision, not a failure to retry.
        if (isAbort(caught, init.signal)) throw caught;
        error = new HttpError({ status: 0, method, url, cause: caught });
      }
      if (attempt >= retries) throw error;
      const delay = exponentialDelay(attempt + 1, retryDelay);
      options.onRetry?.({ attempt: attempt + 1, delay, method, url, error });
      await sleep(delay, init.signal);
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, data, opts) => request('POST', path, { ...opts, data }),
    put: (path, data, opts) => request('PUT', path, { ...opts, data }),
    patch: (path, data, opts) => request('PATCH', path, { ...opts, data }),
    delete: (path, opts) => request('DELETE', path, opts),
    call: (route, ...[input]) => {
      const { params, query, body, ...rest } = (input ?? {}) as {
        params?: Record<string, unknown>;
        query?: QueryParams;
        body?: RequestBody;
        signal?: AbortSignal;
        headers?: Record<string, string>;
        retries?: number;
      };
      return request(route.method, fillPath(route.path, params), { ...rest, params: query, data: body });
    },
    url: (path, params) => resolve(path, toSearchParams(params, 'POST')),
  };
}

function toSearchParams(params: QueryParams | undefined, method: HttpMethod): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      const list = value.filter((item) => item !== undefined && item !== null).map(String);
      if (key === 'with' && method === 'GET') {
        if (list.length) search.set(key, list.join(','));
      } else for (const item of list) search.append(key, item);
    } else if (value !== undefined && value !== null) search.set(key, String(value));
  }
  return search;
}

const PASSTHROUGH_BODY = (data: unknown): data is BodyInit =>
  (typeof FormData !== 'undefined' && data instanceof FormData) ||
  (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) ||
  (typeof Blob !== 'undefined' && data instanceof Blob) ||
  data instanceof ArrayBuffer ||
  ArrayBuffer.isView(data);

function encodeBody(data: RequestBody | undefined, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined) return undefined;
  // fetch picks the multipart boundary or the url-encoded type itself.
  if (PASSTHROUGH_BODY(data)) return data;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isSameOrigin(url: string, baseUrl: string | undefined): boolean {
  if (!isAbsoluteUrl(url)) return true;
  const here =
    (baseUrl && isAbsoluteUrl(baseUrl) ? baseUrl : undefined) ??
    (globalThis as { location?: Location }).location?.href;
  if (!here) return false;
  try {
    return new URL(url, here).origin === new URL(here).origin;
  } catch {
    return false;
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
