import { createTestUser, type RunningServer } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveFromNotification, askForArtistAccess, logInThroughForm } from './support/artist-access';
import { expectAccessibleInBothThemes, expectHeading, uniqueEmail } from './support/auth-helpers';
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
      await logInThroughForm(page, site.url, userEmail, PASSWORD, '/');
      await page.goto(`${site.url}/backstage`);
      await expectHeading(page, 'Backstage');
      await page.getByRole('link', { name: 'Request artist access' }).waitFor();
      await expectAccessibleInBothThemes(page, 'backstage-home');
      // Sending the form empty shows the field errors first.
      await page.goto(`${site.url}/backstage/requests/new`);
      await expectHeading(page, 'Become an artist');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => page.locator('input[name="name"]').getAttribute('aria-invalid')).toBe('true');
      await askForArtistAccess(page, site.url, 'Harbor Choir', {
        beforeSend: () => expectAccessibleInBothThemes(page, 'backstage-request'),
      });

      // The admin: the bell's notification leads to the pending requests.
      const a = admin.page;
      await logInThroughForm(a, site.url, adminEmail, PASSWORD, '/admin');
      await approveFromNotification(a, site.url, 'Harbor Choir');

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
        await logInThroughForm(small.page, site.url, userEmail, PASSWORD, '/');
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
