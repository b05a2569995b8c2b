import type { Context } from 'koa';
import type { Kit } from '../../kit';

const warned = new WeakSet<Kit>();

/**
 * An absolute link into the site for mail. The configured base URL (`APP_URL`) is used whenever it is set:
 * without it the request's own origin is the only guess, and that comes from the Host header, which a client
 * controls, so production sites must set `APP_URL` (docs/security.md, "Links in mail"). Warns once per app.
 */
export function siteUrl(ctx: Context, kit: Kit, path: string): string {
  let origin = kit.config.baseUrl;
  if (!origin) {
    origin = `${ctx.protocol}://${ctx.host}`;
    if (!warned.has(kit)) {
      warned.add(kit);
      kit.log.warn(
        `APP_URL is not set: links in mail use the request's Host header (${ctx.host}). Set APP_URL in production.`,
      );
    }
  }
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}
