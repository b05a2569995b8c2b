import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createTestUser,
  type MockOAuthProvider,
  type RunningServer,
  startOAuthProvider,
} from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectPath, popupClosed, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, screenshot, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';
const RECAPTCHA_SECRET = 'e2e-recaptcha-secret';

/** A loopback stand-in for reCAPTCHA's siteverify: `good-*` tokens pass (with the action after the dash). */
async function startVerifyEndpoint() {
  const tokens: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const token = form.get('response') ?? '';
      tokens.push(token);
      const pass = form.get('secret') === RECAPTCHA_SECRET && token.startsWith('good-');
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify(pass ? { success: true, score: 0.9, action: token.slice(5) } : { success: false }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The whole social popup in Chromium: the music site signs in "with Google" against oauth2-mock-server on
 * another loopback port, configured exactly as a real provider would be (authorize, token and userinfo URLs).
 */
describe('social sign-in in Chromium, against oauth2-mock-server as Google', () => {
  let site: RunningServer;
  let provider: MockOAuthProvider;
  let verify: Awaited<ReturnType<typeof startVerifyEndpoint>>;
  let browser: BrowserHarness;
  let counter = 0;

  beforeAll(async () => {
    provider = await startOAuthProvider();
    verify = await startVerifyEndpoint();
    site = await startSite({
      social: provider.social,
      humanCheck: { secretKey: RECAPTCHA_SECRET, verifyUrl: verify.url },
      // As docs/packages/auth.md says for reCAPTCHA: the page CSP must allow Google's script and frame hosts.
      securityHeaders: {
        scriptSources: ['https://www.google.com', 'https://www.gstatic.com'],
        frameSources: ['https://www.google.com'],
      },
    });
    await site.app.kit.settings.set('social.google.enable', true);
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await provider?.close();
    await verify?.close();
  });
  beforeEach(() => {
    counter += 1;
    const email = uniqueEmail(`google${counter}`);
    provider.user = {
      sub: `google-e2e-${counter}-${Date.now()}`,
      email,
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    };
  });

  const openLogin = async (viewport: { width?: number; height?: number } = {}) => {
    const { page, context } = await browser.newPage(viewport);
    await page.goto(`${site.url}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    return { page, context };
  };

  /** Clicks the Google button and answers the popup it opened. */
  const clickGoogle = async (page: Page) => {
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    return popup;
  };

  /** The user the server sees for this browser tab (from its own bootstrap-data endpoint), or null. */
  const signedInUser = (page: Page) =>
    page.evaluate(async () => {
      const answer = await (await fetch('/api/v1/bootstrap-data', { credentials: 'include' })).json();
      return JSON.parse(answer.data.data).user as { id: number; email: string } | null;
    });

  it('shows the Google button under the login form, accessible at 375 and 1280 px in both themes', async () => {
    for (const width of [375, 1280]) {
      const { page, context } = await openLogin({ width });
      await expectAccessibleInBothThemes(page, `social-login-${width}`);
      await context.close();
    }
  });

  it('signs a new user up through the popup and goes to the redirect target', async () => {
    const { page, context } = await openLogin();
    await popupClosed(await clickGoogle(page));
    await expectPath(page, '/');
    const user = await signedInUser(page);
    expect(user).toMatchObject({ email: provider.user.email });
    const row = await site.app.kit.knex('users').where({ email: provider.user.email }).first();
    expect(row.password).toBeNull();
    expect(row.email_verified_at).toBeTruthy();
    expect(await site.app.kit.knex('social_profiles').where({ user_id: row.id })).toEqual([
      expect.objectContaining({ service_name: 'google', user_service_id: provider.user.sub }),
    ]);
    await context.close();
  });

  it('signs a returning user into the same account', async () => {
    const first = await openLogin();
    await popupClosed(await clickGoogle(first.page));
    await expectPath(first.page, '/');
    const { id } = (await signedInUser(first.page))!;
    await first.context.close();

    const { page, context } = await openLogin();
    await popupClosed(await clickGoogle(page));
    await expectPath(page, '/');
    expect(await signedInUser(page)).toMatchObject({ id, email: provider.user.email });
    expect(await site.app.kit.knex('users').where({ email: provider.user.email })).toHaveLength(1);
    await context.close();
  });

  it('links an existing account through the password dialog: a wrong password first, then Connect', async () => {
    const existing = await createTestUser(site.app, { email: provider.user.email!, password: PASSWORD });
    const { page, context } = await openLogin();
    await popupClosed(await clickGoogle(page));

    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('An account with this email address already exists.');
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page, 'social-password-required');

    await dialog.locator('input[name="password"]').fill('not my password');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    // The login form behind the dialog has a password field too: read the error inside the dialog.
    await expect
      .poll(() => dialog.locator('.bl-field-error').textContent())
      .toBe('The password is incorrect.');
    expect(await signedInUser(page)).toBeNull();
    await screenshot(page, 'social-password-required-wrong');

    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expectPath(page, '/');
    expect(await signedInUser(page)).toMatchObject({ id: existing.id });
    expect(await site.app.kit.knex('social_profiles').where({ user_id: existing.id })).toHaveLength(1);
    await context.close();
  });

  it('shows the error of a refused authorization and stays on the login page', async () => {
    provider.failNextAuthorization('access_denied');
    const { page, context } = await openLogin();
    await popupClosed(await clickGoogle(page));
    const toast = page.locator('.bl-toast');
    await expect.poll(() => toast.textContent()).toContain('Sign in with Google was cancelled or refused.');
    await expectPath(page, '/login');
    expect(await signedInUser(page)).toBeNull();
    await context.close();
  });

  it('does nothing when the user closes the popup', async () => {
    const { page, context } = await openLogin();
    provider.holdNextAuthorization();
    const popup = await clickGoogle(page);
    await expect.poll(() => popup.url()).toContain(`${provider.url}/consent`);
    const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
    expect(size.width).toBeGreaterThan(500);
    await popup.close();
    // The opener polls every second: once it noticed, the button is ready again and nothing else changed.
    await expect
      .poll(() => page.getByRole('button', { name: 'Continue with Google' }).isEnabled())
      .toBe(true);
    expect(await page.locator('.bl-toast').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectPath(page, '/login');
    expect(await signedInUser(page)).toBeNull();
    await context.close();
  });

  it('ignores a forged message from another origin', async () => {
    const { page, context } = await openLogin();
    provider.holdNextAuthorization();
    const popup = await clickGoogle(page);
    await expect.poll(() => popup.url()).toContain(`${provider.url}/consent`);
    // The provider's page (another origin) forges a success carrying someone's bootstrap data.
    const forged = JSON.stringify({ user: { id: 1, email: 'admin@example.com' }, settings: {} });
    // Counts the messages the page receives; its own listener was added first, so it has run on each by then.
    await page.evaluate(() => {
      Object.assign(window, { receivedMessages: 0 });
      window.addEventListener('message', () => {
        (window as unknown as { receivedMessages: number }).receivedMessages++;
      });
    });
    await popup.evaluate((bootstrapData) => {
      window.opener.postMessage(
        { type: 'social-auth', status: 'SUCCESS', callbackData: { bootstrapData } },
        '*',
      );
      window.opener.postMessage(
        { type: 'social-auth', status: 'ERROR', callbackData: { errorMessage: 'Forged' } },
        '*',
      );
    }, forged);
    // Both forged messages were delivered, and whatever they would have rendered has been painted.
    await page.waitForFunction(
      () => (window as unknown as { receivedMessages: number }).receivedMessages >= 2,
    );
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expectPath(page, '/login');
    expect(await page.locator('.bl-toast').count()).toBe(0);
    // The store was not replaced: the page still shows the guest's login form.
    expect(await page.locator('input[name="password"]').count()).toBe(1);
    await popup.close();
    expect(await signedInUser(page)).toBeNull();
    await context.close();
  });
  describe('the human check before registering (reCAPTCHA v3, its browser API stubbed)', () => {
    beforeAll(async () => {
      await site.app.kit.settings.set('recaptcha.site_key', 'e2e-site-key');
      await site.app.kit.settings.set('recaptcha.enable.register', true);
    });
    afterAll(async () => {
      await site.app.kit.settings.set('recaptcha.enable.register', false);
    });

    /** Opens /register with Google's `grecaptcha` replaced by one that hands out `token`. */
    const openRegister = async (token: string | null) => {
      const { page, context } = await browser.newPage();
      const providerRequests: string[] = [];
      // Nothing may reach Google from the test machine; count what would have.
      await context.route(/https:\/\/www\.(google|gstatic)\.com\//, (route) => {
        providerRequests.push(route.request().url());
        return route.abort();
      });
      if (token)
        await context.addInitScript((value) => {
          (window as unknown as { grecaptcha: unknown }).grecaptcha = {
            ready: (callback: () => void) => callback(),
            execute: async () => value,
          };
        }, token);
      await page.goto(`${site.url}/register`);
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      return { page, context, providerRequests };
    };

    const fillRegistration = async (page: Page, email: string) => {
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
      for (const name of ['Terms of service', 'Privacy policy'])
        await page
          .locator('.bl-checkbox', { hasText: `I accept the ${name}` })
          .locator('.bl-checkbox__box')
          .click();
    };

    it('loads the provider script only on submit, and a failed check blocks the registration', async () => {
      const { page, context, providerRequests } = await openRegister(null);
      // Not needed yet: nothing is loaded from the provider's host until the user submits.
      expect(providerRequests).toEqual([]);
      const email = uniqueEmail('bot');
      await fillRegistration(page, email);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect
        .poll(() => page.locator('.bl-toast').textContent())
        .toContain('Could not verify you are human.');
      expect(providerRequests[0]).toMatch(
        /^https:\/\/www\.google\.com\/recaptcha\/api\.js\?render=e2e-site-key/,
      );
      await expectPath(page, '/register');
      expect(await site.app.kit.knex('users').where({ email })).toHaveLength(0);
      await context.close();
    });

    it('a token the provider refuses shows the toast and sends no registration', async () => {
      const { page, context } = await openRegister('forged-token');
      const registrations: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/auth/register') registrations.push(request.url());
      });
      const email = uniqueEmail('bot');
      await fillRegistration(page, email);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect
        .poll(() => page.locator('.bl-toast').textContent())
        .toContain('Could not verify you are human.');
      expect(verify.tokens.at(-1)).toBe('forged-token');
      expect(registrations).toEqual([]);
      expect(await site.app.kit.knex('users').where({ email })).toHaveLength(0);
      await context.close();
    });

    it('a passed check lets the registration through, verified on the server', async () => {
      const { page, context } = await openRegister('good-register');
      const email = uniqueEmail('human');
      await fillRegistration(page, email);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectPath(page, '/');
      expect(verify.tokens.at(-1)).toBe('good-register');
      expect(await site.app.kit.knex('users').where({ email })).toHaveLength(1);
      await context.close();
    });
  });
});
