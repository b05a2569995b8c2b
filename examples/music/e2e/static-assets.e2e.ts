import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '@internal/testing';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../src/server/app';
import { type BrowserHarness, startBrowser, startSite } from './support/site';

/**
 * The built site as Chromium loads it: the main script arrives compressed (the build's brotli and gzip copies,
 * picked by Accept-Encoding), no static file sets a cookie, and the page carries a default meta description.
 */
describe('music site, static assets in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  beforeAll(async () => {
    site = await startSite();
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('sends the main script compressed, sets no cookie on asset responses, and describes the page', async () => {
    const { page, context } = await browser.newPage();
    const assets: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
    });
    const pageAnswer = await page.goto(site.url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Discover');
    // The page itself is where the XSRF cookie comes from.
    expect(await pageAnswer!.headerValue('set-cookie')).toMatch(/XSRF-TOKEN=/);

    const main = await page.evaluate(
      () => (document.querySelector('script[type="module"][src^="/assets/"]') as HTMLScriptElement).src,
    );
    const script = assets.find((response) => response.url() === main);
    expect(script, `no response for ${main}`).toBeDefined();
    const headers = await script!.allHeaders();
    expect(['br', 'gzip']).toContain(headers['content-encoding']);
    expect(headers.vary).toMatch(/Accept-Encoding/i);

    expect(assets.length).toBeGreaterThan(1);
    for (const response of assets) {
      expect(await response.headerValue('set-cookie'), response.url()).toBeNull();
    }

    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBeTruthy();
    await context.close();
  });

  it('opens /login without loading any schema: no zod, no contract route module', async () => {
    const { page, context } = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto(`${site.url}/login`);
    await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(1);
    // The build's source maps name every module a script holds. The sign-in screen calls its routes by method
    // and path and loads their schemas at the visitor's first keystroke, so until then none may be here.
    const modules = scripts.flatMap(
      (script) =>
        (JSON.parse(readFileSync(path.join(CLIENT_DIST, `${script}.map`), 'utf8')) as { sources: string[] })
          .sources,
    );
    expect(modules.some((source) => source.includes('/react-dom/'))).toBe(true);
    expect(modules.filter((source) => /\/zod\/|\/contract\/routes\//.test(source))).toEqual([]);
    await context.close();
  });

  it('announces the chunks of a page in its HTML, and only chunks the page loads', async () => {
    for (const [address, pageChunk] of [
      ['/login', /\/auth-pages-[\w-]+\.js$/],
      ['/discover', /\/discover-page-[\w-]+\.js$/],
    ] as const) {
      const html = await (await fetch(`${site.url}${address}`)).text();
      const announced = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1]!,
      );
      expect(
        announced.some((href) => pageChunk.test(href)),
        address,
      ).toBe(true);

      const { page, context } = await browser.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.endsWith('.js')) scripts.add(pathname);
      });
      await page.goto(`${site.url}${address}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Each announced chunk is one the page really runs: announcing more would spend a phone's bandwidth.
      for (const href of announced) expect(scripts, `${address} announced ${href}`).toContain(href);
      await context.close();
    }
  });
});
