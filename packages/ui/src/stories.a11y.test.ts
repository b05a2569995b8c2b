/**
 * Every story in real Chromium: axe-core (no critical or serious violation, color contrast included) in
 * the light and the dark theme, plus the behaviour a DOM-less unit test cannot see (toasts, type-ahead,
 * list states, shell layout). It drives the built Storybook, so run `pnpm storybook:build` first; without
 * `storybook-static/` the suite is skipped with a message.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
// A path import, so @backline/ui needs no dependency on the private testing package to use its helpers.
import { axeViolations, describeViolations, launchBrowser } from '@internal/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOATING_LIST_MAX_HEIGHT } from './constants';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

const STATIC_DIR = resolve(import.meta.dirname, '../../../storybook-static');
const hasBuild = existsSync(join(STATIC_DIR, 'index.json'));
if (!hasBuild) {
  console.warn(
    `[ui a11y] ${STATIC_DIR} is missing: run \`pnpm storybook:build\` to check every story in Chromium.`,
  );
}

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves storybook-static on a free loopback port. */
function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

type Globals = Record<string, string>;

/**
 * Renders a story in the already loaded preview through Storybook's channel (much faster than a page
 * load per story) and resolves once it rendered and its play function finished.
 */
async function showStory(page: Page, id: string, globals: Globals): Promise<void> {
  const outcome = await page.evaluate(
    ({ id, globals }) =>
      new Promise<string>((done) => {
        const channel = (
          window as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: {
              on(event: string, fn: (arg: unknown) => void): void;
              off(event: string, fn: (arg: unknown) => void): void;
              emit(event: string, arg: unknown): void;
            };
          }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        const events = ['storyFinished', 'storyErrored', 'storyThrewException', 'playFunctionThrewException'];
        const handlers = events.map((event) => {
          const handler = (arg: unknown) => {
            const storyId = (arg as { storyId?: string } | undefined)?.storyId;
            if (event === 'storyFinished' && storyId !== id) return;
            for (const [i, name] of events.entries())
              channel.off(name, handlers[i] as (arg: unknown) => void);
            done(event === 'storyFinished' ? 'ok' : `${event}: ${JSON.stringify(arg).slice(0, 300)}`);
          };
          channel.on(event, handler);
          return handler;
        });
        channel.emit('updateGlobals', { globals });
        channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      }),
    { id, globals },
  );
  if (outcome !== 'ok') throw new Error(`story ${id} failed: ${outcome}`);
  await settle(page);
}

/** Waits until CSS and motion animations have finished, so colors are measured at rest. */
async function settle(page: Page): Promise<void> {
  // Endless animations (spinners, shimmer) are skipped: they never finish and do not change colors.
  const finite = () =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      );
  await page.waitForFunction(finite, null, {
    timeout: 5000,
    polling: 50,
  });
  await page.waitForTimeout(60);
}

const describeBuilt = hasBuild ? describe : describe.skip;

