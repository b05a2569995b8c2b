import { DEMO_ACCOUNT } from '@backline/core/contract';
import type { RunningServer } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectHeading, expectPath } from './support/auth-helpers';
import { type BrowserHarness, expectToastShown, startBrowser, startSite } from './support/site';

/** The admin's settings, dashboard and localization pages, against the music server, with no restart between. */
describe('admin settings and localizations in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  let page: Page;

  beforeAll(async () => {
    site = await startSite({ demo: 'singleAccount' });
    browser = await startBrowser();
    page = (await browser.newPage()).page;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const toast = (text: string, p: Page = page) => expectToastShown(p, text);

  it('signs the demo admin in to the dashboard, with charts and a text alternative for each', async () => {
    await page.goto(`${site.url}/login`);
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNT.email);
    await page.locator('input[name="password"]').fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(page, '/admin');
    await expectHeading(page, 'Dashboard');
    await page.locator('.bl-dashboard-chart .recharts-surface').first().waitFor();
    // Each chart's numbers are also a table a screen reader can read.
    await expect.poll(() => page.getByRole('table', { name: 'New users per day' }).count()).toBe(1);
    await page
      .getByRole('radio', { name: '7 days' })
      .or(page.getByRole('button', { name: '7 days' }))
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
    await expect
      .poll(() => page.getByRole('table', { name: 'New users per day' }).locator('tbody tr').count())
      .toBe(7);
    await expectAccessibleInBothThemes(page, 'admin-dashboard-7');
  });

  it('renames the site, and the public navbar shows it after a reload with no restart', async () => {
    await page.goto(`${site.url}/admin/settings/general`);
    await expectHeading(page, 'General settings');
    const name = page.locator('input[name="branding.site_name"]');
    await expect.poll(() => name.inputValue()).toBe('Backline Music');
    await expectAccessibleInBothThemes(page, 'admin-settings-general');
    // A bad value is refused on its field, by the server's rule.
    await name.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('Night Owl Radio');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast('Settings saved');

    const visitor = await browser.newPage();
    await visitor.page.goto(`${site.url}/`);
    await expect
      .poll(() => visitor.page.locator('.bl-logo').first().textContent())
      .toContain('Night Owl Radio');
    await visitor.context.close();
    // The admin's own tab follows at once too (bootstrap data refreshed after the save).
    await expect.poll(() => page.locator('.bl-logo').first().textContent()).toContain('Night Owl Radio');
  });

  it('has accessible authentication, uploads, mail and integration pages; secrets are write-only', async () => {
    for (const [path, title] of [
      ['authentication', 'Authentication'],
      ['uploads', 'Uploads'],
      ['mail', 'Mail'],
      ['integrations', 'API and notifications'],
    ] as const) {
      await page.goto(`${site.url}/admin/settings/${path}`);
      await expectHeading(page, title);
      await page.locator('.bl-settings-form').waitFor();
      await expectAccessibleInBothThemes(page);
    }
    await page.goto(`${site.url}/admin/settings/authentication`);
    const secret = page.locator('input[name="recaptcha.secret_key"]');
    await secret.fill('write-only-secret-123');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast('Settings saved');
    await page.reload();
    await expect.poll(() => secret.inputValue()).toBe('');
    await expect.poll(() => page.getByText('A value is saved. Leave empty to keep it.').count()).toBe(1);
    expect(await page.content()).not.toContain('write-only-secret-123');
  });

  it('adds a Spanish translation and a Spanish visitor sees it, with no restart', async () => {
    await page.goto(`${site.url}/admin/localizations`);
    await expectHeading(page, 'Localizations');
    await page.getByRole('row').filter({ hasText: 'Español' }).waitFor();
    await expectAccessibleInBothThemes(page, 'admin-localizations');
    await page.goto(`${site.url}/admin/localizations/es`);
    await expectHeading(page, 'Español');
    await page.getByRole('searchbox', { name: 'Search translations' }).fill('Sign in to your account');
    const field = page.getByRole('textbox', { name: 'Translation of “Sign in to your account”' });
    await expect.poll(() => field.inputValue()).toBe('Inicia sesión en tu cuenta');
    await expectAccessibleInBothThemes(page, 'admin-translations');
    await field.fill('Entra en tu cuenta nocturna');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast('Translations saved');

    const visitor = await browser.newPage();
    await visitor.context.addCookies([{ name: 'locale', value: 'es', url: site.url }]);
    await visitor.page.goto(`${site.url}/login`);
    await expectHeading(visitor.page, 'Entra en tu cuenta nocturna');
    await visitor.context.close();
  });

  it('lists files with storage per user, accessibly', async () => {
    await page.goto(`${site.url}/admin/files`);
    await expectHeading(page, 'Files');
    await page.getByRole('heading', { name: 'Storage per user' }).waitFor();
    await expectAccessibleInBothThemes(page, 'admin-files');
  });

  it('is usable at 375 px', async () => {
    const narrow = await browser.newPage({ width: 375, height: 740 });
    await narrow.context.addCookies(await page.context().cookies());
    for (const path of [
      '/admin',
      '/admin/settings/general',
      '/admin/localizations',
      '/admin/localizations/es',
    ]) {
      await narrow.page.goto(`${site.url}${path}`);
      await narrow.page.locator('h1').first().waitFor();
      await narrow.page
        .locator('.bl-admin__main [aria-busy="true"]')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      const overflow = await narrow.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await narrow.page.goto(`${site.url}/admin/settings/general`);
    await narrow.page.locator('input[name="branding.site_name"]').waitFor();
    await expectAccessibleInBothThemes(narrow.page, 'admin-settings-375');
    await narrow.context.close();
  });
});
