import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';

export interface SecurityHeadersOptions {
  /** Extra origins allowed to serve scripts (a human-check provider, for example). */
  scriptSources?: string[];
  /** Extra origins the page may connect to (S3 uploads, for example). */
  connectSources?: string[];
  /** Extra origins the page may frame (a human-check widget, for example). */
  frameSources?: string[];
  /** Extra image origins. */
  imageSources?: string[];
  /** Turns the Content-Security-Policy off, for Vite's dev server which injects inline scripts. */
  csp?: boolean;
  /**
   * The site is served over https even where this hop is plain http (set from an https `APP_URL` or the
   * `secure` option): `Strict-Transport-Security` goes out on every answer, not only on requests seen as https.
   */
  https?: boolean;
}

/** The two policies: a strict one for API answers, and the page's, which allows one nonce'd inline script. */
export interface CspPolicy {
  /** Sent with every answer that is not a page: nothing in it may load or run anything. */
  api: string;
  /** The page's policy for a given nonce. */
  document(nonce: string): string;
  /** A fresh nonce (128 bits). */
  nonce(): string;
}

declare module 'koa' {
  interface DefaultState {
    /** Set when a CSP applies; the page renderer uses it to allow its inline bootstrap script. */
    csp?: CspPolicy;
  }
}

/** Builds the policies once, so a request only joins a nonce into precomputed text. */
export function createCspPolicy(options: SecurityHeadersOptions = {}): CspPolicy {
  const extra = (list: string[] | undefined) => (list?.length ? ` ${list.join(' ')}` : '');
  const before = "default-src 'self'; script-src 'self' 'nonce-";
  const after = [
    `'${extra(options.scriptSources)}`,
    // react-aria and framer-motion position overlays with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(options.imageSources)}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra(options.connectSources)}`,
    `frame-src 'self'${extra(options.frameSources)}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  // Nonces are cut from a pooled random buffer: one system call per 256 pages instead of one per page.
  let pool = Buffer.alloc(0);
  let offset = 0;
  return {
    api: "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    document: (nonce) => `${before}${nonce}${after}`,
    nonce() {
      if (offset + 16 > pool.length) {
        pool = randomBytes(16 * 256);
        offset = 0;
      }
      offset += 16;
      return pool.toString('base64', offset - 16, offset);
    },
  };
}

/**
 * Sets the headers every response gets. API answers carry a CSP that allows nothing; pages get the SPA's
 * policy (own scripts plus a per-page nonce for the injected bootstrap script), set by the page renderer.
 * Framing is limited to the same origin, so the appearance editor can frame the site while others cannot.
 * The static part is computed once: this middleware runs on every request, so it stays cheap.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): Middleware {
  const policy = options.csp === false ? undefined : createCspPolicy(options);
  const fixed: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  if (policy) fixed.push(['Content-Security-Policy', policy.api]);
  return async (ctx, next) => {
    const res = ctx.res;
    for (const [name, value] of fixed) res.setHeader(name, value);
    // HSTS only means something over https, and browsers ignore it over http, so a plain-http dev server
    // never pins itself; a site configured as https sends it on every answer.
    if (ctx.secure || options.https)
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (policy) ctx.state.csp = policy;
    await next();
  };
}
