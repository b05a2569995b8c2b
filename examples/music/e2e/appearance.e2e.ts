import { appearance } from '@backline/core/contract';
import { createTestUser, type RunningServer } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, expectAccessible, screenshot, startBrowser, startSite } from './support/site';

const PASSWORD = 'margaret-hamilton-1969';
const NOTICE =
  'We use cookies to optimize site functionality and provide you with the best possible experience.';
const SOURCE = appearance.APPEARANCE_EDITOR_SOURCE;
const DAY = 24 * 60 * 60;

interface ThemeRow {
  id: number;
  is_dark: boolean;
  colors: Record<string, string>;
}

/**
 * The site half of the appearance feature in Chromium: the cookie notice, both shipped themes painted by the server
 * (no flash) and axe-clean, and the appearance-editor bridge: the five message types, and the messages it must ignore.
 */
describe('appearance: cookie notice, themes and the editor bridge', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  let light: ThemeRow;
  let dark: ThemeRow;

  beforeAll(async () => {
    site = await startSite({ settings: { 'homepage.type': { value: 'landingPage', public: true } } });
    const themes = (await site.app.kit.knex('themes').orderBy('id')) as ThemeRow[];
    light = themes.find((theme) => !theme.is_dark)!;
    dark = themes.find((theme) => theme.is_dark)!;
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const notice = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });

  it('shows the cookie notice until OK, which sets a 30-day cookie on / and keeps it hidden after reload', async () => {
    await site.app.kit.settings.setMany({ 'cookie_notice.enable': true, 'cookie_notice.position': 'bottom' });
    await site.app.kit.settings.set('cookie_notice.button', {
      label: 'Privacy policy',
      type: 'route',
      action: '/pages/privacy-policy',
    });
    const { page, context } = await browser.newPage();
    await page.goto(site.url);
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toContain(NOTICE);
    expect(await notice(page).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/pages/privacy-policy',
    );
    // Bottom: the bar's lower edge is the viewport's.
    const box = (await notice(page).boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(800);
    await expectAccessible(page);
    await screenshot(page, 'cookie-notice-bottom-light-1280');

    const before = Date.now() / 1000;
    await notice(page).getByRole('button', { name: 'OK' }).click();
    await notice(page).waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((entry) => entry.name === appearance.COOKIE_NOTICE_COOKIE)!;
    expect(cookie.path).toBe('/');
    expect(cookie.expires).toBeGreaterThan(before + 30 * DAY - 60);
    expect(cookie.expires).toBeLessThan(Date.now() / 1000 + 30 * DAY + 60);

    // The notice is a lazy part of the page, loaded after the landing page may already show: once the network is
    // idle its code has arrived and rendered, so "no notice" is not merely "not loaded yet".
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('.landing-header').waitFor();
    expect(await notice(page).count()).toBe(0);
    await context.close();
  });

  it('puts the notice at the top when the setting says so, and is axe-clean in the dark theme at 375 px', async () => {
    await site.app.kit.settings.set('cookie_notice.position', 'top');
    const { page, context } = await browser.newPage({ width: 375, height: 740 });
    await context.addCookies([{ name: 'be-active-theme', value: String(dark.id), url: site.url }]);
    await page.goto(site.url);
    await notice(page).waitFor();
    expect((await notice(page).boundingBox())!.y).toBe(0);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'cookie-notice-top-dark-375');
    await context.close();
    await site.app.kit.settings.set('cookie_notice.enable', false);
  });

  it('sends each shipped theme already painted (class and variables in the HTML), axe-clean in both', async () => {
    for (const theme of [light, dark]) {
      const html = await (
        await fetch(site.url, { headers: { Accept: 'text/html', Cookie: `be-active-theme=${theme.id}` } })
      ).text();
      const tag = /<html[^>]*>/.exec(html)![0];
      expect(tag.includes('class="dark"')).toBe(theme.is_dark);
      expect(tag).toContain(`--bl-bg: ${theme.colors['--bl-bg']}`);

      const { page, context } = await browser.newPage();
      await context.addCookies([{ name: 'be-active-theme', value: String(theme.id), url: site.url }]);
      await page.goto(site.url);
      await page.locator('.landing-header').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme.is_dark,
      );
      await expectAccessible(page);
      await screenshot(page, `appearance-landing-${theme.is_dark ? 'dark' : 'light'}-1280`);
      await context.close();
    }
  });

  describe('the editor bridge', () => {
    /** Opens the site in editor mode, with a recorder of every window message the page received. */
    async function openEditorMode(path = '/') {
      const { page, context } = await browser.newPage();
      await page.goto(`${site.url}${path}?${appearance.APPEARANCE_EDITOR_PARAM}=true`);
      await page.locator('.landing-header').waitFor();
      await bridgeReady(page);
      await installRecorder(page);
      return { page, context };
    }
    /**
     * Waits until the bridge carries out a message as it arrives. It listens from an effect, and loads its schemas
     * with the first message, queueing what comes meanwhile; on a busy machine that load outlasts a message's
     * dispatch, so the recorder's "seen" would run ahead of the bridge. A probe variable is posted until it lands
     * (each probe awaited to its own dispatch, so none is left in flight), then cleared.
     */
    async function bridgeReady(page: Page) {
      const probe = { source: SOURCE, type: 'setThemeColor', name: '--bl-bridge-probe', value: 'ready' };
      await expect
        .poll(() =>
          page.evaluate(async (message) => {
            await new Promise((resolve) => {
              window.addEventListener('message', resolve, { once: true });
              window.postMessage(message, window.location.origin);
            });
            return document.documentElement.style.getPropertyValue(message.name);
          }, probe),
        )
        .toBe('ready');
      await page.evaluate((name) => document.documentElement.style.removeProperty(name), probe.name);
    }
    async function installRecorder(page: Page) {
      // Added after the bridge's listener, so when it has seen a message the bridge has handled it too.
      await page.evaluate(() => {
        const w = window as unknown as { seen: unknown[] };
        w.seen = [];
        window.addEventListener('message', (event) => w.seen.push(event.data));
      });
    }
    const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length);
    /** Posts from the page itself (same host name) and waits until the page has handled the message. */
    async function post(page: Page, message: Record<string, unknown>) {
      const count = await seen(page);
      await page.evaluate((data) => window.postMessage(data, window.location.origin), message);
      await expect.poll(() => seen(page)).toBe(count + 1);
    }
    const rootVariable = (page: Page, name: string) =>
      page.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);

    /** What the bridge could change: the path, a variable, the theme class and the custom-code elements. */
    const snapshot = (page: Page) =>
      page.evaluate(() => ({
        path: window.location.pathname,
        primary: document.documentElement.style.getPropertyValue('--bl-primary'),
        dark: document.documentElement.classList.contains('dark'),
        code: document.querySelectorAll('#be-custom-code').length,
      }));

    it('ignores messages without the marker, with an unknown theme id, or from another host name', async () => {
      const { page, context } = await openEditorMode();
      const before = await snapshot(page);
      await post(page, { type: 'navigate', to: '/contact' });
      await post(page, {
        source: 'someone-else',
        type: 'setThemeColor',
        name: '--bl-primary',
        value: '#ff0000',
      });
      await post(page, { source: SOURCE, type: 'setActiveTheme', themeId: 987654 });
      expect(await snapshot(page)).toEqual(before);

      // Another origin: the preview opens a page on the host name `localhost` (the site allows its own popups to
      // keep their opener), and that page posts to it.
      const otherOrigin = site.url.replace('127.0.0.1', 'localhost');
      await context.route(`${otherOrigin}/sender`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Sender</title><p>sender</p>',
        }),
      );
      const [sender] = await Promise.all([
        context.waitForEvent('page'),
        page.evaluate((url) => {
          window.open(url);
        }, `${otherOrigin}/sender`),
      ]);
      await sender!.waitForLoadState();
      const messages = [
        { source: SOURCE, type: 'navigate', to: '/contact' },
        { source: SOURCE, type: 'setThemeColor', name: '--bl-primary', value: '#ff0000' },
        { source: SOURCE, type: 'setActiveTheme', themeId: dark.id },
        { source: SOURCE, type: 'setCustomCode', mode: 'css', value: 'body { outline: 2px solid red }' },
      ];
      const count = await seen(page);
      await sender!.evaluate((list) => {
        for (const message of list) window.opener.postMessage(message, '*');
      }, messages);
      await expect.poll(() => seen(page)).toBe(count + messages.length);
      expect(await snapshot(page)).toEqual(before);
      await context.close();
    });

    it('carries out navigate, setThemeColor, setActiveTheme, setCustomCode and setValues', async () => {
      const { page, context } = await openEditorMode();

      await post(page, { source: SOURCE, type: 'setThemeColor', name: '--bl-primary', value: '#c2410c' });
      expect(await rootVariable(page, '--bl-primary')).toBe('#c2410c');

      await post(page, { source: SOURCE, type: 'setActiveTheme', themeId: dark.id });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await rootVariable(page, '--bl-bg')).toBe(dark.colors['--bl-bg']);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(18, 19, 23)',
      );
      await post(page, { source: SOURCE, type: 'setActiveTheme', themeId: light.id });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

      // Custom CSS: created, replaced, removed; it applies under the site's CSP.
      await post(page, {
        source: SOURCE,
        type: 'setCustomCode',
        mode: 'css',
        value: 'body { outline: 3px solid rgb(1, 2, 3) }',
      });
      expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(1, 2, 3)');
      await post(page, {
        source: SOURCE,
        type: 'setCustomCode',
        mode: 'css',
        value: 'body { outline: 3px solid rgb(4, 5, 6) }',
      });
      expect(await page.locator('style#be-custom-code').count()).toBe(1);
      expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(4, 5, 6)');
      await post(page, { source: SOURCE, type: 'setCustomCode', mode: 'css', value: '' });
      expect(await page.locator('style#be-custom-code').count()).toBe(0);

      // Custom HTML: a div at the end of the body; its script runs (with the page's nonce), then it goes.
      const html = '<p class="custom-promo">Live tonight</p><script>window.customRan = true</script>';
      await post(page, { source: SOURCE, type: 'setCustomCode', mode: 'html', value: html });
      expect(await page.locator('body > div#be-custom-code .custom-promo').textContent()).toBe(
        'Live tonight',
      );
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { customRan?: boolean }).customRan))
        .toBe(true);
      await post(page, { source: SOURCE, type: 'setCustomCode', mode: 'html', value: '' });
      expect(await page.locator('div#be-custom-code').count()).toBe(0);

      // setValues: settings and the theme list merge into the bootstrap data; the page follows.
      const edited = { ...light, colors: { ...light.colors, '--bl-bg': '#fff7ed' } };
      await post(page, {
        source: SOURCE,
        type: 'setValues',
        values: {
          settings: { 'cookie_notice.enable': true, 'cookie_notice.position': 'top' },
          appearance: { themes: { all: [edited, dark] } },
        },
      });
      await notice(page).waitFor();
      expect(await rootVariable(page, '--bl-bg')).toBe('#fff7ed');

      await post(page, { source: SOURCE, type: 'navigate', to: '/contact' });
      await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe('/contact');
      await context.close();
    });

    it('shows the landing page to a signed-in admin in editor mode only', async () => {
      await createTestUser(site.app, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] });
      const { page, context } = await browser.newPage();
      await page.goto(`${site.url}/login`);
      await page.locator('input[name="email"]').fill('owner@example.com');
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
      await page.goto(site.url);
      await page.getByRole('heading', { level: 1, name: 'Discover' }).waitFor();
      expect(await page.locator('.landing-header').count()).toBe(0);
      await page.goto(`${site.url}/?${appearance.APPEARANCE_EDITOR_PARAM}=true`);
      await page.locator('.landing-header').waitFor();
      await context.close();
    });
  });
});
