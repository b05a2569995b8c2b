import { PUSH_SERVICE_WORKER_URL } from '@backline/notifications';
import { createTestUser, type RunningServer, signedInUser } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectHeading, expectPath, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, expectToastShown, screenshot, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';

/**
 * Notifications in Chromium: B's badge goes up without a reload when A follows B (the live count over the event
 * stream), the popover and "Mark all as read", the page, the settings, at 1280 px and 375 px, axe in both themes.
 */
describe('notifications in Chromium', () => {
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

  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
  const toast = (p: Page) => p.locator('.bl-toast').last();

  const logIn = async (p: Page, email: string) => {
    await p.goto(`${site.url}/login`);
    await p.locator('input[name="email"]').fill(email);
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(p, '/');
  };

  /** No horizontal scrolling: the layout fits the viewport. */
  const fitsWidth = (p: Page) =>
    p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('shows B the new follower live, in the popover, and marks all as read', async () => {
    const bEmail = uniqueEmail('b');
    const b = await createTestUser(site.app, { email: bEmail, password: PASSWORD });
    const a = await signedInUser(site, { email: uniqueEmail('a'), password: PASSWORD });
    await site.app.kit
      .knex('users')
      .where({ id: a.user.id })
      .update({ first_name: 'Ada', last_name: 'Follower' });

    const { context, page } = await browser.newPage();
    try {
      await logIn(page, bEmail);
      const bell = page.locator('.bl-notifications-bell');
      await bell.waitFor();
      await poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
      expect(await page.getByTestId('notifications-badge').count()).toBe(0);

      // A follows B through the site's API; B's page is not reloaded.
      const follow = await a.http.post(`/api/v1/me/follows/user/${b.id}`);
      expect(follow.status).toBeLessThan(300);
      await poll(() => page.getByTestId('notifications-badge').textContent()).toBe('1');
      await poll(() => bell.getAttribute('aria-label')).toBe('1 unread notification');

      await bell.click();
      const popover = page.getByRole('dialog', { name: 'Notifications' });
      await popover.waitFor();
      await poll(() => popover.textContent()).toContain('Ada Follower started following you');
      expect(await popover.getByRole('img', { name: 'Unread' }).count()).toBe(1);
      await expectAccessibleInBothThemes(page, 'notifications-popover');

      await popover.getByRole('button', { name: 'Mark all as read' }).click();
      await poll(() => page.getByTestId('notifications-badge').count()).toBe(0);
      await poll(() => popover.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
      await poll(() => popover.getByRole('img', { name: 'Unread' }).count()).toBe(0);
      const bootstrap = await page.evaluate(async () => {
        const answer = await fetch('/api/v1/bootstrap-data', { credentials: 'include' });
        return JSON.parse((await answer.json()).data.data).user.unread_notifications_count;
      });
      expect(bootstrap).toBe(0);

      // The main action is a site path: it navigates in the app.
      await popover.getByRole('link', { name: /Ada Follower started following you/ }).click();
      await expectPath(page, `/user/${a.user.id}/ada-follower`);
    } finally {
      await context.close();
    }
  });

  it('fits the popover on the narrowest screen that has the bell, and a 375 px phone reaches them from the menu', async () => {
    const email = uniqueEmail('phone');
    const user = await createTestUser(site.app, { email, password: PASSWORD });
    const follower = await signedInUser(site, { email: uniqueEmail('pf'), password: PASSWORD });
    await site.app.kit
      .knex('users')
      .where({ id: follower.user.id })
      .update({ first_name: 'Pia', last_name: 'Phone' });
    await follower.http.post(`/api/v1/me/follows/user/${user.id}`);

    // The spec's mobile breakpoint is 768 px: from there up the navbar has the bell and its popover.
    const tablet = await browser.newPage({ width: 768, height: 700 });
    try {
      const { page } = tablet;
      await logIn(page, email);
      const bell = page.locator('.bl-notifications-bell');
      await poll(() => bell.getAttribute('aria-label')).toBe('1 unread notification');
      await bell.click();
      const popover = page.getByRole('dialog', { name: 'Notifications' });
      await popover.waitFor();
      const item = popover.locator('.bl-notification').first();
      await poll(() => item.textContent()).toContain('Pia Phone started following you');

      // The whole popover is on the screen, every control of it too, and its text wraps inside the panel.
      const inside = async (rect: { x: number; y: number; width: number; height: number } | null) => {
        expect(rect).not.toBeNull();
        expect(rect!.x).toBeGreaterThanOrEqual(0);
        expect(rect!.x + rect!.width).toBeLessThanOrEqual(768);
        expect(rect!.y + rect!.height).toBeLessThanOrEqual(700);
      };
      await inside(await page.locator('.bl-notifications-popover').boundingBox());
      for (const control of await popover.getByRole('button').all())
        await inside(await control.boundingBox());
      for (const control of await popover.getByRole('link').all()) await inside(await control.boundingBox());
      expect(await item.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await expectAccessibleInBothThemes(page, 'notifications-popover-768');
      await screenshot(page, 'notifications-popover-768');

      // Usable: "Mark all as read" clears the badge, and the page link leaves for /notifications.
      await popover.getByRole('button', { name: 'Mark all as read' }).click();
      await poll(() => page.getByTestId('notifications-badge').count()).toBe(0);
      await popover.getByRole('link', { name: 'View all notifications' }).click();
      await expectPath(page, '/notifications');
    } finally {
      await tablet.context.close();
    }

    // Below it, at 375 px, the spec moves the job to the account menu: "Notifications" with the unread count.
    await follower.http.request('DELETE', `/api/v1/me/follows/user/${user.id}`);
    await follower.http.post(`/api/v1/me/follows/user/${user.id}`);
    const phone = await browser.newPage({ width: 375, height: 700 });
    try {
      const { page } = phone;
      await logIn(page, email);
      await page.locator('.bl-navbar__account').click();
      const entry = page.getByRole('menuitem', { name: /Notifications/ });
      await poll(() => entry.textContent()).toContain('1');
      expect(await page.locator('.bl-notifications-bell').count()).toBe(0);
      const rect = await entry.boundingBox();
      expect(rect!.x).toBeGreaterThanOrEqual(0);
      expect(rect!.x + rect!.width).toBeLessThanOrEqual(375);
      expect(await fitsWidth(page)).toBe(true);
      await expectAccessibleInBothThemes(page, 'notifications-account-menu-375');
      await entry.click();
      await expectPath(page, '/notifications');
      await poll(() => page.locator('.bl-notification').first().textContent()).toContain(
        'Pia Phone started following you',
      );
    } finally {
      await phone.context.close();
    }
  });

  it('lists notifications on /notifications and saves preferences on /notifications/settings', async () => {
    const email = uniqueEmail('page');
    const user = await createTestUser(site.app, { email, password: PASSWORD });
    const follower = await signedInUser(site, { email: uniqueEmail('f'), password: PASSWORD });
    await follower.http.post(`/api/v1/me/follows/user/${user.id}`);

    for (const width of [1280, 375]) {
      const { context, page } = await browser.newPage({ width, height: 800 });
      try {
        await logIn(page, email);
        await page.goto(`${site.url}/notifications`);
        await expectHeading(page, 'Notifications');
        await page.locator('.bl-notification').first().waitFor();
        expect(await page.locator('.bl-notification').count()).toBe(1);
        expect(await fitsWidth(page)).toBe(true);
        await expectAccessibleInBothThemes(page, `notifications-page-${width}`);

        await page.goto(`${site.url}/notifications/settings`);
        await expectHeading(page, 'Notification settings');
        const emailBox = page.getByRole('checkbox', { name: 'Someone follows me by Email' });
        await emailBox.waitFor();
        expect(await fitsWidth(page)).toBe(true);
        await expectAccessibleInBothThemes(page, `notification-settings-${width}`);
        if (width === 375) continue;

        expect(await emailBox.isChecked()).toBe(true);
        await emailBox.uncheck({ force: true });
        const group = page.getByRole('checkbox', { name: 'All Social notifications by Email' });
        expect(await group.isChecked()).toBe(false);
        await page.getByRole('button', { name: 'Update preferences' }).click();
        await poll(() => toast(page).textContent()).toContain('Updated preferences');
        const saved = (await follower.http.get('/api/v1/notifications')).status;
        expect(saved).toBe(200);
        await page.reload();
        await page.getByRole('checkbox', { name: 'Someone follows me by Email' }).waitFor();
        expect(await page.getByRole('checkbox', { name: 'Someone follows me by Email' }).isChecked()).toBe(
          false,
        );
        expect(await page.getByRole('checkbox', { name: 'Someone follows me by In app' }).isChecked()).toBe(
          true,
        );
      } finally {
        await context.close();
      }
    }
  });

  it('shows the empty state with its settings button, and sends visitors to log in', async () => {
    const email = uniqueEmail('empty');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { context, page } = await browser.newPage({ width: 375, height: 700 });
    try {
      await page.goto(`${site.url}/notifications`);
      await expectPath(page, '/login');
      await logIn(page, email);
      await page.goto(`${site.url}/notifications`);
      await poll(() => page.locator('.bl-notifications-empty').textContent()).toContain('Hang tight!');
      expect(await page.locator('.bl-notifications-empty').textContent()).toContain(
        'Notifications will start showing up here soon.',
      );
      await expectAccessibleInBothThemes(page, 'notifications-empty-375');
      await page.getByRole('link', { name: 'Notification settings' }).click();
      await expectPath(page, '/notifications/settings');
    } finally {
      await context.close();
    }
  });
});

/** The browser channel (Web Push on): turning it on needs the browser's permission first. */
describe('the browser channel in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  beforeAll(async () => {
    site = await startSite({ push: {} });
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const openSettings = async (p: Page, email: string) => {
    await p.goto(`${site.url}/login`);
    await p.locator('input[name="email"]').fill(email);
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(p, '/');
    await p.goto(`${site.url}/notifications/settings`);
    const box = p.getByRole('checkbox', { name: 'Someone follows me by Browser' });
    await box.waitFor();
    return box;
  };

  it('leaves the box off with the danger toast when the permission is denied', async () => {
    const email = uniqueEmail('denied');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { context, page } = await browser.newPage();
    try {
      // The person has blocked notifications for the site.
      await page.addInitScript(() => {
        Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      });
      const box = await openSettings(page, email);
      expect(await box.isChecked()).toBe(false);
      await box.check({ force: true, trial: false }).catch(() => {});
      await expect
        .poll(() => page.locator('.bl-toast').last().textContent())
        .toContain('Notifications blocked. Please enable them for this site from browser settings.');
      expect(await box.isChecked()).toBe(false);
      await expectAccessibleInBothThemes(page);
    } finally {
      await context.close();
    }
  });

  it("shows a push as a notification through the site's service worker, with the URL a click opens", async () => {
    // A headless Chromium has no push service to subscribe with (pushManager.subscribe needs Google's); the
    // server's half (an encrypted payload a real subscription decrypts) is proved in the server's web-push test.
    // Here DevTools delivers the payload the server sends to the worker the site serves, as a push service would.
    const { context, page } = await browser.newPage();
    try {
      await context.grantPermissions(['notifications'], { origin: site.url });
      await page.goto(`${site.url}/pricing`);
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${site.url}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      await page.evaluate(async (url) => {
        await navigator.serviceWorker.register(url);
        await navigator.serviceWorker.ready;
      }, PUSH_SERVICE_WORKER_URL);
      // What the server's browser channel encrypts for each device: `{title, body, url, image, id}`.
      const payload = { title: 'Ada & Bo followed you', body: '', url: '/user/9', image: null, id: 1 };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: site.url,
        registrationId: await registration,
        data: JSON.stringify(payload),
      });
      const shown = () =>
        page.evaluate(async () => {
          const ready = await navigator.serviceWorker.ready;
          return (await ready.getNotifications()).map((n) => ({ title: n.title, url: n.data?.url }));
        });
      await expect.poll(shown).toEqual([{ title: 'Ada & Bo followed you', url: '/user/9' }]);
    } finally {
      await context.close();
    }
  });

  it('turns the box on once the permission is granted, and says so when this browser cannot subscribe', async () => {
    const email = uniqueEmail('granted');
    const user = await createTestUser(site.app, { email, password: PASSWORD });
    const { context, page } = await browser.newPage();
    try {
      await context.grantPermissions(['notifications'], { origin: site.url });
      const box = await openSettings(page, email);
      await box.check({ force: true });
      await expect.poll(() => box.isChecked()).toBe(true);
      expect(await page.locator('.bl-toast').count()).toBe(0);

      // Saving subscribes this browser to pushes. A headless Chromium has no push service, so the subscription
      // fails for real: the choices are saved, and the person is told this browser will not get them.
      await page.getByRole('button', { name: 'Update preferences' }).click();
      await expectToastShown(page, 'Updated preferences');
      await expectToastShown(
        page,
        'Preferences were saved, but this browser could not be subscribed to notifications. Please try again later.',
      );
      const saved = await page.evaluate(async () => {
        const answer = await fetch('/api/v1/notifications/me/subscriptions', { credentials: 'include' });
        return (await answer.json()) as {
          user_selections: { notif_id: string; channels: Record<string, boolean> }[];
        };
      });
      expect(saved.user_selections.find((s) => s.notif_id === 'music.new_follower')?.channels.browser).toBe(
        true,
      );
      // No device was stored: the failure the toast reports is real.
      expect(
        await site.app.kit.knex('notification_push_subscriptions').where({ user_id: user.id }).first('id'),
      ).toBeUndefined();
      await expectAccessibleInBothThemes(page);
    } finally {
      await context.close();
    }
  });
});
