import { Readable } from 'node:stream';
import type { Middleware } from 'koa';

/** Statuses that carry no body: Koa answers these itself (and drops the body). */
const BODILESS = new Set([204, 205, 304]);

/**
 * Outermost middleware: a Node stream body (a stored file's read stream, a compressor, a live event stream) is
 * sent with `body.pipe(res)` instead of Koa's own `stream.pipeline(body, res)`. On Node 20 every `pipeline`
 * call makes an `AbortController` and aborts it when done (an `AbortError` and an event per response), which
 * cost the streaming benchmark about a third of the site's JavaScript time per range request
 * (docs/benchmarks.md, streaming, fourth pass); `pipe` is what a bare Node server does.
 *
 * What `pipeline` guaranteed still holds: Koa's body setter already destroys the body when the response
 * finishes or closes (a listener who leaves frees the file at once), and a body that fails mid-answer destroys
 * the response, so the client sees a cut connection rather than a short file that looks whole, and the error
 * reaches the app's `error` listeners as Koa would report it. Everything else (HEAD, 204/205/304, a response
 * already ended, bodies that are not Node streams) is left to Koa.
 */
export function streamResponses(): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (
      !(body instanceof Readable) ||
      ctx.respond === false ||
      ctx.method === 'HEAD' ||
      BODILESS.has(ctx.status) ||
      !ctx.writable
    )
      return;
    const res = ctx.res;
    ctx.respond = false;
    body.once('error', (error) => {
      res.destroy();
      if (ctx.app.listenerCount('error')) ctx.onerror(error);
    });
    // `pipe` rethrows a response error nobody listens to; a response that fails has lost its client, so the
    // body is dropped instead (the setter's listener frees it as the response closes).
    res.once('error', () => body.destroy());
    body.pipe(res);
  };
}
