import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible, screenshot } from './site';

/**
 * Paints the site's light or dark theme in the page exactly as @backline/core's `applyTheme` does (every
 * color a CSS variable on <html>, the `dark` class from `is_dark`), from the themes in the page's own
 * bootstrap data. Switching in place keeps the page's state (an open challenge, a shown error), which a
 * reload would lose.
 */
export async function paintTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((wantDark) => {
    const raw = (window as unknown as { bootstrapData: string | object }).bootstrapData;
    const data = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      themes: { all: { is_dark: boolean; colors: Record<string, string> }[] };
    };
    const theme = data.themes.all.find((candidate) => candidate.is_dark === wantDark);
    if (!theme) throw new Error(`no ${wantDark ? 'dark' : 'light'} theme in the bootstrap data`);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(theme.colors)) root.style.setProperty(name, value);
    root.classList.toggle('dark', wantDark);
  }, dark);
  // Colors transition; axe must read the settled ones.
  await page.evaluate(() =>
    Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
  );
}

/**
 * Waits until react-aria's live announcer holds no message pointing at an element that is gone. A pending
 * button announces itself by id (`aria-labelledby`); when the button leaves with the page it belonged to,
 * the announcer keeps that dangling reference for its 7-second lifetime, which axe reports as an unnamed
 * image. Reported upstream of this repository (see docs/packages/auth.md, "Known issues").
 */
export async function settleAnnouncements(page: Page): Promise<void> {
  // The announcer adds its first message 100 ms after it is created; let that happen before looking. Waited
  // on the page's own clock: a timer set later for longer fires after the announcer's, however busy the
  // machine, where a wait in Node could end before the page ran its timer.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 150)));
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-live-announcer] [aria-labelledby]')].some((node) =>
            (node.getAttribute('aria-labelledby') ?? '')
              .split(/\s+/)
              .some((id) => id && !document.getElementById(id)),
          ),
        ),
      { interval: 250 },
    )
    .toBe(false);
}

/**
 * axe-core in the light and in the dark theme (no critical or serious violation in either), with a
 * screenshot of each when `name` is given. Leaves the page in the theme it found it in.
 */
export async function expectAccessibleInBothThemes(page: Page, name?: string): Promise<void> {
  await settleAnnouncements(page);
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const dark of [wasDark, !wasDark]) {
    await paintTheme(page, dark);
    await expectAccessible(page);
    if (name) await screenshot(page, `${name}-${dark ? 'dark' : 'light'}`);
  }
  await paintTheme(page, wasDark);
}

/** The text of the page's only h1, once it is there. */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.locator('h1').first().textContent()).toBe(text);
}

/** Waits until the path (and query) of the page's URL is `path`. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    })
    .toBe(path);
}

/** The accessible error text shown under the field named `name`, or null. */
export async function fieldError(page: Page, name: string): Promise<string | null> {
  return page.evaluate((field) => {
    const input = document.querySelector<HTMLInputElement>(`input[name="${field}"]`);
    if (!input) return null;
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const errors = ids
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => !!element?.classList.contains('bl-field-error'));
    return errors.map((element) => element.textContent).join(' ') || null;
  }, name);
}

/** The `name` of the focused input, or null. */
export function focusedField(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name || null);
}

/** A fresh address for each account a test makes, so tests share one server without colliding. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * Waits for a popup to close. The mock provider answers in milliseconds, so the
 * popup may have closed before a 'close' listener could be attached; waiting for
 * the event then would never end.
 */
export async function popupClosed(popup: Page): Promise<void> {
  if (!popup.isClosed()) await popup.waitForEvent('close');
}
