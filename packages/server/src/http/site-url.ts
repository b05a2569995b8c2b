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
  return `${siteBase(ctx, kit)}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The site's trusted origin, by the same rule as `siteUrl`: `APP_URL`, else the request's origin when its Host is
 * in `allowedHosts`, else the address the server listens on. Anything absolute the server hands out (mail links,
 * OAuth redirect URIs, the popup's message target, the origin an own-site URL is checked against) comes from it,
 * never from a Host header a client can forge.
 */
export function siteOrigin(ctx: Context, kit: Kit): string {
  return new URL(siteBase(ctx, kit)).origin;
}

/** The configured base URL as given (it may carry a path), or the origin the rule above picks. */
function siteBase(ctx: Context, kit: Kit): string {
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
  return origin;
}
