import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectHeading, expectPath } from './auth-helpers';
import { expectToastShown } from './site';

/** Signs in through the login form and waits for the page the site lands on. */
export async function logInThroughForm(
  page: Page,
  siteUrl: string,
  email: string,
  password: string,
  landing: string,
) {
  await page.goto(`${siteUrl}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectPath(page, landing);
}

/**
 * A signed-in listener asks for artist access from backstage ("Request artist access" → "Become an artist"),
 * then sees the request waiting. `beforeSend` runs on the filled form, for checks of the form itself.
 */
export async function askForArtistAccess(
  page: Page,
  siteUrl: string,
  artistName: string,
  options: { beforeSend?: () => Promise<void> } = {},
) {
  await page.goto(`${siteUrl}/backstage`);
  await expectHeading(page, 'Backstage');
  await page.getByRole('link', { name: 'Request artist access' }).click();
  await expectPath(page, '/backstage/requests/new');
  await expectHeading(page, 'Become an artist');
  await page.locator('input[name="name"]').fill(artistName);
  await page.locator('textarea[name="proof"]').fill('Our label page lists me as the singer.');
  await page.locator('input[name="links.0.url"]').fill('https://artist.example');
  await options.beforeSend?.();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expectPath(page, '/backstage');
  await expect
    .poll(() => page.locator('.backstage__status').textContent())
    .toBe(`Your request for ${artistName} is waiting for review.`);
}

/** A signed-in admin opens the request's notification from the notifications page and approves it. */
export async function approveFromNotification(admin: Page, siteUrl: string, artistName: string) {
  await admin.goto(`${siteUrl}/notifications`);
  const notice = admin.locator('a.bl-notification__main', {
    hasText: `asks to create the artist ${artistName}`,
  });
  await notice.waitFor();
  await notice.click();
  await expectPath(admin, '/admin/artist-requests?status=pending');
  await admin.getByRole('button', { name: `Approve ${artistName}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expectToastShown(admin, 'Request approved');
}
