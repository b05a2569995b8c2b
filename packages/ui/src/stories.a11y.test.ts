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
import { TIMEOUTS } from '@internal/testing/timeouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOATING_LIST_MAX_HEIGHT, HOVER_POPOVER_CLOSE_DELAY, TOOLTIP_DELAY } from './constants';

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

const OUTCOMES = '__BACKLINE_STORY_OUTCOMES__';

/**
 * Runs in every document before Storybook's own scripts: catches Storybook's channel the moment the preview
 * installs it and records, per story id, how its render ended ("ok", or the error event that ended it). A
 * story's end is Storybook's `storyFinished` event, sent after it rendered, its play function finished and
 * its animations settled.
 */
function recordStoryOutcomes(key: string): void {
  type Channel = { on(event: string, fn: (arg: unknown) => void): void };
  const outcomes: Record<string, string> = {};
  const errors: string[] = [];
  const hooked = new WeakSet<object>();
  let slot: Channel | undefined;
  Object.assign(window, { [key]: outcomes });
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => slot,
    set(channel: Channel | undefined) {
      slot = channel;
      if (!channel || hooked.has(channel)) return;
      hooked.add(channel);
      for (const event of [
        'storyErrored',
        'storyThrewException',
        'playFunctionThrewException',
        'storyMissing',
      ]) {
        channel.on(event, (arg) => errors.push(`${event}: ${JSON.stringify(arg ?? null).slice(0, 300)}`));
      }
      channel.on('storyFinished', (arg) => {
        const { storyId } = arg as { storyId: string };
        outcomes[storyId] = errors.length > 0 ? errors.join('\n') : 'ok';
      });
    },
  });
}

/** Opens a page that records story outcomes, with reduced motion (spinners and shimmer stop or slow). */
async function openStoryPage(
  browser: Browser,
  options: { width?: number; height?: number; clock?: boolean } = {},
): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(recordStoryOutcomes, OUTCOMES);
  // Timers and Date under the test's control, installed before any script of the page runs.
  if (options.clock) await page.clock.install();
  return page;
}

const storyUrl = (origin: string, id: string, globals: Globals) =>
  `${origin}/iframe.html?${new URLSearchParams({
    id,
    viewMode: 'story',
    globals: Object.entries(globals)
      .map(([name, value]) => `${name}:${value}`)
      .join(';'),
  })}`;

/** True for the errors Playwright raises when the document an evaluation ran in was replaced. */
const isNavigationError = (error: unknown) =>
  error instanceof Error &&
  /Execution context was destroyed|navigation|Target page, context or browser has been closed/i.test(
    error.message,
  );

/**
 * The outcome Storybook reported for story `id` in the current document. Polled from Node rather than
 * awaited inside the page, so a preview reload in between costs one poll, not the test: the reloaded
 * document renders the same story (the preview keeps it in its URL) and records it afresh.
 */
async function waitForOutcome(page: Page, id: string): Promise<string> {
  const deadline = Date.now() + TIMEOUTS.navigation;
  for (;;) {
    try {
      const handle = await page.waitForFunction(
        ({ key, id }) => (window as unknown as Record<string, Record<string, string>>)[key]?.[id],
        { key: OUTCOMES, id },
        { polling: 50, timeout: Math.max(1, deadline - Date.now()) },
      );
      return (await handle.jsonValue()) as string;
    } catch (error) {
      if (!isNavigationError(error) || Date.now() > deadline) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

/**
 * Shows story `id` with `globals` and resolves once Storybook reports it finished (rendered, play function
 * done). The globals live in the document's URL, so a change of globals loads a new document; within one
 * set of globals the story is switched over Storybook's channel, which is much faster than a page load.
 * Only ever switched after the previous story finished, and no `updateGlobals` is sent: Storybook reloads
 * the preview when it must tear down a story that still renders (which a globals change right before a
 * switch caused under load). Should it reload anyway, waitForOutcome rides it out.
 */
async function showStory(page: Page, origin: string, id: string, globals: Globals): Promise<void> {
  const url = new URL(storyUrl(origin, id, globals));
  const current = new URL(page.url());
  const sameDocument =
    current.origin === url.origin &&
    current.pathname === url.pathname &&
    current.searchParams.get('globals') === url.searchParams.get('globals') &&
    (await page.evaluate(() => '__STORYBOOK_PREVIEW__' in window).catch(() => false));
  if (sameDocument) {
    try {
      await page.evaluate(
        ({ key, id }) => {
          const outcomes = (window as unknown as Record<string, Record<string, string>>)[key];
          if (outcomes) delete outcomes[id];
          (
            window as unknown as {
              __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, arg: unknown): void };
            }
          ).__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
        },
        { key: OUTCOMES, id },
      );
    } catch (error) {
      if (!isNavigationError(error)) throw error;
    }
  } else {
    await page.goto(url.href, { waitUntil: 'domcontentloaded' });
  }
  const outcome = await waitForOutcome(page, id);
  if (outcome !== 'ok') throw new Error(`story ${id} failed: ${outcome}`);
  await settle(page);
}

/** Waits until CSS and motion animations have finished, so colors are measured at rest. */
async function settle(page: Page): Promise<void> {
  // Endless animations (spinners, shimmer) are skipped: they never finish and do not change colors.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        )
        .map((a) => a.finished),
    ),
  );
  // Two frames: styles that follow a finished animation (fill, transitionend handlers) are painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Stops the page's clock: from here on time only moves through `page.clock.runFor`. Called once the page is
 * at rest, so the second that pauseAt skips ahead changes nothing. The page's time flows until the pause
 * lands, so the target must still be ahead by then; on a busy machine that may take longer than a second,
 * hence the retry further ahead.
 */
