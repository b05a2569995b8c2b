import type { Context } from 'koa';
import type { Kit } from '../kit';

const warned = new WeakSet<Kit>();

/**
 * An absolute link into the site for mail. The Host header is the client's to forge, so a reset link built from
 * it could carry the token to another site: the origin is the configured base URL (`APP_URL`), else the request's
 * own origin only when its host is in `allowedHosts` (`APP_ALLOWED_HOSTS`), else the address the server listens
 * on (logged at start-up). An app served without `start()` and without either setting gets `http://localhost`.
 */
export function siteUrl(ctx: Context, kit: Kit, path: string): string {
  const { baseUrl, allowedHosts, listenUrl } = kit.config;
  let origin = baseUrl;
  if (!origin && ctx.host && allowedHosts?.includes(ctx.host.toLowerCase()))
    origin = `${ctx.protocol}://${ctx.host}`;
  origin ??= listenUrl;
  if (!origin) {
    origin = 'http://localhost';
    if (!warned.has(kit)) {
      warned.add(kit);
      kit.log.warn(
        'APP_URL is not set and the server was not started with start(): links in mail use http://localhost.',
      );
    }
  }
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}
