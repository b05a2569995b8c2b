import type { RunningServer } from '@internal/testing';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
