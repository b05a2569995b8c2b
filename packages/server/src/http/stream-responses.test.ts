import { once } from 'node:events';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { streamResponses } from './stream-responses';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** An app whose only answer is the body `makeBody` gives, behind streamResponses and a middleware after it. */
async function serve(makeBody: () => Readable, app = new Koa()) {
  app.silent = true;
  app.use(streamResponses());
  app.use(async (ctx, next) => {
    await next();
    // Set after the handler, as the security headers and compression do: must still reach the client.
    ctx.set('X-After', 'yes');
  });
  app.use((ctx) => {
    ctx.type = 'text/plain';
    ctx.body = makeBody();
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string; aborted: boolean }>(
    (resolve, reject) => {
      const req = request(url, { method }, (res) => {
        let body = '';
        let aborted = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('aborted', () => {
          aborted = true;
        });
        res.on('error', () => {
          aborted = true;
        });
        res.on('close', () => resolve({ status: res.statusCode!, headers: res.headers, body, aborted }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('streamResponses', () => {
  it('sends a stream body whole, with the headers middleware set after the handler', async () => {
    const url = await serve(() => Readable.from(['one ', 'two ', 'three']));
    const answer = await get(url);
    expect(answer).toMatchObject({ status: 200, body: 'one two three', aborted: false });
    expect(answer.headers['x-after']).toBe('yes');
  });

  it('cuts the connection when the body fails mid-answer, and reports the error to the app', async () => {
    const app = new Koa();
    const errors: Error[] = [];
    app.on('error', (error: Error) => errors.push(error));
    const url = await serve(
      () =>
        new Readable({
          read() {
            if (this.readableLength === 0 && !errors.length) {
              this.push('partial ');
              setImmediate(() => this.destroy(new Error('disk gone')));
            }
          },
        }),
      app,
    );
    const answer = await get(url);
    expect(answer.aborted).toBe(true);
    expect(answer.body).toBe('partial ');
    expect(errors.map((error) => error.message)).toEqual(['disk gone']);
  });

  it('frees the body when the client leaves mid-answer', async () => {
    let body: Readable | undefined;
    const url = await serve(() => {
      body = new Readable({
        read() {
          this.push('x'.repeat(64 * 1024));
        },
      });
      return body;
    });
    await new Promise<void>((resolve) => {
      const req = request(url, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await once(body!, 'close');
    expect(body!.destroyed).toBe(true);
  });

  it('leaves HEAD to Koa: headers only, and the body is freed', async () => {
    let body: Readable | undefined;
    const url = await serve(() => {
      body = Readable.from(['never sent']);
      return body;
    });
    const answer = await get(url, 'HEAD');
    expect(answer).toMatchObject({ status: 200, body: '' });
    if (!body!.destroyed) await once(body!, 'close');
    expect(body!.destroyed).toBe(true);
  });
});
