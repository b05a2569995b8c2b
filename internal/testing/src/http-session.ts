/**
 * A raw HTTP client with a cookie jar, for server tests: it speaks plain fetch, keeps cookies like a
 * browser would and, unless told not to, echoes the XSRF cookie the way the real client does.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/server/testing';

export class HttpSession {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Raw `Set-Cookie` headers of the last response, to inspect flags. */
  lastSetCookies: string[] = [];

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      headers?: Record<string, string>;
      xsrf?: boolean;
      body?: BodyInit;
      signal?: AbortSignal;
      /**
       * Reads the status and headers only, then drops the body: for responses that never end (event streams),
       * whose body a test cannot wait for.
       */
      headersOnly?: boolean;
    } = {},
  ): Promise<Response & { data: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (options.xsrf !== false && xsrf && !(XSRF_HEADER in headers))
      headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: options.signal,
    });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (options.headersOnly && response.ok) {
      await response.body?.cancel();
      return Object.assign(response, { data: undefined });
    }
    // Read under the same signal: a server that sends headers and then stalls is a hang too.
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {}
    return Object.assign(response, { data });
  }

  get(path: string, options?: { headers?: Record<string, string> }) {
    return this.request('GET', path, options);
  }
  post(path: string, json?: unknown, options: { headers?: Record<string, string>; xsrf?: boolean } = {}) {
    return this.request('POST', path, { ...options, json: json ?? {} });
  }
}
