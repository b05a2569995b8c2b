import { DEMO_ACCOUNT } from '@backline/core/contract';
import { createTestUser, type RunningServer } from '@internal/testing';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectHeading, expectPath } from './support/auth-helpers';
import {
  type BrowserHarness,
  expectAccessible,
  expectToastShown,
  screenshot,
  startBrowser,
  startSite,
} from './support/site';

const PASSWORD = 'appearance-secret-1';
const NEW_PRIMARY = '#0b6e4f';
const NEW_PRIMARY_RGB = 'rgb(11, 110, 79)';
const TITLE = 'Night music, all day long';
const CUSTOM_CSS = '.bl-navbar { outline: 3px solid rgb(1, 2, 3); }';
const INTRO = 'Fresh records from the night shift';

/**
 * The live appearance editor against the music server: every edit shows in the preview frame before saving
 * (through the bridge), one Save writes it all, and a fresh visitor then sees it; a menu item limited to a role
 * shows only to holders of that role.
 */
describe('the appearance editor in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  let page: Page;

  beforeAll(async () => {
    site = await startSite({
      demo: 'singleAccount',
      settings: { 'homepage.type': { value: 'landingPage', public: true } },
    });
    browser = await startBrowser();
    const [role] = await site.app.kit
      .knex('roles')
      .insert({ name: 'vip', description: 'VIP listeners' })
      .returning<{ id: number }[]>('id');
    expect(role?.id).toBeGreaterThan(0);
    await createTestUser(site.app, { email: 'vip@example.com', password: PASSWORD, roles: ['users', 'vip'] });
    await createTestUser(site.app, { email: 'plain@example.com', password: PASSWORD, roles: ['users'] });
    page = (await browser.newPage()).page;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const preview = async (): Promise<Frame> => {
    const handle = await page.locator('iframe[title="Site preview"]').elementHandle();
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error('no preview frame');
    return frame;
  };
  const primaryButtonColor = (frame: Frame) =>
    frame
      .locator('.landing__cta[data-variant="primary"]')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  const openSection = async (name: string) => {
    if (await page.getByRole('button', { name: 'All sections' }).count()) {
      await page.getByRole('button', { name: 'All sections' }).click();
    }
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
  };
  const logIn = async (target: Page, email: string, password: string) => {
    await target.goto(`${site.url}/login`);
    await target.locator('input[name="email"]').fill(email);
    await target.locator('input[name="password"]').fill(password);
    await target.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => new URL(target.url()).pathname).not.toBe('/login');
  };

  it('opens the editor with the site in the preview, accessibly', async () => {
    await logIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await page.goto(`${site.url}/admin/appearance`);
    await expectHeading(page, 'Appearance');
    const frame = await preview();
    // The landing page shows in the preview even to the signed-in admin (editor mode).
    await frame.locator('.landing-header__title').waitFor();
    expect(new URL(frame.url()).searchParams.get('appearanceEditor')).toBe('true');
    await expectAccessibleInBothThemes(page, 'appearance-editor-1280');
  });

  it('changes the primary colour, and the preview’s buttons follow before saving', async () => {
    const frame = await preview();
    expect(await primaryButtonColor(frame)).not.toBe(NEW_PRIMARY_RGB);
    await openSection('Themes');
    await page.getByRole('button', { name: 'Edit Light' }).click();
    const primary = page.getByRole('textbox', { name: 'Primary', exact: true });
    await primary.fill(NEW_PRIMARY);
    await primary.press('Enter');
    await expect.poll(() => primaryButtonColor(frame)).toBe(NEW_PRIMARY_RGB);
    // Nothing is saved yet: the server still answers the old colour.
    const themes = await (await fetch(`${site.url}/api/v1/bootstrap-data`)).text();
    expect(themes).toContain('\\"--bl-primary\\":\\"#5b3fd9\\"');
    expect(themes).not.toContain(NEW_PRIMARY);
    await expectAccessibleInBothThemes(page, 'appearance-editor-themes');
  });

  it('edits the landing header title, and the preview’s landing page shows it', async () => {
    await openSection('Landing page');
    await page.getByRole('textbox', { name: 'Header title' }).fill(TITLE);
    const frame = await preview();
    await expect.poll(() => frame.locator('.landing-header__title').textContent()).toBe(TITLE);
  });

  it('adds a navbar menu item limited to the vip role', async () => {
    await openSection('Menus');
    await page.getByRole('button', { name: 'Add item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add menu item' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill('VIP lounge');
    await dialog.getByRole('textbox', { name: 'Path' }).fill('/pricing');
    await dialog.getByRole('checkbox', { name: 'vip' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('row', { name: /VIP lounge/ }).waitFor();
    await expectAccessible(page);
  });

  it('creates a menu at the secondary footer position, shown in the preview at once', async () => {
    await openSection('Menus');
    const panel = page.locator('.bl-appearance-menus');
    // A position holds one menu: the shipped "Footer secondary" menu is deleted first.
    await panel.getByRole('button', { name: /Menu$/ }).click();
    await page.getByRole('option', { name: 'Footer secondary' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Delete menu' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete menu' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await panel.getByRole('button', { name: 'New menu' }).click();
    await panel.getByRole('textbox', { name: 'Menu name' }).fill('Label links');
    await panel.getByRole('checkbox', { name: 'Footer (secondary)' }).check({ force: true });
    // The navbar belongs to the Primary menu, so this menu cannot take it.
    expect(await panel.getByRole('checkbox', { name: 'Navbar' }).isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Add item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add menu item' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Our label');
    await dialog.getByRole('textbox', { name: 'Path' }).fill('/pages/about-us');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('row', { name: /Our label/ }).waitFor();
    const frame = await preview();
    await frame.locator('.bl-footer').getByRole('link', { name: 'Our label' }).waitFor();
    await expectAccessible(page);
  });

  it('edits the music site’s own Discover section, shown in the preview on the Discover page', async () => {
    await openSection('Discover');
    await page.getByRole('textbox', { name: 'Introduction' }).fill(INTRO);
    const frame = await preview();
    await expect
      .poll(() => frame.evaluate(() => document.querySelector('.music-page__intro')?.textContent ?? ''))
      .toBe(INTRO);
    expect(new URL(frame.url()).pathname).toBe('/discover');
  });

  it('adds custom CSS, shown in the preview at once', async () => {
    await openSection('Custom code');
    const css = page.getByRole('textbox', { name: 'Custom CSS' });
    await css.click();
    await page.keyboard.type(CUSTOM_CSS);
    const frame = await preview();
    await expect
      .poll(() => frame.evaluate(() => document.querySelector('style#be-custom-code')?.textContent ?? ''))
      .toBe(CUSTOM_CSS);
    await expectAccessibleInBothThemes(page, 'appearance-editor-custom-code');
  });

  it('saves everything in one request; a fresh visitor sees it all, the item only with the role', async () => {
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/admin/appearance') && request.method() === 'POST')
        saves.push(request.url());
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToastShown(page, 'Appearance saved');
    expect(saves).toHaveLength(1);

    const visitor = await browser.newPage();
    await visitor.page.goto(`${site.url}/`);
    await expect.poll(() => visitor.page.locator('.landing-header__title').textContent()).toBe(TITLE);
    await expect
      .poll(() =>
        visitor.page
          .locator('.landing__cta[data-variant="primary"]')
          .first()
          .evaluate((element) => getComputedStyle(element).backgroundColor),
      )
      .toBe(NEW_PRIMARY_RGB);
    await expect
      .poll(() =>
        visitor.page.evaluate(() => document.querySelector('style#be-custom-code')?.textContent ?? ''),
      )
      .toBe(CUSTOM_CSS);
    expect(await visitor.page.getByRole('link', { name: 'VIP lounge' }).count()).toBe(0);
    // The menu created at the secondary footer position.
    await visitor.page.locator('.bl-footer').getByRole('link', { name: 'Our label' }).waitFor();
    // The product section's setting, saved in the same request.
    await visitor.page.goto(`${site.url}/discover`);
    await expect.poll(() => visitor.page.locator('.music-page__intro').textContent()).toBe(INTRO);
    await visitor.context.close();

    const vip = await browser.newPage();
    await logIn(vip.page, 'vip@example.com', PASSWORD);
    await vip.page.getByRole('link', { name: 'VIP lounge' }).first().waitFor();
    await vip.context.close();

    const plain = await browser.newPage();
    await logIn(plain.page, 'plain@example.com', PASSWORD);
    await plain.page.locator('.bl-navbar').first().waitFor();
    await plain.page.getByRole('link', { name: 'Discover' }).first().waitFor();
    expect(await plain.page.getByRole('link', { name: 'VIP lounge' }).count()).toBe(0);
    await plain.context.close();
  });

  it('with visitors’ theme choice off, paints the default theme and ignores a visitor’s theme cookie', async () => {
    await openSection('Themes');
    // The section reopens on the theme being edited; the site-wide rules are on the theme list.
    if (await page.getByRole('button', { name: 'All themes' }).count())
      await page.getByRole('button', { name: 'All themes' }).click();
    const frame = await preview();
    // The preview shows Light, the theme opened for editing earlier.
    expect(await frame.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('switch', { name: 'Let visitors choose a theme' }).uncheck({ force: true });
    await page.getByRole('button', { name: /Default theme$/ }).click();
    await page.getByRole('option', { name: 'Dark', exact: true }).click();
    // The list's popover fades out; axe must not read its half-transparent text.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    // The preview paints the new default at once.
    await expect
      .poll(() => frame.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToastShown(page, 'Appearance saved');

    const light = await site.app.kit.knex('themes').where({ name: 'Light' }).first('id');
    const visitor = await browser.newPage();
    await visitor.context.addCookies([{ name: 'be-active-theme', value: String(light.id), url: site.url }]);
    const response = await visitor.page.goto(`${site.url}/`);
    // The server already sends the default dark theme: no flash of the cookie's light one.
    expect(await response?.text()).toMatch(/<html[^>]* class="dark"/);
    await visitor.page.locator('.landing-header__title').waitFor();
    expect(await visitor.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await visitor.context.close();
  });

  it('guards unsaved edits and Reset discards them', async () => {
    await openSection('SEO');
    const title = page.getByRole('textbox', { name: 'Default title' });
    await title.fill('Unsaved title');
    await page.getByRole('link', { name: 'Users' }).first().click();
    const guard = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await guard.waitFor();
    await guard.getByRole('button', { name: 'Stay' }).click();
    await expectPath(page, '/admin/appearance');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => title.inputValue()).not.toBe('Unsaved title');
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  });

  it('works at 375 px: the panel stacks above the preview', async () => {
    const { page: phone, context } = await browser.newPage({ width: 375, height: 800 });
    await logIn(phone, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await phone.goto(`${site.url}/admin/appearance`);
    await expectHeading(phone, 'Appearance');
    await phone.locator('iframe[title="Site preview"]').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone);
    await screenshot(phone, 'appearance-editor-375');
    await context.close();
  });
});
