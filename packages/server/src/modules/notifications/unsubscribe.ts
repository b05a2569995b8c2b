import type { Context, Middleware } from 'koa';
import { HttpError } from '../../http/errors';
import { routeUrl } from '../../http/routes';
import type { Kit } from '../../kit';
import {
  channelsFor,
  notificationsState,
  openUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  unsubscribePath,
} from './notify';
import { DEFAULT_CHANNELS, type NotificationType, notificationTypes } from './types';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The user and the registered type a token names; null when forged, altered, or the user or type is gone. */
async function resolveToken(
  kit: Kit,
  token: string,
): Promise<{ userId: number; email: string; type: NotificationType } | null> {
  if (!token || token.length > 1000) return null;
  const opened = openUnsubscribeToken(kit, token);
  const type = opened && notificationTypes(kit).find((t) => t.id === opened.typeId);
  if (!opened || !type) return null;
  const user = await kit.knex('users').where({ id: opened.userId }).first('id', 'email');
  return user ? { userId: user.id, email: user.email, type } : null;
}

/**
 * A small page of its own rather than the app: it must work from a mail client's browser without scripts, and
 * its form posts to the same URL (the page CSP allows same-origin form actions and inline styles).
 */
async function renderPage(ctx: Context, kit: Kit, title: string, body: string): Promise<void> {
  const siteName = await kit.settings.get<string>('branding.site_name', 'Backline');
  const nonce = ctx.state.csp?.nonce();
  ctx.status = 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  // The token in the URL must not leak to the site's home page through the Referer of the link below.
  ctx.set('Referrer-Policy', 'no-referrer');
  if (nonce && ctx.state.csp) ctx.set('Content-Security-Policy', ctx.state.csp.document(nonce));
  ctx.body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1c1f24;margin:0;padding:24px}main{max-width:480px;margin:48px auto;background:#fff;border-radius:8px;padding:24px}h1{font-size:20px;margin:0 0 16px}p{margin:0 0 16px;line-height:1.5}button{font:inherit;background:#5b3fd9;color:#fff;border:0;border-radius:6px;padding:10px 18px;cursor:pointer}a{color:#4a2fc7}</style></head>
<body><main><p>${escapeHtml(siteName)}</p><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Go to ${escapeHtml(siteName)}</a></p></main></body>
</html>`;
}

// An error answers in the API's error shape, as every route of the contract does.
const invalid = () => new HttpError(404, 'This link is not valid.');

/** `GET notifications/unsubscribe/{token}`: asks to confirm and changes nothing (scanners open every link). */
export async function showUnsubscribePage(ctx: Context, kit: Kit, token: string): Promise<void> {
  const found = await resolveToken(kit, token);
  if (!found) throw invalid();
  await renderPage(
    ctx,
    kit,
    'Unsubscribe from these emails?',
    `<p>You will no longer get emails to <strong>${escapeHtml(found.email)}</strong> about “${escapeHtml(found.type.name)}”. The notifications still show up on the site.</p>` +
      `<form method="post" action="${escapeHtml(unsubscribePath(token))}"><button type="submit">Unsubscribe</button></form>`,
  );
}

/**
 * Turns email off for the token's user and type, leaving their other channels for it as they were. Answers
 * null for a token that names nobody.
 */
async function unsubscribe(kit: Kit, token: string): Promise<NotificationType | null> {
  const found = await resolveToken(kit, token);
  if (!found) return null;
  const { userId, type } = found;
  const current = (await channelsFor(kit, type.id, type.channels ?? DEFAULT_CHANNELS, [userId])).get(userId)!;
  const channels = Object.fromEntries(
    ['database', 'email', ...notificationsState(kit).channels.keys()].map((channel) => [
      channel,
      current.has(channel),
    ]),
  );
  channels.email = false;
  await kit
    .knex('notification_subscriptions')
    .insert({ user_id: userId, notif_id: type.id, channels: JSON.stringify(channels) })
    .onConflict(['user_id', 'notif_id'])
    .merge(['channels']);
  return type;
}

/**
 * `POST notifications/unsubscribe/{token}`, handled before the XSRF check (as a `session` layer): RFC 8058 mail
 * clients post `List-Unsubscribe=One-Click` with no cookie and no XSRF header, and the confirmation page's plain
 * form has none either. The sealed token is the authority, and it only ever turns one type's mail off, so a
 * forged cross-site post can do nothing without the token. The body is not read: what it says changes nothing.
 */
export function oneClickUnsubscribe(kit: Kit): Middleware {
  const prefix = routeUrl(UNSUBSCRIBE_PATH);
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !ctx.path.startsWith(prefix)) return next();
    const token = ctx.path.slice(prefix.length);
    const type = await unsubscribe(kit, token);
    if (!type) throw invalid();
    await renderPage(
      ctx,
      kit,
      'You are unsubscribed',
      `<p>You will no longer get emails about “${escapeHtml(type.name)}”. Change which emails you get in your <a href="/notifications/settings">notification settings</a>.</p>`,
    );
  };
}
