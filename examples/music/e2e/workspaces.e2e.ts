import { createTestUser, type RunningServer } from '@internal/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectPath, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, screenshot, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';

/**
 * Workspaces in Chromium with two people in two browser contexts: A creates a workspace and invites B from the
 * workspaces page; B's badge goes up without a reload, B joins from the popover and the workspace becomes
 * active; a revoked invite answers "This invite is no longer valid" and the list refreshes; declining works.
 */
describe('workspaces in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;

  beforeAll(async () => {
    // Notifications are on by default (the notifications module's default wins over the admin settings' fallback).
    site = await startSite();
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
  const toast = (p: Page) => p.locator('.bl-toast').last();
  const fitsWidth = (p: Page) =>
    p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  const activeWorkspace = async (context: BrowserContext) =>
    (await context.cookies()).find((cookie) => cookie.name === 'activeWorkspaceId')?.value ?? '0';

  const logIn = async (p: Page, email: string) => {
    await p.goto(`${site.url}/login`);
    await p.locator('input[name="email"]').fill(email);
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(p, '/');
  };

  const createWorkspace = async (p: Page, name: string) => {
    await p.getByRole('textbox', { name: 'New workspace name' }).fill(name);
    await p.getByRole('button', { name: 'Create workspace' }).click();
    await poll(() => toast(p).textContent()).toContain('Workspace created');
    await p.getByRole('heading', { level: 2, name }).waitFor();
  };

  const invite = async (p: Page, email: string) => {
    await p.getByRole('textbox', { name: 'Email' }).fill(email);
    await p.getByRole('button', { name: 'Invite', exact: true }).click();
    await poll(() => toast(p).textContent()).toContain('Invitation sent');
  };
  /** Waits for the toasts to leave (axe checks the page, not a toast caught mid-animation). */
  const toastsGone = (p: Page) => p.locator('.bl-toast').first().waitFor({ state: 'detached' });

  it('invites, joins live, refuses a revoked invite and declines', async () => {
    const aEmail = uniqueEmail('ws-a');
    const bEmail = uniqueEmail('ws-b');
    const a = await createTestUser(site.app, { email: aEmail, password: PASSWORD });
    await createTestUser(site.app, { email: bEmail, password: PASSWORD });
    await site.app.kit.knex('users').where({ id: a.id }).update({ first_name: 'Ada', last_name: 'Owner' });

    const first = await browser.newPage();
    const second = await browser.newPage();
    const pageA = first.page;
    const pageB = second.page;
    try {
      await logIn(pageB, bEmail);
      const bell = pageB.locator('.bl-notifications-bell');
      await bell.waitFor();
      expect(await pageB.getByTestId('notifications-badge').count()).toBe(0);

      // A creates "Night Shift" and invites B from the workspaces page.
      // A reaches the workspaces page from the web player's sidebar (A has only the Default workspace, so the
      // account menu has no switcher yet).
      await logIn(pageA, aEmail);
      await pageA.goto(`${site.url}/discover`);
      await pageA
        .getByRole('navigation', { name: 'Web player' })
        .getByRole('link', { name: 'Workspaces' })
        .click();
      await expectPath(pageA, '/workspaces');
      await createWorkspace(pageA, 'Night Shift');
      await invite(pageA, bEmail);
      await toastsGone(pageA);
      await expectAccessibleInBothThemes(pageA, 'workspaces-page');
      await screenshot(pageA, 'workspaces-page-1280');

      // B's badge goes up without a reload; B joins from the popover.
      await poll(() => pageB.getByTestId('notifications-badge').textContent()).toBe('1');
      await bell.click();
      const popover = pageB.getByRole('dialog', { name: 'Notifications' });
      await popover.waitFor();
      const nightShift = popover.locator('.bl-notification', { hasText: 'Night Shift' });
      await poll(() => nightShift.first().textContent()).toContain(
        'Ada Owner invited you to join Night Shift',
      );
      await expectAccessibleInBothThemes(pageB, 'workspace-invite-popover');
      await nightShift.first().getByRole('button', { name: 'Join' }).click();
      await poll(() => toast(pageB).textContent()).toContain('Joined workspace');
      const joined = await site.app.kit
        .knex('workspaces')
        .where({ name: 'Night Shift', owner_id: a.id })
        .first();
      await poll(() => activeWorkspace(second.context)).toBe(String(joined.id));
      // The account menu's switcher names the active workspace.
      // After the join (the live badge is proven above), a fresh page shows the switcher with the new workspace.
      await pageB.reload();
      await pageB.locator('.bl-navbar__account').click();
      const switcher = pageB.getByRole('menuitem', { name: /Workspace/ });
      await poll(() => switcher.textContent()).toContain('Night Shift');
      await pageB.keyboard.press('Escape');

      // A creates "Day Shift", invites B and revokes the invite before B answers.
      await createWorkspace(pageA, 'Day Shift');
      await invite(pageA, bEmail);
      await poll(() => pageB.getByTestId('notifications-badge').textContent()).toBe('1');
      await pageA.getByRole('button', { name: `Revoke ${bEmail}` }).click();
      await poll(() => toast(pageA).textContent()).toContain('Invitation revoked');

      await bell.click();
      await popover.waitFor();
      const dayShift = popover.locator('.bl-notification', { hasText: 'Day Shift' });
      await dayShift.first().waitFor();
      const refreshed = pageB.waitForResponse(
        (response) =>
          response.url().includes('/api/v1/notifications?') && response.request().method() === 'GET',
      );
      await dayShift.first().getByRole('button', { name: 'Join' }).click();
      await poll(() => toast(pageB).textContent()).toContain('This invite is no longer valid');
      expect((await refreshed).status()).toBe(200);
      // Still in Night Shift: the refused join changed nothing.
      expect(await activeWorkspace(second.context)).toBe(String(joined.id));

      // A invites again; B declines.
      await invite(pageA, bEmail);
      const pending = () =>
        site.app.kit
          .knex('workspace_invites')
          .where({ email: bEmail.toLowerCase() })
          .count({ n: '*' })
          .first();
      await poll(async () => Number((await pending())?.n)).toBe(1);
      await pageB.reload();
      await bell.click();
      await popover.waitFor();
      await poll(() => dayShift.count()).toBe(2);
      await dayShift.first().getByRole('button', { name: 'Decline' }).click();
      await poll(() => toast(pageB).textContent()).toContain('Declined workspace invitation');
      await poll(async () => Number((await pending())?.n)).toBe(0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
    // Two people, three invitations and axe in both themes: longer than one screen's test.
  }, 240_000);

  it('lays the workspaces page out at 375 px, accessible in both themes', async () => {
    const email = uniqueEmail('ws-phone');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { context, page } = await browser.newPage({ width: 375, height: 800 });
    try {
      await logIn(page, email);
      await page.goto(`${site.url}/workspaces`);
      // One member is singular: "1 member", never "1 members".
      await poll(() => page.locator('.bl-workspaces__meta').first().textContent()).toMatch(/^1 member( ·|$)/);
      await createWorkspace(page, 'A rather long workspace name for a phone');
      await invite(page, uniqueEmail('ws-someone'));
      await toastsGone(page);
      expect(await fitsWidth(page)).toBe(true);
      await expectAccessibleInBothThemes(page, 'workspaces-page-375');
      await screenshot(page, 'workspaces-page-375');
    } finally {
      await context.close();
    }
  });
});
