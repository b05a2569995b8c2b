import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';
import type { Middleware } from 'koa';
import { HttpError } from './errors';

export { XSRF_COOKIE, XSRF_HEADER };

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Double-submit check. Every response makes sure the readable `XSRF-TOKEN` cookie exists; every unsafe
 * request that is not authenticated by a Bearer token must echo it in `X-XSRF-TOKEN`. A cross-site page
 * can make the browser send the cookie but cannot read it, so it cannot forge the header. `secure` marks the
 * site as served over https even when this hop is plain http (a TLS proxy Koa is not told to trust).
 */
export function xsrf(options: { secure?: boolean } = {}): Middleware {
  return async (ctx, next) => {
    let token = ctx.cookies.get(XSRF_COOKIE);
    if (!token || !/^[A-Za-z0-9_-]{32,128}$/.test(token)) {
      token = randomBytes(32).toString('base64url');
      // Secure whenever the site is https: seen on the request (a TLS socket, or `X-Forwarded-Proto` from a
      // trusted proxy) or configured (an https `APP_URL`, `secure`), as the session cookie is.
      const secure = ctx.secure || !!options.secure;
      if (secure && !ctx.secure) ctx.cookies.secure = true;
      ctx.cookies.set(XSRF_COOKIE, token, {
        httpOnly: false,
        sameSite: 'lax',
        secure,
        overwrite: true,
        maxAge: 1000 * 60 * 60 * 24 * 30,
      });
    }
    const bearer = /^Bearer\s+\S/i.test(ctx.get('Authorization'));
    if (!SAFE.has(ctx.method) && !bearer) {
      const header = ctx.get(XSRF_HEADER);
      if (!header || !ctx.cookies.get(XSRF_COOKIE) || !equal(header, token)) {
        throw new HttpError(
          419,
          'Your session has expired or the page is out of date. Reload the page and try again.',
        );
      }
    }
    await next();
  };
}
