import { createTestUser, type RunningServer } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectHeading, expectPath, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, expectToastShown, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';

/**
 * Becoming an artist in Chromium: a listener asks from backstage, the admin sees the notification and approves
 * in the admin's Artist requests list, the listener edits the artist's bio in backstage and finds it on the
 * public artist page. Backstage pages are checked with axe in both themes and at 375 px.
 */
describe('backstage in Chromium', () => {
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

  const logIn = async (p: Page, email: string, landing: string) => {
    await p.goto(`${site.url}/login`);
    await p.locator('input[name="email"]').fill(email);
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(p, landing);
  };
  /** No horizontal scrolling: the layout fits the viewport. */
  const fitsWidth = (p: Page) =>
    p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('a listener asks, the admin approves from the notification, the artist edits the bio', async () => {
    const userEmail = uniqueEmail('singer');
    const adminEmail = uniqueEmail('owner');
    await createTestUser(site.app, { email: userEmail, password: PASSWORD });
    await createTestUser(site.app, { email: adminEmail, password: PASSWORD, roles: ['admin'] });

    const listener = await browser.newPage();
    const admin = await browser.newPage();
    try {
      const page = listener.page;
      await logIn(page, userEmail, '/');
      await page.goto(`${site.url}/backstage`);
      await expectHeading(page, 'Backstage');
      await page.getByRole('link', { name: 'Request artist access' }).waitFor();
      await expectAccessibleInBothThemes(page, 'backstage-home');

      await page.getByRole('link', { name: 'Request artist access' }).click();
      await expectPath(page, '/backstage/requests/new');
      await expectHeading(page, 'Become an artist');
      // Sending empty shows the field errors first.
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => page.locator('input[name="name"]').getAttribute('aria-invalid')).toBe('true');
      await page.locator('input[name="name"]').fill('Harbor Choir');
      await page.locator('textarea[name="proof"]').fill('Our label page lists me as the singer.');
      await page.locator('input[name="links.0.url"]').fill('https://harbor-choir.example');
      await expectAccessibleInBothThemes(page, 'backstage-request');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expectPath(page, '/backstage');
      await expect
        .poll(() => page.locator('.backstage__status').textContent())
        .toBe('Your request for Harbor Choir is waiting for review.');

      // The admin: the bell's notification leads to the pending requests.
      const a = admin.page;
      await logIn(a, adminEmail, '/admin');
      await a.goto(`${site.url}/notifications`);
      const notice = a.locator('a.bl-notification__main', {
        hasText: 'asks to create the artist Harbor Choir',
      });
      await notice.waitFor();
      await notice.click();
      await expectPath(a, '/admin/artist-requests?status=pending');
      await a.getByRole('button', { name: 'Approve Harbor Choir' }).click();
      await a.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
      await expectToastShown(a, 'Request approved');

      // The listener, now an artist: edit the bio, see it on the public page.
      await page.reload();
      await page.getByRole('link', { name: 'Edit profile' }).click();
      await expectHeading(page, 'Artist profile');
      await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe('Harbor Choir');
      await page.locator('textarea[name="bio"]').fill('A choir from the harbour, singing sea shanties.');
      await page.locator('input[name="genres"]').fill('Folk');
      await expectAccessibleInBothThemes(page, 'backstage-artist');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToastShown(page, 'Artist profile saved');

      await page.getByRole('link', { name: 'View public page' }).click();
      await expectHeading(page, 'Harbor Choir');
      await page.getByRole('tab', { name: 'About' }).click();
      await page.getByText('A choir from the harbour, singing sea shanties.').waitFor();

      // 375 px: every backstage page fits the width and stays clean.
      const small = await browser.newPage({ width: 375, height: 740 });
      try {
        await logIn(small.page, userEmail, '/');
        const artistPath = new URL(page.url()).pathname.split('/')[2];
        for (const [path, heading] of [
          ['/backstage', 'Backstage'],
          ['/backstage/requests/new', 'Become an artist'],
          [`/backstage/artists/${artistPath}`, 'Artist profile'],
        ] as const) {
          await small.page.goto(`${site.url}${path}`);
          await expectHeading(small.page, heading);
          await small.page.locator('main button, main a').first().waitFor();
          expect(await fitsWidth(small.page), path).toBe(true);
          await expectAccessibleInBothThemes(small.page);
        }
      } finally {
        await small.context.close();
      }
    } finally {
      await listener.context.close();
      await admin.context.close();
    }
  });
});