describeBuilt('stories in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  let page: Page;
  const entries: IndexEntry[] = hasBuild
    ? Object.values(
        (
          JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8')) as {
            entries: Record<string, IndexEntry>;
          }
        ).entries,
      ).filter((entry) => entry.type === 'story')
    : [];

  beforeAll(async () => {
    ({ server, origin } = await serveStatic(STATIC_DIR));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Infinite animations (spinners, skeleton shimmer) never settle; reduced motion stops or slows them.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${origin}/iframe.html?id=${entries[0]?.id}&viewMode=story`);
    await page.waitForFunction(() => '__STORYBOOK_ADDONS_CHANNEL__' in window);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
  });

  it('finds the stories of every component', () => {
    const titles = new Set(entries.map((entry) => entry.title));
    for (const title of [
      'UI/Button',
      'UI/IconButton',
      'UI/TextField',
      'UI/Checkbox',
      'UI/Switch',
      'UI/Select',
      'UI/ComboBox',
      'UI/ListBox',
      'UI/Menu',
      'UI/Dialog',
      'UI/Popover',
      'UI/Tooltip',
      'UI/Tabs',
      'UI/Skeleton',
      'UI/ProgressBar',
      'UI/Avatar',
      'UI/Link',
      'UI/Form',
      'UI/Toast',
      'Shell/Logo',
      'Shell/Navbar',
      'Shell/Footer',
      'Shell/AuthLayout',
      'Shell/NotFoundPage',
    ]) {
      expect(titles, title).toContain(title);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no critical or serious axe violation in any story, ${theme} theme`, async () => {
      const failures: string[] = [];
      for (const entry of entries) {
        // Animated and timed stories are checked by the behaviour tests below instead.
        if (entry.id === 'ui-combobox--async-loading') continue;
        await showStory(page, entry.id, { theme, direction: 'ltr' });
        if (theme === 'dark' || entry.name.includes('Dark')) {
          expect(
            await page.evaluate(() => document.documentElement.classList.contains('dark')),
            entry.id,
          ).toBe(true);
        }
        const violations = await axeViolations(page);
        if (violations.length > 0) failures.push(`${entry.id}\n${describeViolations(violations)}`);
      }
      expect(failures.join('\n\n')).toBe('');
    }, 600_000);
  }

  describe('behaviour', () => {
    const root = () => page.locator('#storybook-root');

    it('shows "Loading..." and "There are no items matching your query" in select lists', async () => {
      await showStory(page, 'ui-select--loading', { theme: 'light', direction: 'ltr' });
      await expect(page.getByRole('listbox').textContent()).resolves.toContain('Loading...');
      await showStory(page, 'ui-select--empty', { theme: 'light', direction: 'ltr' });
      await expect(page.getByRole('listbox').textContent()).resolves.toContain(
        'There are no items matching your query',
      );
    });

    it('shows the empty message in a combobox that matches nothing', async () => {
      await showStory(page, 'ui-combobox--no-matches', { theme: 'light', direction: 'ltr' });
      await root().getByRole('combobox').focus();
      await page.keyboard.press('End');
      await page.keyboard.type('s');
      await page
        .getByRole('listbox')
        .getByText('There are no items matching your query')
        .waitFor({ timeout: 3000 });
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('links the field error to its input and marks the input invalid', async () => {
      await showStory(page, 'ui-textfield--with-error', { theme: 'light', direction: 'ltr' });
      const input = root().getByRole('textbox', { name: 'Email' });
      await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
      const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
      const texts = await Promise.all(
        describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
      );
      expect(texts).toContain('The email must be a valid email address.');
    });

    it('puts server errors on their fields and focuses the first one', async () => {
      await showStory(page, 'ui-form--default', { theme: 'light', direction: 'ltr' });
      await root().getByRole('button', { name: 'Create account' }).click();
      const email = root().getByRole('textbox', { name: 'Email' });
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await root().locator('.bl-field-error').allTextContents()).toEqual([
        'The email has already been taken.',
        'The password must be at least 8 characters.',
      ]);
    });

    it('caps floating lists at 420 px', async () => {
      await showStory(page, 'ui-select--long-list', { theme: 'light', direction: 'ltr' });
      const height = await page
        .locator('.bl-popover--list')
        .evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThanOrEqual(FLOATING_LIST_MAX_HEIGHT);
      expect(height).toBeGreaterThan(FLOATING_LIST_MAX_HEIGHT - 40);
    });

    it('resets menu type-ahead 500 ms after the last key', async () => {
      await showStory(page, 'ui-menu--open', { theme: 'light', direction: 'ltr' });
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      await page.keyboard.press('d');
      expect(await focused()).toBe('Dark mode');
      await page.keyboard.press('l'); // "dl" matches nothing: focus stays
      expect(await focused()).toBe('Dark mode');
      await page.waitForTimeout(650);
      // Reset after 500 ms: "l" alone now finds Log out (react-aria's own 1000 ms would still read "dll").
      await page.keyboard.press('l');
      expect(await focused()).toBe('Log out');
      await page.waitForTimeout(650);
      await page.keyboard.press('b');
      expect(await focused()).toBe('Billing');
    });

    it('replaces a toast with the next one and announces danger toasts assertively', async () => {
      await showStory(page, 'ui-toast--interactive', { theme: 'light', direction: 'ltr' });
      await root().getByRole('button', { name: 'Positive (3 s)' }).click();
      await expect(page.locator('[role="status"] .bl-toast').textContent()).resolves.toContain(
        'Password changed',
      );
      await root().getByRole('button', { name: 'Danger (8 s)' }).click();
      await page.locator('[role="alert"] .bl-toast').waitFor();
      await page.locator('[role="status"] .bl-toast').waitFor({ state: 'detached' });
      expect(await page.locator('.bl-toast').count()).toBe(1);
      expect(await page.locator('[role="alert"]').getAttribute('aria-live')).toBe('assertive');
      expect(await page.locator('[role="status"]').getAttribute('aria-live')).toBe('polite');
      await root().getByRole('button', { name: 'Loading' }).click();
      await page.locator('[role="alert"] .bl-toast').waitFor({ state: 'detached' });
      // A loading toast has no close button.
      expect(await page.locator('.bl-toast').getByRole('button').count()).toBe(0);
      await root().getByRole('button', { name: 'Dismiss' }).click();
      await page.locator('.bl-toast').waitFor({ state: 'detached' });
    });

    it('closes a positive toast after 3 s, unless the pointer rests on it', async () => {
      await showStory(page, 'ui-toast--interactive', { theme: 'light', direction: 'ltr' });
      await page.mouse.move(5, 5);
      await root().getByRole('button', { name: 'Positive (3 s)' }).click();
      const toast = page.locator('.bl-toast');
      await toast.waitFor();
      await page.waitForTimeout(3400);
      expect(await toast.count()).toBe(0);

      await root().getByRole('button', { name: 'Positive (3 s)' }).click();
      await toast.waitFor();
      await toast.hover();
      await page.waitForTimeout(3600);
      expect(await toast.count()).toBe(1);
      expect(await toast.getAttribute('data-paused')).toBe('true');
      await page.mouse.move(5, 5);
      await toast.waitFor({ state: 'detached', timeout: 4000 });
    }, 20_000);

    it('opens the tooltip only after the pointer rests on the trigger', async () => {
      await showStory(page, 'ui-tooltip--default', { theme: 'light', direction: 'ltr' });
      await page.mouse.move(0, 0);
      await root().getByRole('button', { name: 'Notifications' }).hover();
      await page.waitForTimeout(1000);
      expect(await page.getByRole('tooltip').count()).toBe(0);
      await page.getByRole('tooltip').waitFor({ timeout: 2000 });
      await page.mouse.move(0, 0);
    });

    it('closes a hover popover soon after the pointer leaves', async () => {
      await showStory(page, 'ui-popover--hover', { theme: 'light', direction: 'ltr' });
      await page.mouse.move(0, 0);
      await root().getByRole('link', { name: 'Daft Punk' }).hover();
      const dialog = page.getByRole('dialog', { name: 'Daft Punk' });
      await dialog.waitFor({ timeout: 3000 });
      await page.mouse.move(600, 700);
      await dialog.waitFor({ state: 'detached', timeout: 1000 });
    });

    it('collapses visitor buttons into a menu on mobile, and hides Register when registration is off', async () => {
      await showStory(page, 'shell-navbar--mobile-visitor-menu-open', { theme: 'light', direction: 'ltr' });
      const items = page.getByRole('menuitem');
      await items.first().waitFor();
      expect(await items.allTextContents()).toEqual(['Login', 'Register']);
      await showStory(page, 'shell-navbar--visitor-registration-disabled', {
        theme: 'light',
        direction: 'ltr',
      });
      expect(await root().getByRole('link', { name: 'Login' }).count()).toBe(1);
      expect(await root().getByRole('link', { name: 'Register' }).count()).toBe(0);
    });

    it('lists the account dropdown entries in the spec order', async () => {
      await showStory(page, 'shell-navbar--account-menu-open', { theme: 'light', direction: 'ltr' });
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([
        'Account settings',
        'Admin area',
        'Profile page',
        'Billing',
        'Dark mode',
        'Log out',
      ]);
      await showStory(page, 'shell-navbar--mobile-account-menu-open', { theme: 'light', direction: 'ltr' });
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toContain('Notifications3');
    });

    it('mirrors the navbar in right-to-left', async () => {
      await showStory(page, 'shell-navbar--right-to-left', { theme: 'light', direction: 'rtl' });
      const logo = await root().locator('.bl-navbar__logo').boundingBox();
      const account = await root().locator('.bl-navbar__account').boundingBox();
      expect(logo && account && account.x < logo.x).toBe(true);
    });

    it('fits the shell at 375 px without horizontal scrolling', async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      try {
        for (const id of [
          'shell-navbar--mobile-visitor',
          'shell-footer--with-controls',
          'shell-authlayout--default',
        ]) {
          await showStory(page, id, { theme: 'light', direction: 'ltr' });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, id).toBeLessThanOrEqual(0);
        }
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
  });
});
