import { constants } from 'node:zlib';
import type { Middleware } from 'koa';
import compress from 'koa-compress';

/**
 * Text worth compressing. Server-Sent Events (`text/event-stream`) are left out on purpose: a compressor holds
 * bytes back until its block fills, so a live event would wait in it. Images, audio and fonts are compressed
 * already.
 */
const COMPRESSIBLE_TYPE =
  /^(?:text\/(?:html|plain|css|csv|xml|javascript|markdown)|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)$/;

/**
 * Brotli or gzip for the answers a page load waits on: the HTML of every page and the API's JSON (a Discover
 * feed is 10 KB of JSON that compresses to 2 KB). Built assets are precompressed at build time and carry their
 * own `Content-Encoding`, so they pass through untouched, as do partial answers (206) and answers under 1 KB.
 *
 * Only GET answers are compressed. BREACH recovers a secret from the size of compressed answers that also
 * reflect what an attacker sends; the answers that carry secrets (a two-factor secret and its recovery codes, a
 * new API token, a sealed download link) are answers to POSTs, and the XSRF token lives only in a cookie and a
 * header, never in a body. Brotli runs at quality 4: on the fly, higher levels cost more CPU than the bytes they
 * save.
 */
export function compressResponses(): Middleware {
  const inner = compress({
    filter: (type) => COMPRESSIBLE_TYPE.test(type),
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
  return (ctx, next) =>
    inner(ctx, async () => {
      await next();
      if (ctx.method !== 'GET') {
        ctx.compress = false;
        return;
      }
      // Koa measures an object body by serialising it, and would serialise it again to send it: serialise once.
      const body: unknown = ctx.body;
      if (body !== null && typeof body === 'object' && isPlainJson(body)) {
        ctx.body = JSON.stringify(body);
        ctx.type = 'json';
      }
    });
}

function isPlainJson(body: object): boolean {
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}
