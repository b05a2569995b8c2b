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
