import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { type RunningServer, rawRequest, startTestServer, tempDir, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A main script as a build leaves it: the file and its precompressed copies (vite-precompress in the music site). */
const MAIN = Buffer.from(`export const tracks = [${'"a track title", '.repeat(2000)}];`);

describe.each(testDatabases())('single-page client on $name', (database) => {
  let server: RunningServer;
  const client = tempDir('backline-client-');
  beforeAll(async () => {
    mkdirSync(path.join(client.dir, 'assets'));
    writeFileSync(
      path.join(client.dir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(client.dir, 'assets', 'app-1234.js'), 'console.log("app")');
    writeFileSync(path.join(client.dir, 'assets', 'main-5678.js'), MAIN);
    writeFileSync(path.join(client.dir, 'assets', 'main-5678.js.br'), brotliCompressSync(MAIN));
    writeFileSync(path.join(client.dir, 'assets', 'main-5678.js.gz'), gzipSync(MAIN));
    // The build's manifest: the entry with a static import, a page whose chunk shares one with the entry, and a
    // re-exporting module (no key of its own, its chunk listed under its file name).
    mkdirSync(path.join(client.dir, '.vite'));
    writeFileSync(
      path.join(client.dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'] },
        '_vendor-1.js': { file: 'assets/vendor-1.js' },
        'src/pages/artist-page.tsx': {
          file: 'assets/artist-page-1.js',
          src: 'src/pages/artist-page.tsx',
          isDynamicEntry: true,
          imports: ['index.html', '_vendor-1.js', '_cards-1.js'],
          css: ['assets/artist-page-1.css'],
        },
        '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_vendor-1.js'] },
        '_auth-pages-1.js': {
          file: 'assets/auth-pages-1.js',
          name: 'auth-pages',
          isDynamicEntry: true,
          imports: ['index.html', '_cards-1.js'],
        },
      }),
    );
    server = await startTestServer(database, {
      spa: {
        root: client.dir,
        pageModules: (ctx) =>
          ctx.path === '/artist'
            ? ['src/pages/artist-page.tsx']
            : ctx.path === '/login'
              ? ['src/pages/auth-pages.tsx', 'src/pages/renamed.tsx']
              : [],
      },
      settings: { 'branding.site_name': { value: '</script><script>alert(1)</script>', public: true } },
    });
  });
  afterAll(async () => {
    await server?.close();
    client.cleanup();
  });

  it('injects the bootstrap global with the CSP nonce into index.html for client routes', async () => {
    const response = await server.session().get('/some/client/route');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = String(response.data);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    // Every page gets its own nonce.
    const again = (await server.session().get('/some/client/route')).headers.get('content-security-policy');
    expect(again).not.toBe(csp);
    const match = /<script nonce="([^"]+)">window\.bootstrapData=(.*?);<\/script>/.exec(html);
    expect(match?.[1]).toBe(nonce);
    const data = JSON.parse(JSON.parse(match![2]!));
    expect(data.settings.branding.site_name).toBe('</script><script>alert(1)</script>');
  });

  it('escapes the injected data so it cannot break out of the script', async () => {
    const html = String((await server.session().get('/')).data);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
  });

  it('serves built assets with long caching, and 404s for missing ones', async () => {
    const http = server.session();
    const asset = await http.get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await http.get('/assets/missing.js')).status).toBe(404);
  });

  it('does not answer API paths with the page', async () => {
    const response = await server.session().get('/api/v1/unknown');
    expect(response.status).toBe(404);
    expect(response.data).toEqual({ message: 'Not found.' });
  });

  it('sends precompressed assets by Accept-Encoding, with Vary, and identity to clients that accept neither', async () => {
    const url = `${server.url}/assets/main-5678.js`;
    const br = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).equals(MAIN)).toBe(true);
    const gz = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(MAIN)).toBe(true);
    const plain = await rawRequest(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(MAIN)).toBe(true);
  });

  it('sets no cookie on static files (no XSRF-TOKEN), while the page still gets its XSRF cookie', async () => {
    for (const file of ['/assets/main-5678.js', '/assets/app-1234.js']) {
      const asset = await rawRequest(`${server.url}${file}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(asset.headers['set-cookie']).toBeUndefined();
      expect(asset.headers['cache-control']).toContain('immutable');
    }
    const page = await rawRequest(`${server.url}/some/client/route`);
    expect(String(page.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
  });

  it("announces a page's chunks and styles from the build's manifest, leaving out what the entry loads", async () => {
    const links = async (address: string) =>
      [
        ...String((await server.session().get(address)).data).matchAll(
          /<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => `${m[1]} ${m[2]}`);
    expect(await links('/artist')).toEqual([
      'modulepreload /assets/artist-page-1.js',
      'stylesheet /assets/artist-page-1.css',
      'modulepreload /assets/cards-1.js',
    ]);
    // Found by its file name; a module the manifest does not hold announces nothing.
    expect(await links('/login')).toEqual([
      'modulepreload /assets/auth-pages-1.js',
      'modulepreload /assets/cards-1.js',
    ]);
    expect(await links('/elsewhere')).toEqual([]);
    // The manifest is the server's, not the visitors'.
    expect((await server.session().get('/.vite/manifest.json')).status).toBe(404);
  });
});
