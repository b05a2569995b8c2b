import { type BacklineRouter, HttpError, type Kit } from '@backline/server';
import { ads } from '../../../contract';

/**
 * The ad frame's policy. `sandbox` without `allow-same-origin` gives the document an opaque origin whoever opens
 * it (the page's `<iframe sandbox>` says the same, this holds even when the URL is opened on its own), so its
 * scripts cannot read the site's cookies, storage or DOM; ad networks still need inline and remote scripts,
 * images and frames, which the rest allows. Only the site may frame it.
 */
const AD_FRAME_CSP = [
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms',
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');

/**
 * Tells the embedding page how tall the ad is, so the frame fits it (up to the slot's limit). The page checks
 * that a size message comes from its own frame; the target origin is the site's, which `location` still names
 * inside the opaque-origin document.
 */
const sizeReporter = (slot: string) => `<script>(function(){
  var send = function () {
    parent.postMessage({ type: 'backline:ad-size', slot: ${JSON.stringify(slot)},
      height: Math.ceil(document.documentElement.getBoundingClientRect().height) }, location.origin);
  };
  new ResizeObserver(send).observe(document.documentElement);
  addEventListener('load', send);
})();</script>`;

/** The slot's code in a document of its own: the admin's markup as given, after a size reporter. */
export function adFrameDocument(slot: string, code: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}body{display:flow-root}</style>
${sizeReporter(slot)}</head><body>${code}</body></html>`;
}

/** `GET ads/{slot}/frame`. */
export function adRoutes(router: BacklineRouter, kit: Kit) {
  router.route(ads.frame).handle(async ({ ctx, params }) => {
    const code = await kit.settings.get<string>(ads.adSetting(params.slot), '');
    if (!code?.trim()) throw new HttpError(404, 'This ad slot is empty.');
    ctx.set('Content-Security-Policy', AD_FRAME_CSP);
    // An admin's edit shows on the next page view; the page asks again with the code's hash in the URL.
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = adFrameDocument(params.slot, code);
  });
}
