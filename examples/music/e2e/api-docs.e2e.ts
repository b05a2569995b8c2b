import { createTestUser, type RunningServer, TIMEOUTS } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, expectPath } from './support/auth-helpers';
import { type BrowserHarness, expectAccessible, startBrowser, startSite } from './support/site';

const PASSWORD = 'read the reference 42';
const NOT_FOUND = "Looks like you've found the doorway to the great nothing";

/** Collects what would show a page breaking the CSP or reaching outside: violations, errors, foreign requests. */
async function watch(page: Page, origin: string) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('request', (request) => {
    if (
      !request.url().startsWith(origin) &&
      !request.url().startsWith('data:') &&
      !request.url().startsWith('blob:')
    )
      problems.push(`request outside the site: ${request.url()}`);
  });
  return problems;
}

/** Waits until the page has painted what the last scroll asked for (Swagger UI's virtual list renders on scroll). */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Swagger UI virtualises a long list of operations: only those near the viewport are in the DOM. Scrolls from the
 * top to the bottom of the page and answers every operation summary that was rendered on the way.
 */
async function summariesByScrolling(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (;;) {
    await painted(page);
    for (const text of await page.locator('.opblock-summary-description').allTextContents()) seen.add(text);
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight / 2);
      return window.scrollY !== before;
    });
    if (!moved) return seen;
  }
}

/** Scrolls Swagger UI's virtual list from the top until the operation of `path` is rendered, and answers it. */
async function revealOperation(page: Page, method: string, path: string) {
  const operation = page.locator(`.opblock-${method}`, { has: page.locator(`[data-path="${path}"]`) });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (;;) {
    await painted(page);
    if ((await operation.count()) > 0) break;
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight / 2);
      return window.scrollY !== before;
    });
    if (!moved) throw new Error(`${method.toUpperCase()} ${path} is not in the reference`);
  }
  await operation.scrollIntoViewIfNeeded();
  return operation;
}

describe('/api-docs, the API reference', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  beforeAll(async () => {
    site = await startSite();
    browser = await startBrowser();
    // Signed-up listeners hold api.access on the music site; this one has had every role taken away.
    await createTestUser(site.app, { email: 'dev@example.com', password: PASSWORD });
    const plain = await createTestUser(site.app, { email: 'plain@example.com', password: PASSWORD });
    await site.app.kit.knex('user_roles').where({ user_id: plain.id }).delete();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const logIn = async (page: Page, email: string) => {
    await page.goto(`${site.url}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(page, '/');
  };

  it(
    'lists every route for a user with api.access, and Try it calls the API with their session',
    async () => {
      const { page, context } = await browser.newPage();
      const problems = await watch(page, site.url);
      await logIn(page, 'dev@example.com');
      await page.goto(`${site.url}/api-docs`);
      // Each operation appears in the reference under its method, path and summary.
      const routes = [...site.app.router.routes, ...site.app.router.documented];
      await page
        .locator('.opblock')
        .first()
        .waitFor()
        .catch((error: unknown) => {
          throw new Error(`the reference did not render: ${String(error)}\n${problems.join('\n')}`);
        });
      // Every summary, read by scrolling the whole (virtualised) list; polled, as a slow machine may paint late.
      await expect
        .poll(async () => {
          const listed = await summariesByScrolling(page);
          return routes.filter((route) => !listed.has(route.summary)).map((r) => `${r.method} ${r.path}`);
        })
        .toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page);

      // Try it on GET user-sessions, which needs a signed-in user: the session cookie goes along. (A small answer on
      // purpose: Try it on openapi.json highlights the whole document, tens of thousands of nodes, which can keep a
      // loaded machine's page busy past a click's timeout.)
      const sessions = await revealOperation(page, 'get', '/api/v1/user-sessions');
      await sessions.locator('.opblock-summary-control').click();
      const answered = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/user-sessions') && response.request().method() === 'GET',
      );
      await sessions.getByRole('button', { name: 'Execute' }).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(((await response.json()) as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0);
      await expect
        .poll(() =>
          sessions.locator('.live-responses-table tbody .response-col_status').first().textContent(),
        )
        .toContain('200');

      // An unsafe method from the same page: the XSRF header goes along (from the readable cookie), so the server
      // accepts the session's POST, which creates a personal access token and answers its plain text.
      const create = await revealOperation(page, 'post', '/api/v1/access-tokens');
      await create.locator('.opblock-summary-control').click();
      await create
        .locator('textarea.body-param__text')
        .fill(JSON.stringify({ tokenName: 'from the reference' }));
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/access-tokens') && response.request().method() === 'POST',
      );
      await create.getByRole('button', { name: 'Execute' }).click();

      const creation = await created;
      expect(creation.request().headers()['x-xsrf-token']).toBeTruthy();
      expect(creation.status()).toBe(200);
      const { plainTextToken } = (await creation.json()) as { plainTextToken: string };
      await expectAccessible(page);

      // The token works as the Bearer scheme: entered in "Authorize", Try it sends it as the Authorization header.
      await page
        .getByRole('button', { name: /Authorize/ })
        .first()
        .click();
      const dialog = page.locator('.auth-container', { has: page.locator('#auth-bearer-value') });
      await dialog.locator('#auth-bearer-value').fill(plainTextToken);
      await dialog.locator('button.authorize').click();
      await page.getByRole('button', { name: 'Close' }).first().click();
      // Scrolled out of the virtual list meanwhile; Swagger UI keeps it expanded.
      await revealOperation(page, 'get', '/api/v1/user-sessions');
      const withToken = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/user-sessions') && response.request().method() === 'GET',
      );
      await sessions.getByRole('button', { name: 'Execute' }).click();
      const bearer = await withToken;
      expect(bearer.request().headers().authorization).toBe(`Bearer ${plainTextToken}`);
      expect(bearer.status()).toBe(200);

      expect(problems).toEqual([]);
      await context.close();
      // Scrolling the whole reference, two Try it round trips and two axe runs: this takes long on a loaded machine.
    },
    4 * TIMEOUTS.test,
  );

  it('shows the 404 page to a user without api.access, and sends a visitor to log in', async () => {
    const { page, context } = await browser.newPage();
    await logIn(page, 'plain@example.com');
    await page.goto(`${site.url}/api-docs`);
    await expectHeading(page, NOT_FOUND);
    await context.close();

    const visitor = await browser.newPage();
    await visitor.page.goto(`${site.url}/api-docs`);
    await expectPath(visitor.page, '/login');
    await visitor.context.close();
  });

  it('shows the 404 page while the API is not integrated', async () => {
    await site.app.kit.settings.set('api.integrated', false);
    try {
      const { page, context } = await browser.newPage();
      await logIn(page, 'dev@example.com');
      await page.goto(`${site.url}/api-docs`);
      await expectHeading(page, NOT_FOUND);
      await context.close();
    } finally {
      await site.app.kit.settings.set('api.integrated', true);
    }
  });
});
