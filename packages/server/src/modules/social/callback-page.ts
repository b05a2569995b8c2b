import { social } from '@backline/core/contract';
import type { Context } from 'koa';

export type SocialStatus = social.SocialStatus;
export type SocialCallbackData = social.SocialCallbackData;

// Inside <script type="application/json">: `<` must never appear raw, or `</script>` could end the block.
const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * Answers the tiny page a social popup ends on: it posts `{type: 'social-auth', status, callbackData}` to
 * the opener, addressed to the site's own origin only (so no other page that opened the popup can read
 * bootstrap data), then closes. Its one inline script runs under the page CSP's nonce.
 */
export function renderCallbackPage(
  ctx: Context,
  origin: string,
  status: SocialStatus,
  callbackData: SocialCallbackData = {},
): void {
  const nonce = ctx.state.csp?.nonce();
  const message = { type: social.SOCIAL_MESSAGE_TYPE, status, callbackData };
  const script = `(function () {
  var data = JSON.parse(document.getElementById('social-auth').textContent);
  if (window.opener) window.opener.postMessage(data.message, data.origin);
  window.close();
})();`;
  ctx.status = 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  // The popup came back from the provider's origin: an opener policy other than unsafe-none would sever
  // `window.opener` on this navigation and the message would have nowhere to go.
  ctx.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  ctx.set('Referrer-Policy', 'no-referrer');
  if (nonce && ctx.state.csp) ctx.set('Content-Security-Policy', ctx.state.csp.document(nonce));
  ctx.body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Signing in…</title></head>
<body>
<script type="application/json" id="social-auth">${safeJson({ message, origin })}</script>
<script${nonce ? ` nonce="${nonce}"` : ''}>${script}</script>
</body>
</html>`;
}
