import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, startTestServer, tempDir, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from './xsrf';

/** The XSRF cookie line of a fresh visitor's first answer, with the request's extra headers. */
async function firstAnswer(server: RunningServer, headers: Record<string, string> = {}) {
  const response = await fetch(new URL('/api/v1/health', server.url), { headers });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${XSRF_COOKIE}=`));
  return { cookie: cookie ?? '', hsts: response.headers.get('strict-transport-security') };
}

describe.each(testDatabases())('https cookies and HSTS on $name', (database) => {
  describe('behind a trusted proxy', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, { proxy: true });
    });
    afterAll(() => server?.close());

    it('marks XSRF-TOKEN Secure and sends HSTS when the proxy says https (cookie sent over plain http otherwise)', async () => {
      const https = await firstAnswer(server, { 'X-Forwarded-Proto': 'https' });
      expect(https.cookie).toMatch(/;\s*secure/i);
      expect(https.hsts).toMatch(/^max-age=\d{8}/);
      // Plain http (a local dev server): no Secure flag, which the browser would refuse over http, and no HSTS.
      const http = await firstAnswer(server);
      expect(http.cookie).not.toMatch(/;\s*secure/i);
      expect(http.hsts).toBeNull();
    });
  });

  describe('configured as https (an https APP_URL), behind a proxy it does not trust', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, { baseUrl: 'https://radio.example.test' });
    });
    afterAll(() => server?.close());

    it('marks XSRF-TOKEN Secure and sends HSTS on every answer', async () => {
      const answer = await firstAnswer(server);
      expect(answer.cookie).toMatch(/;\s*secure/i);
      expect(answer.hsts).toMatch(/^max-age=\d{8}/);
    });
  });

  describe('serving the built client', () => {
    let server: RunningServer;
    let withMaps: RunningServer;
    const client = tempDir('backline-client-maps-');
    beforeAll(async () => {
      mkdirSync(path.join(client.dir, 'assets'));
      writeFileSync(
        path.join(client.dir, 'index.html'),
        '<!doctype html><html><head></head><body></body></html>',
      );
      writeFileSync(
        path.join(client.dir, 'assets', 'app-1234.js'),
        'console.log("app")\n//# sourceMappingURL=app-1234.js.map',
      );
      writeFileSync(
        path.join(client.dir, 'assets', 'app-1234.js.map'),
        '{"version":3,"sources":["../src/secret.ts"],"sourcesContent":["const apiKey = 1"]}',
      );
      server = await startTestServer(database, { spa: { root: client.dir } });
      withMaps = await startTestServer(database, { spa: { root: client.dir, sourceMaps: true } });
    });
    afterAll(async () => {
      await server?.close();
      await withMaps?.close();
      client.cleanup();
    });

    it('keeps source maps (the original source) out of production serving unless asked', async () => {
      const script = await fetch(new URL('/assets/app-1234.js', server.url));
      expect(script.status).toBe(200);
      const map = await fetch(new URL('/assets/app-1234.js.map', server.url));
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('sourcesContent');
      const asked = await fetch(new URL('/assets/app-1234.js.map', withMaps.url));
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain('sourcesContent');
    });
  });
});