async function freezeClock(page: Page): Promise<void> {
  for (let ahead = 1000; ; ahead *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (!(error instanceof Error && /to the past/.test(error.message)) || ahead > 60_000) throw error;
    }
  }
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
    page = await openStoryPage(browser);
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
        await showStory(page, origin, entry.id, { theme, direction: 'ltr' });
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
      await showStory(page, origin, 'ui-select--loading', { theme: 'light', direction: 'ltr' });
      await expect(page.getByRole('listbox').textContent()).resolves.toContain('Loading...');
      await showStory(page, origin, 'ui-select--empty', { theme: 'light', direction: 'ltr' });
      await expect(page.getByRole('listbox').textContent()).resolves.toContain(
        'There are no items matching your query',
      );
    });

    it('shows the empty message in a combobox that matches nothing', async () => {
      await showStory(page, origin, 'ui-combobox--no-matches', { theme: 'light', direction: 'ltr' });
      await root().getByRole('combobox').focus();
      await page.keyboard.press('End');
      await page.keyboard.type('s');
      await page.getByRole('listbox').getByText('There are no items matching your query').waitFor();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('links the field error to its input and marks the input invalid', async () => {
      await showStory(page, origin, 'ui-textfield--with-error', { theme: 'light', direction: 'ltr' });
      const input = root().getByRole('textbox', { name: 'Email' });
      await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
      const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
      const texts = await Promise.all(
        describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
      );
      expect(texts).toContain('The email must be a valid email address.');
    });

    it('puts server errors on their fields and focuses the first one', async () => {
      await showStory(page, origin, 'ui-form--default', { theme: 'light', direction: 'ltr' });
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
      await showStory(page, origin, 'ui-select--long-list', { theme: 'light', direction: 'ltr' });
      const height = await page
        .locator('.bl-popover--list')
        .evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThanOrEqual(FLOATING_LIST_MAX_HEIGHT);
      expect(height).toBeGreaterThan(FLOATING_LIST_MAX_HEIGHT - 40);
    });

    it('resets menu type-ahead 500 ms after the last key', async () => {
      // Time moves only when the test says so: keys typed "at once" stay at once however slow the machine.
      const timed = await openStoryPage(browser, { clock: true });
      try {
        await showStory(timed, origin, 'ui-menu--open', { theme: 'light', direction: 'ltr' });
        await timed.getByRole('menu').waitFor();
        await freezeClock(timed);
        const focused = () => timed.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
        await timed.keyboard.press('d');
        expect(await focused()).toBe('Dark mode');
        await timed.keyboard.press('l'); // "dl" matches nothing: focus stays
        expect(await focused()).toBe('Dark mode');
        await timed.clock.runFor(499);
        await timed.keyboard.press('l'); // still "dll" 499 ms after the last key
        expect(await focused()).toBe('Dark mode');
        await timed.clock.runFor(500);
        // Reset 500 ms after the last key: "l" alone now finds Log out (react-aria's own 1000 ms would not).
        await timed.keyboard.press('l');
        expect(await focused()).toBe('Log out');
        await timed.clock.runFor(500);
        await timed.keyboard.press('b');
        expect(await focused()).toBe('Billing');
      } finally {
        await timed.close();
      }
    });

    it('replaces a toast with the next one and announces danger toasts assertively', async () => {
      await showStory(page, origin, 'ui-toast--interactive', { theme: 'light', direction: 'ltr' });
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
      // A loading toast has no close button (once it is shown: no toast at all would have none either).
      await page.locator('[role="status"] .bl-toast', { hasText: 'Uploading avatar' }).waitFor();
      expect(await page.locator('.bl-toast').getByRole('button').count()).toBe(0);
      await root().getByRole('button', { name: 'Dismiss' }).click();
      await page.locator('.bl-toast').waitFor({ state: 'detached' });
    });

    it('closes a positive toast after 3 s, unless the pointer rests on it', async () => {
      const timed = await openStoryPage(browser, { clock: true });
      try {
        await showStory(timed, origin, 'ui-toast--interactive', { theme: 'light', direction: 'ltr' });
        await freezeClock(timed);
        await timed.mouse.move(5, 5);
        const button = timed.locator('#storybook-root').getByRole('button', { name: 'Positive (3 s)' });
        const toast = timed.locator('.bl-toast');
        await button.click();
        await toast.waitFor();
        await timed.clock.runFor(2900);
        expect(await toast.count()).toBe(1);
        await timed.clock.runFor(200);
        await toast.waitFor({ state: 'detached' });

        await button.click();
        await toast.waitFor();
        await toast.hover();
        await expect.poll(() => toast.getAttribute('data-paused')).toBe('true');
        await timed.clock.runFor(10_000);
        expect(await toast.count()).toBe(1);
        await timed.mouse.move(5, 5);
        await expect.poll(() => toast.getAttribute('data-paused')).toBeNull();
        await timed.clock.runFor(3100);
        await toast.waitFor({ state: 'detached' });
      } finally {
        await timed.close();
      }
    });

    it('opens the tooltip only after the pointer rests on the trigger', async () => {
      const timed = await openStoryPage(browser, { clock: true });
      try {
        await showStory(timed, origin, 'ui-tooltip--default', { theme: 'light', direction: 'ltr' });
        await freezeClock(timed);
        await timed.mouse.move(0, 0);
        await timed.locator('#storybook-root').getByRole('button', { name: 'Notifications' }).hover();
        await timed.clock.runFor(TOOLTIP_DELAY - 100);
        expect(await timed.getByRole('tooltip').count()).toBe(0);
        await timed.clock.runFor(200);
        await timed.getByRole('tooltip').waitFor();
      } finally {
        await timed.close();
      }
    });

    it('closes a hover popover soon after the pointer leaves', async () => {
      const timed = await openStoryPage(browser, { clock: true });
      try {
        await showStory(timed, origin, 'ui-popover--hover', { theme: 'light', direction: 'ltr' });
        await timed.mouse.move(0, 0);
        await timed.locator('#storybook-root').getByRole('link', { name: 'Daft Punk' }).hover();
        const dialog = timed.getByRole('dialog', { name: 'Daft Punk' });
        await dialog.waitFor();
        await freezeClock(timed);
        await timed.mouse.move(600, 700);
        // Still open within the close delay, closed once it has passed.
        await timed.clock.runFor(HOVER_POPOVER_CLOSE_DELAY - 50);
        expect(await dialog.count()).toBe(1);
        await timed.clock.runFor(100);
        await dialog.waitFor({ state: 'detached' });
      } finally {
        await timed.close();
      }
    });

    it('collapses visitor buttons into a menu on mobile, and hides Register when registration is off', async () => {
      await showStory(page, origin, 'shell-navbar--mobile-visitor-menu-open', {
        theme: 'light',
        direction: 'ltr',
      });
      const items = page.getByRole('menuitem');
      await items.first().waitFor();
      expect(await items.allTextContents()).toEqual(['Login', 'Register']);
      await showStory(page, origin, 'shell-navbar--visitor-registration-disabled', {
        theme: 'light',
        direction: 'ltr',
      });
      expect(await root().getByRole('link', { name: 'Login' }).count()).toBe(1);
      expect(await root().getByRole('link', { name: 'Register' }).count()).toBe(0);
    });

    it('lists the account dropdown entries in the spec order', async () => {
      await showStory(page, origin, 'shell-navbar--account-menu-open', { theme: 'light', direction: 'ltr' });
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([
        'Account settings',
        'Admin area',
        'Profile page',
        'Billing',
        'Dark mode',
        'Log out',
      ]);
      await showStory(page, origin, 'shell-navbar--mobile-account-menu-open', {
        theme: 'light',
        direction: 'ltr',
      });
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toContain('Notifications3');
    });

    it('moves the menu links into the menu button when they do not fit on one row, and back when they do', async () => {
      await showStory(page, origin, 'shell-navbar--logged-in', { theme: 'light', direction: 'ltr' });
      const main = root().getByRole('navigation', { name: 'Main' });
      const menuButton = root().getByRole('button', { name: 'Menu' });
      const barHeight = async () => (await root().locator('.bl-navbar').boundingBox())?.height ?? 0;
      await main.waitFor();
      expect(await menuButton.count()).toBe(0);
      const height = await barHeight();
      try {
        // Too narrow for the links beside the logo and the account area, yet wider than the phone layout's.
        await page.setViewportSize({ width: 560, height: 800 });
        await menuButton.waitFor();
        await main.waitFor({ state: 'hidden' });
        expect(await barHeight()).toBe(height);
        await menuButton.click();
        const items = page.getByRole('menuitem');
        await items.first().waitFor();
        expect(await items.allTextContents()).toEqual(
          await page.evaluate(() =>
            Array.from(document.querySelectorAll('.bl-navbar__links a'), (link) => link.textContent ?? ''),
          ),
        );
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await main.waitFor();
      expect(await menuButton.count()).toBe(0);
      expect(await barHeight()).toBe(height);
    });

    it('mirrors the navbar in right-to-left', async () => {
      await showStory(page, origin, 'shell-navbar--right-to-left', { theme: 'light', direction: 'rtl' });
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
          await showStory(page, origin, id, { theme: 'light', direction: 'ltr' });
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
