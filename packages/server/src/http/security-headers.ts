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
}

declare module 'koa' {
  interface DefaultState {
    /** A fresh nonce per response, for the inline bootstrap script. */
    cspNonce: string;
  }
}

/**
 * Sets the headers every response gets. The CSP allows the SPA's own scripts plus a per-response nonce
 * for the injected bootstrap script. Framing is limited to the same origin, so the appearance editor can
 * still frame the site while other sites cannot.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): Middleware {
  const extra = (list: string[] | undefined) => (list?.length ? ` ${list.join(' ')}` : '');
  return async (ctx, next) => {
    const nonce = randomBytes(16).toString('base64');
    ctx.state.cspNonce = nonce;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (options.csp !== false) {
      ctx.set(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'${extra(options.scriptSources)}`,
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
        ].join('; '),
      );
    }
    await next();
  };
}
