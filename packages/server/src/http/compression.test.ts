import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { raw, route } from '@backline/core/contract';
import { type RunningServer, rawRequest, startTestServer, tempDir, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineModule } from '../kit';

/** A list long enough to cross the 1 KB threshold several times over. */
const ITEMS = Array.from({ length: 200 }, (_, i) => `track number ${i} of a long album`);
const EVENTS = `${'data: {"unread":1}\n\n'.repeat(100)}`;

const echo = defineModule({
  id: 'echo',
  routes(router) {
    const List = z.object({ items: z.array(z.string()) });
    router
      .route(route({ method: 'GET', path: 'echo/list', tag: 'echo', summary: 'A long list', response: List }))
      .handle(() => ({ items: ITEMS }));
    router
      .route(
        route({ method: 'GET', path: 'echo/short', tag: 'echo', summary: 'A short list', response: List }),
      )
      .handle(() => ({ items: ITEMS.slice(0, 2) }));
    router
      .route(
        route({ method: 'POST', path: 'echo/list', tag: 'echo', summary: 'A long list', response: List }),
      )
      .handle(() => ({ items: ITEMS }));
    router
      .route(
        route({
          method: 'GET',
          path: 'echo/events',
          tag: 'echo',
          summary: 'An event stream',
          response: raw('text/event-stream'),
        }),
      )
      .handle(({ ctx }) => {
        const stream = new PassThrough();
        ctx.type = 'text/event-stream';
        ctx.body = stream;
        stream.end(EVENTS);
        return undefined;
      });
  },
});

describe.each(testDatabases())('response compression on $name', (database) => {
  let server: RunningServer;
  const client = tempDir('backline-compress-');
  beforeAll(async () => {
    // A page long enough to compress, as a built index.html with its bootstrap data is.
    writeFileSync(
      path.join(client.dir, 'index.html'),
      `<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div>${'<p>Listen to music</p>'.repeat(100)}</body></html>`,
    );
    server = await startTestServer(database, { modules: [echo], spa: { root: client.dir } });
  });
  afterAll(async () => {
    await server?.close();
    client.cleanup();
  });

  it('compresses JSON with brotli or gzip, as the client accepts, and sends identity otherwise', async () => {
    const url = `${server.url}/api/v1/echo/list`;
    const br = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual({ items: ITEMS });
    expect(br.body.length).toBeLessThan(JSON.stringify({ items: ITEMS }).length / 4);
    const gz = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual({ items: ITEMS });
    const plain = await rawRequest(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual({ items: ITEMS });
  });

  it('compresses the page HTML', async () => {
    const page = await rawRequest(`${server.url}/some/page`, { headers: { 'Accept-Encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('window.bootstrapData=');
  });

  it('leaves small answers, answers to POSTs and event streams uncompressed', async () => {
    const short = await rawRequest(`${server.url}/api/v1/echo/short`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(short.body.toString())).toEqual({ items: ITEMS.slice(0, 2) });

    // An unsafe method needs the XSRF pair: the cookie from a first answer and the same value in the header.
    const first = await rawRequest(`${server.url}/api/v1/echo/short`);
    const token = /XSRF-TOKEN=([^;]+)/.exec(String(first.headers['set-cookie']))?.[1];
    expect(token).toBeTruthy();
    const posted = await rawRequest(`${server.url}/api/v1/echo/list`, {
      method: 'POST',
      headers: {
        'Accept-Encoding': 'gzip, br',
        Cookie: `XSRF-TOKEN=${token}`,
        'X-XSRF-TOKEN': decodeURIComponent(token!),
      },
    });
    expect(posted.status).toBe(200);
    expect(posted.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(posted.body.toString())).toEqual({ items: ITEMS });

    const events = await rawRequest(`${server.url}/api/v1/echo/events`, {
      headers: {
        'Accept-Encoding': 'gzip, br',
      },
    });
    expect(events.headers['content-type']).toMatch(/text\/event-stream/);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.toString()).toBe(EVENTS);
  });
});
