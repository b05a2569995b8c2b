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
    ...options,
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
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** One Chromium per test file; every page it opens gets checked by axe when `expectAccessible` runs. */
export async function startBrowser(): Promise<BrowserHarness> {
  const browser = await launchBrowser();
  return {
    browser,
    async newPage({ width = 1280, height = 800, colorScheme = 'light' } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme });
      return { context, page: await context.newPage() };
    },
    close: () => browser.close(),
  };
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
