import { type RunningServer, type TestDatabase, testDatabases } from '@internal/testing';
import { axeViolations, describeViolations, launchBrowser } from '@internal/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createMusicApp, type MusicAppOptions } from '../../src/server/app';

/** Starts the music site in this process on a free loopback port, with a fresh PGlite database. */
export async function startSite(
  options: MusicAppOptions = {},
  database: TestDatabase = testDatabases()[0]!,
): Promise<RunningServer> {
  const fresh = database.create();
  const app = await createMusicApp({
    logger: 'silent',
    // Every answer the browser provokes is also checked against the contract.
    validateResponses: true,
    // Suites that need the catalogue pass a generator (`music: {generate}`); the rest start empty and fast.
    music: { demoLibrary: false },
    // Tests change roles straight in the database and expect the next request to see it.
    guestRoleCacheMs: 0,
    ...options,
    // The web player's suites expect Discover at `/` for visitors too; the content suite asks for the landing page.
    settings: { 'homepage.type': { value: 'channel', public: true }, ...options.settings },
    database: fresh.options,
    dataDir: fresh.dataDir,
  });
  const { url } = await app.start(0, '127.0.0.1');
  const { HttpSession } = await import('@internal/testing');
  return {
    app,
    url,
    dataDir: fresh.dataDir,
    session: () => new HttpSession(url),
    async close() {
      await app.close();
      await fresh.cleanup();
    },
  };
}

export interface BrowserHarness {
  browser: Browser;
  newPage(options?: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    /** The test throws in the page on purpose (error reporting): its uncaught errors do not fail the file. */
    allowPageErrors?: boolean;
  }): Promise<{ context: BrowserContext; page: Page }>;
  /** Closes Chromium, then fails if any page threw an uncaught error (see `startBrowser`). */
  close(): Promise<void>;
}

/**
 * One Chromium per test file; every page it opens gets checked by axe when `expectAccessible` runs. `args` adds
 * Chromium flags (the player's suite lets audio start without a gesture).
 *
 * An uncaught error in a page (a React crash such as "Cannot change the id of an item", a rejected promise
 * nobody handles) can leave the screen looking fine for the step that follows; so every one is recorded, and
 * `close()` fails the file with the list, naming the page each came from.
 */
export async function startBrowser(options: { args?: string[] } = {}): Promise<BrowserHarness> {
  const browser = await launchBrowser(options);
  const pageErrors: string[] = [];
  return {
    browser,
    async newPage({ width = 1280, height = 800, colorScheme = 'light', allowPageErrors = false } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme });
      await context.addInitScript(recordToasts);
      if (!allowPageErrors)
        context.on('weberror', (error) =>
          pageErrors.push(
            `${error.page()?.url() ?? 'a page'}: ${error.error().stack ?? error.error().message}`,
          ),
        );
      return { context, page: await context.newPage() };
    },
    async close() {
      await browser.close();
      if (pageErrors.length)
        throw new Error(`Uncaught errors in the pages of this file:\n${pageErrors.join('\n\n')}`);
    },
  };
}

/**
 * Runs in every page before its own scripts: records the text of each toast as it appears, in `window.__toasts`.
 * A positive toast lives 3 s, which a loaded machine can let pass before a poll of the DOM reads it; checking the
 * record instead makes "this toast was shown" independent of timing (see expectToastShown).
 */
function recordToasts() {
  const shown: string[] = [];
  const seen = new WeakMap<Element, string>();
  (window as unknown as { __toasts: string[] }).__toasts = shown;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.bl-toast')) {
      const text = toast.textContent ?? '';
      if (text && seen.get(toast) !== text) {
        seen.set(toast, text);
        shown.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits until the page has shown a toast containing `text` (still shown or already gone), then forgets it and every
 * older toast, so the next check of the same text needs a new toast.
 */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((wanted) => {
        const shown = (window as unknown as { __toasts?: string[] }).__toasts ?? [];
        const index = shown.findIndex((toast) => toast.includes(wanted));
        if (index >= 0) shown.splice(0, index + 1);
        return index >= 0 ? wanted : shown;
      }, text),
    )
    .toBe(text);
}

/** Fails on any critical or serious axe-core violation in the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Saves a screenshot under the git-ignored `.artifacts/screenshots` folder for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: new URL(`../../../../.artifacts/screenshots/${name}.png`, import.meta.url).pathname,
    fullPage: true,
  });
}
