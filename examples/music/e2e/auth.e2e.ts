import {
  createTestUser,
  HttpSession,
  loginOverHttp,
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  totpCode,
} from '@internal/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessibleInBothThemes,
  expectHeading,
  expectPath,
  fieldError,
  focusedField,
  uniqueEmail,
} from './support/auth-helpers';
import { type BrowserHarness, screenshot, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';
const DAY_S = 24 * 3600;

describe('sign-in screens in Chromium, against the music server', () => {
  let site: RunningServer;
  let smtp: SmtpCapture;
  let browser: BrowserHarness;
  // The server's clock runs this far ahead of the real one: two-factor tests move it to the next 30-second
  // step instead of waiting for it, because a code is accepted only once per step.
  let clockOffset = 0;
  const serverNow = () => Date.now() + clockOffset;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    site = await startSite({ mail: { url: smtp.url }, now: () => new Date(serverNow()) });
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await smtp?.close();
  });

  const open = async (path: string, viewport: { width?: number; height?: number } = {}) => {
    const { page, context } = await browser.newPage(viewport);
    await page.goto(`${site.url}${path}`);
    return { page, context };
  };

  const fillLogin = async (page: Page, email: string, password: string) => {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
  };

  const accountButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  /** Ticks both policy boxes (clicking the box, not the label, which holds the policy's link). */
  const acceptPolicies = async (page: Page) => {
    for (const name of ['Terms of service', 'Privacy policy'])
      await page
        .locator('.bl-checkbox', { hasText: `I accept the ${name}` })
        .locator('.bl-checkbox__box')
        .click();
  };

  it('registers, logs out (dropping cached data) and logs in again', async () => {
    const { page, context } = await open('/register');
    const email = uniqueEmail('listener');
    const name = email.split('@')[0]!;
    const healthRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/channels') healthRequests.push(request.url());
    });

    await expectHeading(page, 'Create a new account');
    expect(await page.getByRole('button', { name: 'Create account' }).isVisible()).toBe(true);
    const policies = page.getByRole('checkbox');
    expect(await policies.count()).toBe(2);
    expect(await page.getByText('I accept the Terms of service').isVisible()).toBe(true);
    expect(await page.getByText('I accept the Privacy policy').isVisible()).toBe(true);
    // The policy names link to the policies, in a new tab so the form keeps what was typed.
    const terms = page.getByRole('link', { name: 'Terms of service' }).first();
    expect(await terms.getAttribute('target')).toBe('_blank');
    const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
    expect(await signIn.getAttribute('href')).toBe('/login');
    expect(await page.locator('.bl-auth-layout__message').textContent()).toBe(
      'Already have an account? Sign in.',
    );
    await expectAccessibleInBothThemes(page, 'register-1280');

    // Client validation (spec §5) runs before anything is sent, and focuses the first invalid field.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => fieldError(page, 'email')).toBe('This field is required.');
    expect(await fieldError(page, 'password')).toBe('This field is required.');
    expect(await fieldError(page, 'terms')).toBe('You must accept the Terms of service.');
    expect(await focusedField(page)).toBe('email');
    await page.locator('input[name="email"]').fill('not-an-address');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => fieldError(page, 'email')).toBe('Enter a valid email address.');
    expect(await fieldError(page, 'password_confirmation')).toBe('The passwords do not match.');
    await expectAccessibleInBothThemes(page, 'register-client-errors-1280');

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await acceptPolicies(page);
    expect(await page.locator('input[name="terms"]').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create account' }).click();

    // The redirect target (spec §4): `/` for a new listener, replacing /register in history.
    await expectPath(page, '/');
    await expect.poll(() => accountButton(page, name).isVisible()).toBe(true);
    await expect.poll(() => healthRequests.length).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await expectAccessibleInBothThemes(page, 'home-logged-in-1280');

    // The account dropdown: the auth-dropdown menu filtered by the core's rule (no Admin area for a
    // listener), the theme switch, Log out.
    await accountButton(page, name).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    const entries = await menu.getByRole('menuitem').allTextContents();
    expect(entries).toEqual(['Account settings', 'Profile page', 'Dark mode', 'Log out']);
    await expectAccessibleInBothThemes(page, 'account-menu-1280');
    const fetchedBefore = healthRequests.length;
    await menu.getByRole('menuitem', { name: 'Log out' }).click();

    await expectPath(page, '/login');
    await expectHeading(page, 'Sign in to your account');
    // Cached queries were dropped: back on the homepage within the 30 s freshness window, the health query
    // is fetched again instead of being served from the cache.
    await page.getByRole('link', { name: 'Backline Music' }).click();
    await expectPath(page, '/');
    await expect.poll(() => healthRequests.length).toBeGreaterThan(fetchedBefore);
    await expect.poll(() => page.getByRole('link', { name: 'Register' }).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Login' }).click();
    await expectPath(page, '/login');
    expect(await page.getByRole('checkbox', { name: 'Stay signed in for a month' }).isChecked()).toBe(true);
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    await expect.poll(() => accountButton(page, name).isVisible()).toBe(true);

    // The footer's theme toggle (themes.user_change is on) switches the whole site, and remembers it. The web
    // player at / has no site footer; the account pages do.
    await page.goto(`${site.url}/account-settings`);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Dark mode' }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    expect(await page.getByRole('contentinfo').getByRole('button', { name: 'Light mode' }).isVisible()).toBe(
      true,
    );
    expect((await context.cookies(site.url)).some((cookie) => cookie.name === 'be-active-theme')).toBe(true);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await context.close();
  });

  it('keeps a remembered session for 30 days, and ends an unremembered one with the browser', async () => {
    const email = uniqueEmail('remember');
    await createTestUser(site.app, { email, password: PASSWORD });
    const sessionCookie = async (context: BrowserContext) =>
      (await context.cookies(site.url)).find((cookie) => cookie.name === 'backline_session');

    const remembered = await open('/login');
    await fillLogin(remembered.page, email, PASSWORD);
    await remembered.page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(remembered.page, '/');
    const cookie = await sessionCookie(remembered.context);
    expect(cookie?.httpOnly).toBe(true);
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await remembered.context.close();

    const forgotten = await open('/login');
    await fillLogin(forgotten.page, email, PASSWORD);
    await forgotten.page
      .locator('.bl-checkbox', { hasText: 'Stay signed in for a month' })
      .locator('.bl-checkbox__box')
      .click();
    expect(
      await forgotten.page.getByRole('checkbox', { name: 'Stay signed in for a month' }).isChecked(),
    ).toBe(false);
    await forgotten.page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(forgotten.page, '/');
    // -1: a session cookie, gone when the browser closes.
    expect((await sessionCookie(forgotten.context))?.expires).toBe(-1);
    await forgotten.context.close();
  });

  it('shows a wrong password as the server field error, on the focused field, at 375 px', async () => {
    const email = uniqueEmail('typo');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { page, context } = await open('/login', { width: 375, height: 760 });
    await expectAccessibleInBothThemes(page, 'login-375');
    await fillLogin(page, email, 'not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => fieldError(page, 'email')).toBe('These credentials do not match our records.');
    expect(await page.locator('input[name="email"]').getAttribute('aria-invalid')).toBe('true');
    expect(await focusedField(page)).toBe('email');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessibleInBothThemes(page, 'login-wrong-password-375');
    await context.close();
  });

  it('puts every server field error on its field and focuses the first', async () => {
    const { page, context } = await open('/register');
    // Valid for the browser, refused by the server: an address without a top-level domain, a short password.
    await page.locator('input[name="email"]').fill('someone@localhost');
    await page.locator('input[name="password"]').fill('short');
    await page.locator('input[name="password_confirmation"]').fill('short');
    await acceptPolicies(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => fieldError(page, 'password')).toMatch(/at least 8 characters/);
    expect(await fieldError(page, 'email')).toMatch(/valid email address/);
    expect(await focusedField(page)).toBe('email');
    expect(await page.locator('.bl-toast').count()).toBe(0);
    await context.close();
  });

  /** Enables and confirms two-factor for a new user over the real HTTP endpoints; answers the secret and codes. */
  const userWithTwoFactor = async (email: string) => {
    await createTestUser(site.app, { email, password: PASSWORD });
    const http = new HttpSession(site.url);
    expect((await loginOverHttp(http, email, PASSWORD)).status).toBe(200);
    expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
    expect((await http.post('/auth/user/two-factor-authentication')).status).toBe(200);
    const qr = await http.get('/auth/user/two-factor/qr-code');
    const { secret } = qr.data as { secret: string };
    const confirmed = await http.post('/auth/user/confirmed-two-factor-authentication', {
      code: totpCode(secret, serverNow()),
    });
    expect(confirmed.status).toBe(200);
    const { user } = confirmed.data as { user: { two_factor_recovery_codes: string[] } };
    // The code just used is spent for this 30-second step: the browser logs in during the next one.
    clockOffset += 30_000;
    return { secret, recoveryCodes: user.two_factor_recovery_codes };
  };

  it('completes a two-factor login with an authenticator code', async () => {
    const email = uniqueEmail('otp');
    const { secret } = await userWithTwoFactor(email);
    const { page, context } = await open('/login');
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expectHeading(page, 'Two-factor authentication');
    expect(await focusedField(page)).toBe('code');
    expect(await page.getByRole('button', { name: 'Use recovery code instead' }).isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page, 'two-factor-code-1280');
    await page.locator('input[name="code"]').fill('12345');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => fieldError(page, 'code')).toBe('The code must be 6 characters.');

    await page.locator('input[name="code"]').fill(totpCode(secret, serverNow()));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    await expect.poll(() => accountButton(page, email.split('@')[0]!).isVisible()).toBe(true);
    await context.close();
  });

  it('completes a two-factor login with a recovery code, at 375 px', async () => {
    const email = uniqueEmail('recovery');
    const { recoveryCodes } = await userWithTwoFactor(email);
    expect(recoveryCodes[0]).toHaveLength(21);
    const { page, context } = await open('/login', { width: 375, height: 760 });
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectHeading(page, 'Two-factor authentication');
    await page.getByRole('button', { name: 'Use recovery code instead' }).click();
    await expect.poll(() => focusedField(page)).toBe('recovery_code');
    expect(await page.locator('input[name="code"]').count()).toBe(0);
    await expectAccessibleInBothThemes(page, 'two-factor-recovery-375');

    await page.locator('input[name="recovery_code"]').fill(recoveryCodes[0]!.slice(0, 20));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => fieldError(page, 'recovery_code'))
      .toBe('The recovery code must be 21 characters.');
    // A wrong code of the right length reaches the server, whose answer lands on the field.
    await page.locator('input[name="recovery_code"]').fill('x'.repeat(21));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => fieldError(page, 'recovery_code'))
      .toBe('The provided two factor recovery code was invalid.');

    await page.locator('input[name="recovery_code"]').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    await expect.poll(() => accountButton(page, email.split('@')[0]!).isVisible()).toBe(true);
    await context.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const email = uniqueEmail('forgetful');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { page, context } = await open('/login');
    await page.getByRole('link', { name: 'Forgot your password' }).click();
    await expectPath(page, '/forgot-password');
    await expectHeading(page, 'Forgot your password?');
    expect(await page.getByRole('link', { name: 'Sign up', exact: true }).getAttribute('href')).toBe(
      '/register',
    );
    await expectAccessibleInBothThemes(page, 'forgot-password-1280');
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The server's message is shown, then the login screen.
    const toast = page.locator('.bl-toast');
    await expect
      .poll(() => toast.textContent())
      .toContain('If that email address belongs to an account, a link to reset its password is on its way.');
    await expectPath(page, '/login');

    // The real mail, over SMTP.
    const mail = await smtp.waitFor((message) => message.to.includes(email));
    const link = mail.links.find((candidate) => candidate.includes('/password/reset/'));
    expect(link, mail.text).toBeDefined();
    const resetUrl = new URL(link!);
    expect(resetUrl.origin).toBe(site.url);
    await page.goto(link!);
    await expectHeading(page, 'Reset your password');
    const emailField = page.locator('input[name="email"]');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.isDisabled()).toBe(true);
    await expectAccessibleInBothThemes(page, 'reset-password-1280');

    const newPassword = 'a brand new passphrase';
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="password_confirmation"]').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => toast.textContent()).toContain('Your password has been reset!');
    await expectPath(page, '/login');

    // The old password is gone, the new one works.
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => fieldError(page, 'email')).toBe('These credentials do not match our records.');
    await page.locator('input[name="password"]').fill(newPassword);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');

    // The link was single-use: following it again gets the server's error on the email field.
    await page.getByRole('button', { name: email.split('@')[0]!, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    await page.goto(link!);
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="password_confirmation"]').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => fieldError(page, 'email')).toBe('This password reset token is invalid.');
    await context.close();
  });

  it('hides registration everywhere when it is disabled', async () => {
    const { page, context } = await open('/register');
    await expectHeading(page, 'Create a new account');
    await site.app.kit.settings.set('registration.disable', true);
    try {
      // A form loaded before the switch meets the server's refusal, shown as a toast.
      await page.locator('input[name="email"]').fill(uniqueEmail('late'));
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
      await acceptPolicies(page);
      await page.getByRole('button', { name: 'Create account' }).click();
      const toast = page.locator('[role="alert"] .bl-toast');
      await expect.poll(() => toast.textContent()).toContain('Registration is disabled.');

      await page.goto(`${site.url}/register?email=someone%40example.com`);
      await expectPath(page, '/login?email=someone%40example.com');
      await expectHeading(page, 'Sign in to your account');
      expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
      await expectAccessibleInBothThemes(page, 'login-registration-disabled-1280');

      await page.goto(`${site.url}/forgot-password`);
      await expectHeading(page, 'Forgot your password?');
      expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);

      await page.goto(`${site.url}/`);
      await expect.poll(() => page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Register' }).count()).toBe(0);
    } finally {
      await site.app.kit.settings.set('registration.disable', false);
      await context.close();
    }
  });

  it('says "First, let\'s create your account" after pricing, with the email pre-filled and locked', async () => {
    const { page, context } = await open('/register?redirectFrom=pricing&email=fan%40example.com', {
      width: 375,
      height: 900,
    });
    await expectHeading(page, "First, let's create your account");
    const email = page.locator('input[name="email"]');
    expect(await email.inputValue()).toBe('fan@example.com');
    expect(await email.isDisabled()).toBe(true);
    // The sign-in link keeps the address.
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe(
      '/login?email=fan%40example.com',
    );
    await expectAccessibleInBothThemes(page, 'register-pricing-375');

    await page.goto(`${site.url}/login?email=fan%40example.com`);
    const loginEmail = page.locator('input[name="email"]');
    expect(await loginEmail.inputValue()).toBe('fan@example.com');
    expect(await loginEmail.isDisabled()).toBe(true);
    await context.close();
  });

  it('shows the workspace invitation variants of register and login', async () => {
    await site.app.kit.settings.set('branding.site_name', 'Night Owl Radio');
    try {
      const { page, context } = await open('/workspace/join/register', { width: 375, height: 900 });
      await expectHeading(page, 'To join your team on Night Owl Radio, create an account');
      await expectAccessibleInBothThemes(page, 'workspace-register-375');
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expectPath(page, '/workspace/join/login');
      await expectHeading(page, 'To join your team on Night Owl Radio, login to your account');
      expect(await page.getByRole('link', { name: 'Sign up', exact: true }).getAttribute('href')).toBe(
        '/workspace/join/register',
      );
      await expectAccessibleInBothThemes(page, 'workspace-login-375');

      // An invited user signs up through the variant and lands on the redirect target as usual.
      const email = uniqueEmail('teammate');
      await page.goto(`${site.url}/workspace/join/register?email=${encodeURIComponent(email)}`);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
      await acceptPolicies(page);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectPath(page, '/');
      await context.close();
    } finally {
      await site.app.kit.settings.set('branding.site_name', 'Backline Music');
    }
  });

  it('sends a registration that needs email verification to /, logged out, with the server message', async () => {
    await site.app.kit.settings.set('require_email_confirmation', true);
    try {
      const email = uniqueEmail('unverified');
      const { page, context } = await open(`/register?email=${encodeURIComponent(email)}`);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
      await acceptPolicies(page);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectPath(page, '/');
      await expect
        .poll(() => page.locator('.bl-toast').textContent())
        .toContain('We have sent you an email with a link to verify your address.');
      await expect.poll(() => page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
      await smtp.waitFor((message) => message.to.includes(email));
      await context.close();
    } finally {
      await site.app.kit.settings.set('require_email_confirmation', false);
    }
  });

  it('pre-fills demo credentials on a demo site, per site.loginPageDefaults', async () => {
    await site.app.kit.settings.set('site.demo', true, { public: true });
    try {
      const single = await open('/login');
      expect(await single.page.locator('input[name="email"]').inputValue()).toBe('admin@admin.com');
      expect(await single.page.locator('input[name="password"]').inputValue()).toBe('admin');
      await single.context.close();

      await site.app.kit.settings.set('site.loginPageDefaults', 'randomAccount', { public: true });
      const random = await open('/login');
      expect(await random.page.locator('input[name="email"]').inputValue()).toMatch(
        /^admin@demo(0\d\d|100)\.com$/,
      );
      expect(await random.page.locator('input[name="password"]').inputValue()).toBe('admin');
      // An email in the query wins over the demo account.
      await random.page.goto(`${site.url}/login?email=me%40example.com`);
      expect(await random.page.locator('input[name="email"]').inputValue()).toBe('me@example.com');
      expect(await random.page.locator('input[name="password"]').inputValue()).toBe('');
      await random.context.close();
    } finally {
      await site.app.kit.settings.set('site.demo', false, { public: true });
      await site.app.kit.settings.set('site.loginPageDefaults', 'singleAccount', { public: true });
    }
  });

  it('shows the 404 page for unknown paths, at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const { page, context } = await open('/no/such/page', { width, height: 800 });
      await expectHeading(page, "Looks like you've found the doorway to the great nothing");
      await expectAccessibleInBothThemes(page, `not-found-${width}`);
      await page.getByRole('link', { name: 'Take me there!' }).click();
      await expectPath(page, '/');
      await context.close();
    }
  });

  it('guards routes: login required, permission required, guest only', async () => {
    // A visitor is sent to log in, from a login-required area and from a permission-guarded one.
    const visitor = await open('/account-settings');
    await expectPath(visitor.page, '/login');
    await visitor.page.goto(`${site.url}/admin/users`);
    await expectPath(visitor.page, '/login');
    await visitor.context.close();

    // A logged-in listener lacks admin.access: the admin area answers with the 404 page, at its own URL.
    const email = uniqueEmail('listener');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { page, context } = await open('/login');
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    await page.goto(`${site.url}/admin/users`);
    await expectHeading(page, "Looks like you've found the doorway to the great nothing");
    expect(new URL(page.url()).pathname).toBe('/admin/users');

    // Guest-only screens send a logged-in user to the redirect target.
    for (const path of ['/login', '/register', '/forgot-password', '/workspace/join/login']) {
      await page.goto(`${site.url}${path}`);
      await expectPath(page, '/');
    }

    // Inside the appearance editor's preview the sign-in screens stay visible, and logging out is refused.
    await page.evaluate(() => {
      document.body.innerHTML = '';
      for (const src of ['/login', '/']) {
        const frame = document.createElement('iframe');
        frame.setAttribute('data-appearance-editor', '');
        frame.title = `Preview of ${src}`;
        frame.src = src;
        frame.style.cssText = 'width: 1200px; height: 700px; border: 0';
        document.body.append(frame);
      }
    });
    const loginPreview = page.frameLocator('iframe[src="/login"]');
    await expect.poll(() => loginPreview.locator('h1').textContent()).toBe('Sign in to your account');
    const homePreview = page.frameLocator('iframe[src="/"]');
    await homePreview.getByRole('button', { name: email.split('@')[0]!, exact: true }).click();
    await homePreview.getByRole('menuitem', { name: 'Log out' }).click();
    await expect
      .poll(() => homePreview.locator('[role="alert"] .bl-toast').textContent())
      .toContain("Can't logout while in appearance editor.");
    // Still logged in.
    await page.goto(`${site.url}/login`);
    await expectPath(page, '/');
    await context.close();
  });

  it('sends an admin to /admin after login, with the Admin area in the account menu', async () => {
    const email = uniqueEmail('owner');
    await createTestUser(site.app, { email, password: PASSWORD, roles: ['admin'] });
    const { page, context } = await open('/login');
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/admin');
    await page.getByRole('button', { name: email.split('@')[0]!, exact: true }).click();
    // The menu opens after the click: wait for its entries rather than read them at once.
    await expect
      .poll(() => page.getByRole('menuitem').allTextContents())
      .toEqual(['Account settings', 'Admin area', 'Dark mode', 'Log out']);
    await context.close();
  });

  it('loads only the sign-in code on /login', async () => {
    const { page, context } = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${site.url}/login`, { waitUntil: 'networkidle' });
    await expectHeading(page, 'Sign in to your account');
    expect(scripts.some((path) => /\/auth-pages-[\w-]+\.js$/.test(path))).toBe(true);
    // No social provider is on here, so the social block's code stays on the server too.
    for (const area of ['web-player-routes', 'site-layout', 'toast-region', 'social-buttons'])
      expect(scripts.filter((path) => path.includes(`/${area}-`))).toEqual([]);
    await context.close();
  });
});

describe('toasts, on a fake clock', () => {
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

  it('shows one toast at a time, for 8 s (danger) or 3 s (positive), paused while hovered', async () => {
    const email = uniqueEmail('clock');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { page, context } = await browser.newPage();
    // The toasts animate with motion, which runs opacity and transforms on the Web Animations API. That
    // timeline follows the real clock while motion dates its animations by the fake one, so an exit would
    // wait for real time to catch up. Without the API motion animates frame by frame, on the fake clock.
    await context.addInitScript(() => {
      delete (Element.prototype as { animate?: unknown }).animate;
    });
    await page.clock.install();
    await page.goto(`${site.url}/login`);
    await expectHeading(page, 'Sign in to your account');
    // The toast region loads on the first interaction; let it arrive while time still flows (React
    // throttles revealing lazy content with timers, which a paused clock would hold).
    await page.locator('input[name="email"]').focus();
    await page.locator('.bl-toast-region').waitFor({ state: 'attached' });
    // From here on, timers only run when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);

    const toasts = page.locator('.bl-toast');
    // A real failing call without field errors: the page's anti-forgery cookie is gone (a stale tab, say).
    const failLogin = async () => {
      await context.clearCookies({ name: 'XSRF-TOKEN' });
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => toasts.count()).toBe(1);
    };
    // The store drops the toast on time; its exit animation then needs a few frames of the paused clock.
    const expectGoneWithin = async (ms: number) => {
      for (let elapsed = 0; elapsed <= ms && (await toasts.count()) > 0; elapsed += 50)
        await page.clock.runFor(50);
      expect(await toasts.count()).toBe(0);
    };
    const staleMessage =
      'Your session has expired or the page is out of date. Reload the page and try again.';

    await failLogin();
    const danger = page.locator('[role="alert"] .bl-toast');
    expect(await danger.getAttribute('data-type')).toBe('danger');
    expect(await danger.textContent()).toContain(staleMessage);
    expect(await danger.getByRole('button', { name: 'Close' }).isVisible()).toBe(true);

    // Danger lasts 8 s of unpaused time: 5 s now, then the pointer rests on it for 20 s, then 3 s more.
    await page.clock.runFor(5_000);
    expect(await toasts.count()).toBe(1);
    await screenshot(page, 'toast-danger-1280');
    await danger.hover();
    await expect.poll(() => danger.getAttribute('data-paused')).toBe('true');
    await page.clock.runFor(20_000);
    expect(await toasts.count()).toBe(1);
    await page.mouse.move(640, 20);
    await expect.poll(() => danger.getAttribute('data-paused')).toBe(null);
    await page.clock.runFor(2_900);
    expect(await toasts.count()).toBe(1);
    await page.clock.runFor(100);
    await expectGoneWithin(500);

    // A new toast replaces the current one: a danger toast, then the forgot-password answer (positive).
    await failLogin();
    await page.clock.runFor(1_000);
    await page.getByRole('link', { name: 'Forgot your password' }).click();
    await expectHeading(page, 'Forgot your password?');
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const positive = page.locator('[role="status"] .bl-toast');
    await expect.poll(() => positive.count()).toBe(1);
    // The replaced toast leaves through its exit animation, which needs a few frames of the paused clock.
    await page.clock.runFor(300);
    await expect.poll(() => toasts.count()).toBe(1);
    expect(await positive.getAttribute('data-type')).toBe('positive');
    expect(await page.locator('[role="alert"] .bl-toast').count()).toBe(0);
    await screenshot(page, 'toast-positive-1280');

    // Positive lasts 3 s (300 ms of which passed above).
    await page.clock.runFor(2_600);
    expect(await toasts.count()).toBe(1);
    await page.clock.runFor(100);
    await expectGoneWithin(500);
    await context.close();
  });
});
