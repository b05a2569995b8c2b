import { DEMO_ACCOUNT } from '@backline/core/contract';
import { createTestUser, type RunningServer, type SmtpCapture, startSmtpCapture } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessibleInBothThemes,
  expectHeading,
  expectPath,
  settleAnnouncements,
  uniqueEmail,
} from './support/auth-helpers';
import {
  expectAccessible as axe,
  type BrowserHarness,
  expectToastShown,
  startBrowser,
  startSite,
} from './support/site';

const PASSWORD = 'correct horse battery';
// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('the admin area in Chromium, against the music server', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  let page: Page;
  let smtp: SmtpCapture;
  const supportEmail = uniqueEmail('support');
  const listenerEmail = uniqueEmail('listener');

  beforeAll(async () => {
    // A demo site seeds the demo admin the login page pre-fills; mail goes to a loopback SMTP server.
    smtp = await startSmtpCapture();
    site = await startSite({ demo: 'singleAccount', mail: { url: smtp.url } });
    browser = await startBrowser();
    await createTestUser(site.app, { email: listenerEmail, password: PASSWORD });
    page = (await browser.newPage()).page;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await smtp?.close();
  });

  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
  /** axe-core, once react-aria's live announcer lets go of elements that are gone (see settleAnnouncements). */
  const expectAccessible = async (p: Page) => {
    await settleAnnouncements(p);
    await axe(p);
  };
  const expectToast = (text: string, p: Page = page) => expectToastShown(p, text);
  const logIn = async (p: Page, email: string, password: string) => {
    await p.goto(`${site.url}/login`);
    await p.locator('input[name="email"]').fill(email);
    await p.locator('input[name="password"]').fill(password);
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
  };
  const sidebar = (p: Page) => p.getByRole('navigation', { name: 'Admin' }).getByRole('link');
  const rowMenu = async (email: string, item: string) => {
    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  };
  /** Ticks a checkbox by its label (the input itself is visually hidden under the drawn box). */
  const tick = (scope: ReturnType<Page['getByRole']>, label: string) =>
    scope
      .locator('.bl-checkbox', { hasText: new RegExp(`^${label.replace('.', '\\.')}$`) })
      .locator('.bl-checkbox__box')
      .click();
  const searchUsers = async (text: string) => {
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(text);
    await poll(() => new URL(page.url()).searchParams.get('query')).toBe(text);
    await page.getByRole('row').filter({ hasText: text }).first().waitFor();
  };

  it('sends the demo admin to /admin after login, with the sections they may use', async () => {
    await logIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    // /admin is the dashboard, with its charts.
    await expectPath(page, '/admin');
    await expectHeading(page, 'Dashboard');
    await page.locator('.bl-dashboard-chart .recharts-surface').first().waitFor();
    await poll(async () => (await sidebar(page).allTextContents()).map((text) => text.trim())).toEqual([
      'Dashboard',
      'Users',
      'Roles',
      'Logs',
      'Artists',
      'Albums',
      'Tracks',
      'Genres',
      'Playlists',
      'Channels',
      'Artist requests',
      'Settings',
      'Appearance',
      'Localizations',
      'Files',
      'Plans',
      'Subscriptions',
      'Pages',
      'Error reports',
    ]);
    await expectAccessibleInBothThemes(page, 'admin-dashboard');
    await page.goto(`${site.url}/admin/users`);
    await expectHeading(page, 'Users');
    await page.getByRole('row').nth(1).waitFor();
    await expectAccessibleInBothThemes(page, 'admin-users');
  });

  it('creates a role with two permissions', async () => {
    await page.goto(`${site.url}/admin/roles`);
    await expectHeading(page, 'Roles');
    await page.getByRole('row').nth(1).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog', { name: 'New role' });
    await dialog.locator('input[name="name"]').fill('Support');
    await tick(dialog, 'admin.access');
    await tick(dialog, 'users.view');
    await poll(() => dialog.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast('Role created');
    await page.getByRole('rowheader', { name: 'Support' }).waitFor();
  });

  it('creates a user with that role, who sees only the sections the role allows', async () => {
    await page.goto(`${site.url}/admin/users`);
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.locator('input[name="email"]').fill(supportEmail);
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.locator('input[name="first_name"]').fill('Sam');
    await tick(dialog, 'Support');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast('User created');
    await searchUsers(supportEmail);
    await poll(() => page.getByRole('row').filter({ hasText: supportEmail }).textContent()).toContain(
      'Support',
    );

    const support = await browser.newPage();
    await logIn(support.page, supportEmail, PASSWORD);
    await expectPath(support.page, '/admin');
    await poll(async () =>
      (await sidebar(support.page).allTextContents()).map((text) => text.trim()),
    ).toEqual(['Dashboard', 'Users']);
    await support.page.goto(`${site.url}/admin/roles`);
    await poll(() => support.page.locator('h1').first().textContent()).not.toBe('Roles');
    await support.context.close();
  });

  it('bans a user (their open session is refused at once, with the message) and unbans them', async () => {
    const listener = await browser.newPage();
    await logIn(listener.page, listenerEmail, PASSWORD);
    await expectPath(listener.page, '/');
    const me = () =>
      listener.page.evaluate(async () => {
        const response = await fetch('/api/v1/users/me', { headers: { Accept: 'application/json' } });
        return { status: response.status, body: (await response.json()) as { message?: string } };
      });
    expect((await me()).status).toBe(200);
    // A listener without admin.access gets the 404 page at /admin, and the admin API answers 403.
    await listener.page.goto(`${site.url}/admin`);
    await expectHeading(listener.page, "Looks like you've found the doorway to the great nothing");
    expect(await listener.page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);

    await page.goto(`${site.url}/admin/users`);
    await searchUsers(listenerEmail);
    await rowMenu(listenerEmail, 'Ban');
    const dialog = page.getByRole('dialog', { name: /^Ban / });
    await dialog.locator('textarea[name="reason"]').fill('Spamming comments');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expectToast('User banned');
    await poll(() => page.getByRole('row').filter({ hasText: listenerEmail }).textContent()).toContain(
      'Banned',
    );

    const refused = await me();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account has been banned. Reason: Spamming comments');

    await rowMenu(listenerEmail, 'Unban');
    await expectToast('User unbanned');
    await poll(() => page.getByRole('row').filter({ hasText: listenerEmail }).textContent()).not.toContain(
      'Banned',
    );
    await listener.context.close();
  });

  it('asks before discarding edits in a form dialog (Escape, Cancel), and closes at once when clean', async () => {
    await page.goto(`${site.url}/admin/roles`);
    await page.getByRole('rowheader', { name: 'Support' }).waitFor();
    await page.getByRole('button', { name: 'Edit Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit role' });
    const name = dialog.locator('input[name="name"]');
    await name.fill('Support team');
    const prompt = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await page.keyboard.press('Escape');
    await prompt.waitFor();
    await expectAccessible(page);
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await poll(() => prompt.count()).toBe(0);
    expect(await name.inputValue()).toBe('Support team');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await prompt.getByRole('button', { name: 'Discard' }).click();
    await poll(() => dialog.count()).toBe(0);
    await page.getByRole('rowheader', { name: 'Support' }).waitFor();
    // Nothing edited: Escape closes without asking.
    await page.getByRole('button', { name: 'Edit Support' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
    expect(await prompt.count()).toBe(0);
  });

  it("edits a permission's restriction on a role; a bad value is refused on its field", async () => {
    await page.goto(`${site.url}/admin/roles`);
    await page.getByRole('rowheader', { name: 'users', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit users', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit role' });
    const count = dialog.getByRole('textbox', { name: 'count (playlists.create)' });
    await count.fill('lots');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => count.getAttribute('aria-invalid')).toBe('true');
    await poll(() => dialog.textContent()).toContain('The value must be a whole number.');
    await expectAccessible(page);
    await count.fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast('Role updated');
    await poll(() => dialog.count()).toBe(0);
    // Saved with the role: the dialog opens with it again.
    await page.getByRole('button', { name: 'Edit users', exact: true }).click();
    await poll(() => dialog.getByRole('textbox', { name: 'count (playlists.create)' }).inputValue()).toBe(
      '5',
    );
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
  });

  it("changes a user's avatar and mails them a password reset link", async () => {
    await page.goto(`${site.url}/admin/users`);
    await searchUsers(listenerEmail);
    await rowMenu(listenerEmail, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'face.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expectToast('Avatar updated');
    const preview = dialog.locator('.bl-image-field__preview img');
    await poll(() => preview.getAttribute('src', { timeout: 1000 }).catch(() => null)).toMatch(
      /^\/api\/v1\/file-entries\/\d+/,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Remove image' }).click();
    await expectToast('Avatar removed');
    await poll(() => preview.count()).toBe(0);
    // The avatar saved itself: closing asks nothing.
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);

    await rowMenu(listenerEmail, 'Send password reset link');
    await expectToast('Password reset link sent');
    const mail = await smtp.waitFor((message) => message.to.includes(listenerEmail));
    expect(mail.links.some((link) => link.includes('/password/reset/'))).toBe(true);
  });

  it('logs in as a listener and returns to the admin account', async () => {
    await page.goto(`${site.url}/admin/users`);
    await searchUsers(listenerEmail);
    await rowMenu(listenerEmail, 'Log in as');
    await expectPath(page, '/');
    const banner = page.getByRole('status').filter({ hasText: 'You are logged in as' });
    await banner.waitFor();
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Return to my account' }).click();
    await expectPath(page, '/admin/users');
    await expect(banner.count()).resolves.toBe(0);
  });

  it('lists every step in the audit log', async () => {
    await page.goto(`${site.url}/admin/logs`);
    await expectHeading(page, 'Logs');
    await page.getByRole('row').nth(1).waitFor();
    const actions = await page.getByRole('rowheader').count();
    expect(actions).toBeGreaterThan(5);
    const text = (await page.getByRole('grid', { name: 'Audit log' }).textContent()) ?? '';
    for (const action of [
      'role.create',
      'user.create',
      'user.ban',
      'user.unban',
      'user.impersonate',
      'user.impersonate.stop',
      'user.avatar.update',
      'user.password-reset.send',
    ])
      expect(text).toContain(action);
    await expectAccessibleInBothThemes(page, 'admin-logs');
    // The filter lives in the URL: a reload keeps it.
    await page.getByRole('textbox', { name: 'Action' }).fill('user.ban');
    await poll(() => new URL(page.url()).searchParams.get('action')).toBe('user.ban');
    await page.reload();
    await poll(() => page.getByRole('grid', { name: 'Audit log' }).textContent()).not.toContain(
      'role.create',
    );
    await poll(() => page.getByRole('grid', { name: 'Audit log' }).textContent()).toContain('user.ban');
  });

  it('works at 375 px: the sidebar becomes a drawer', async () => {
    const narrow = await browser.newPage({ width: 375, height: 740 });
    await logIn(narrow.page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await expectPath(narrow.page, '/admin');
    await narrow.page.goto(`${site.url}/admin/users`);
    await narrow.page.getByRole('row').nth(1).waitFor();
    // The page never scrolls sideways: a wide table scrolls inside its own box.
    const overflow = await narrow.page.evaluate(() => ({
      by: document.documentElement.scrollWidth - window.innerWidth,
      wide: [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.tagName}.${element.className}`)
        .slice(0, 8),
    }));
    expect(overflow.by, overflow.wide.join(', ')).toBeLessThanOrEqual(0);
    await expectAccessible(narrow.page);
    // One menu button in the top bar: "Back to site" is in the drawer, not in a second navbar menu.
    expect(
      await narrow.page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).count(),
    ).toBe(0);
    await narrow.page.getByRole('button', { name: 'Open admin menu' }).click();
    const drawer = narrow.page.getByRole('dialog', { name: 'Admin menu' });
    expect(await drawer.getByRole('link', { name: 'Back to site' }).getAttribute('href')).toBe('/');
    await drawer.getByRole('link', { name: 'Logs' }).click();
    await expectPath(narrow.page, '/admin/logs');
    await poll(() => drawer.count()).toBe(0);
    await narrow.context.close();
  });
});
