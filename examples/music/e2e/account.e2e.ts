import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { uploadsModule } from '@backline/server';
import {
  createTestUser,
  type MockOAuthProvider,
  type RunningServer,
  startOAuthProvider,
} from '@internal/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { musicOptions } from '../src/server/app';
import {
  expectAccessibleInBothThemes,
  expectHeading,
  expectPath,
  fieldError,
  popupClosed,
  uniqueEmail,
} from './support/auth-helpers';
import { type BrowserHarness, screenshot, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new staple 42';
const SECTION_IDS = [
  'account-details',
  'social-login',
  'password',
  'two-factor',
  'sessions',
  'location-and-language',
  'developers',
  'delete-account',
];

/** A TOTP code from Debian's oathtool: an implementation independent of the server's. */
const oathtool = (secret: string) =>
  execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8', timeout: 30_000 }).trim();

/** A valid 2×2 PNG, so the server's type sniffing sees a real image. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolor
  const rows = Buffer.from([0, 91, 63, 217, 91, 63, 217, 0, 91, 63, 217, 91, 63, 217]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The avatar is stored by the uploads module, unless the music site already installs it.
const withUploads = musicOptions()
  .modules?.flat()
  .some((module) => module.id === 'uploads')
  ? []
  : [uploadsModule()];

describe('account settings in Chromium, against the music server', () => {
  let site: RunningServer;
  let provider: MockOAuthProvider;
  let browser: BrowserHarness;
  let page: Page;
  let context: BrowserContext;
  const email = uniqueEmail('settings');
  let password = PASSWORD;

  beforeAll(async () => {
    provider = await startOAuthProvider();
    site = await startSite({
      modules: withUploads,
      social: provider.social,
      settings: { 'api.integrated': { value: true, public: true } },
    });
    await site.app.kit.settings.set('social.google.enable', true);
    browser = await startBrowser();
    await createTestUser(site.app, { email, password: PASSWORD });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await provider?.close();
  });

  /** Polls for up to 10 s: the page answers after a server round trip on a busy machine. */
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
  const toast = (p: Page = page) => p.locator('.bl-toast').last();
  const expectToast = (text: string, p: Page = page) => poll(() => toast(p).textContent()).toContain(text);
  const section = (id: string, p: Page = page) => p.locator(`section#${id}`);

  const logIn = async (p: Page, address: string, secret: string) => {
    await p.goto(`${site.url}/login`);
    await p.locator('input[name="email"]').fill(address);
    await p.locator('input[name="password"]').fill(secret);
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(p, '/');
  };

  const openSettings = async (p: Page = page) => {
    await p.goto(`${site.url}/account-settings`);
    await expectHeading(p, 'Account settings');
    await section('delete-account', p).waitFor();
  };

  /** Confirms the password in the dialog the sensitive actions open when the 9000 s window lapsed. */
  const confirmPasswordIfAsked = async () => {
    const dialog = page.getByRole('dialog', { name: 'Confirm password' });
    await dialog.waitFor();
    await dialog.locator('input[name="password"]').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  it('sends visitors to log in', async () => {
    const visitor = await browser.newPage();
    await visitor.page.goto(`${site.url}/account-settings`);
    await expectPath(visitor.page, '/login');
    await visitor.context.close();
  });

  it('lets visitors switch the language from the footer, live, and remembers it', async () => {
    const visitor = await browser.newPage();
    await visitor.page.goto(`${site.url}/`);
    const footer = visitor.page.locator('footer.bl-footer');
    await footer.getByRole('button', { name: /Language/ }).click();
    await visitor.page.getByRole('menuitemradio', { name: 'Español' }).click();
    await poll(() => visitor.page.evaluate(() => document.documentElement.lang)).toBe('es');
    await poll(() => footer.textContent()).toContain('Modo oscuro');
    await expectAccessibleInBothThemes(visitor.page, 'footer-language-es-1280');
    // The server kept the choice (a cookie for visitors): a fresh load arrives in Spanish.
    await visitor.page.reload();
    await poll(() => footer.textContent()).toContain('Modo oscuro');
    await visitor.context.close();
  });

  it('shows every section in page order, with the side navigation only on large screens', async () => {
    ({ page, context } = await browser.newPage({ width: 1280, height: 900 }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    page.on('pageerror', (error) => console.error('[page error]', error));
    // Server failures are printed, so a red run says which call broke (4xx answers are expected here).
    page.on('response', async (response) => {
      if (response.status() >= 500)
        console.warn('[http]', response.status(), response.url(), await response.text().catch(() => ''));
    });
    await logIn(page, email, PASSWORD);

    // The account menu leads to the page.
    await page.getByRole('button', { name: email.split('@')[0]!, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await expectPath(page, '/account-settings');
    await expectHeading(page, 'Account settings');
    expect(await page.getByText('View and update your account details, profile and more').isVisible()).toBe(
      true,
    );
    await section('delete-account').waitFor();
    expect(await page.locator('main section').evaluateAll((nodes) => nodes.map((node) => node.id))).toEqual(
      SECTION_IDS,
    );

    const nav = page.getByRole('navigation', { name: 'Account settings' });
    expect(await nav.isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Active sessions' }).click();
    await poll(() =>
      section('sessions').evaluate((node) => Math.round(node.getBoundingClientRect().top)),
    ).toBeLessThan(150);
    expect(new URL(page.url()).hash).toBe('#sessions');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessibleInBothThemes(page, 'account-settings-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await nav.isVisible()).toBe(false);
    await expectAccessibleInBothThemes(page, 'account-settings-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('edits the name and uploads, then removes, the avatar', async () => {
    const details = section('account-details');
    await details.locator('input[name="first_name"]').fill('Ada');
    await details.locator('input[name="last_name"]').fill('Lovelace');
    await details.getByRole('button', { name: 'Save' }).click();
    await expectToast('Updated account details');
    // The navbar follows the bootstrap user.
    await poll(() => page.getByRole('button', { name: 'Ada Lovelace', exact: true }).isVisible()).toBe(true);

    // Only images: anything else is refused before it is sent.
    await details.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expectToast('This file type is not allowed');

    await details.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await expectToast('Uploaded avatar');
    const preview = details.locator('.bl-image-field__preview img');
    await poll(() => preview.getAttribute('src', { timeout: 1000 }).catch(() => null)).toMatch(
      /^\/api\/v1\/file-entries\/\d+/,
    );
    // The stored image is served back.
    const src = (await preview.getAttribute('src'))!;
    const served = await page.evaluate(async (url) => (await fetch(url)).status, src);
    expect(served).toBe(200);
    await screenshot(page, 'account-details-avatar-1280');

    await details.getByRole('button', { name: 'Remove image' }).click();
    await expectToast('Removed avatar');
    await poll(() => preview.count()).toBe(0);

    await page.reload();
    await section('account-details').waitFor();
    expect(await section('account-details').locator('input[name="first_name"]').inputValue()).toBe('Ada');
  });

  it('changes the password, then logs in with the new one', async () => {
    const form = section('password');
    const submit = form.getByRole('button', { name: 'Update password' });
    expect(await submit.isDisabled()).toBe(true);
    await form.locator('input[name="current_password"]').fill('not my password');
    await form.locator('input[name="password"]').fill(NEW_PASSWORD);
    await form.locator('input[name="password_confirmation"]').fill(NEW_PASSWORD);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await poll(() => fieldError(page, 'current_password')).toBeTruthy();

    await form.locator('input[name="current_password"]').fill(PASSWORD);
    await submit.click();
    await expectToast('Password changed');
    password = NEW_PASSWORD;
    // The toast's store renders ahead of the form's own state: the cleared field may come a moment later.
    await poll(() => form.locator('input[name="password"]').inputValue()).toBe('');

    // Log out, then the new password works and the old one does not.
    await page.getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await poll(() => fieldError(page, 'email')).toBeTruthy();
    await logIn(page, email, NEW_PASSWORD);
    await openSettings();
  });

  it('walks the two-factor panel through every state, confirming the password first', async () => {
    const panel = section('two-factor');
    expect(await panel.getByText('You have not enabled two factor authentication.').isVisible()).toBe(true);

    // A fresh login has not confirmed the password: Enable asks for it.
    await panel.getByRole('button', { name: 'Enable' }).click();
    await confirmPasswordIfAsked();
    await panel.getByText('Finish enabling two factor authentication.').waitFor();
    const secret = (await panel.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await panel.getByRole('img', { name: 'QR code' }).isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'two-factor-pending-1280');

    // Cancel disables it again.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByText('You have not enabled two factor authentication.').waitFor();

    // Within the 9000-second window no dialog opens.
    await panel.getByRole('button', { name: 'Enable' }).click();
    await panel.getByText('Finish enabling two factor authentication.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const newSecret = (await panel.getByTestId('two-factor-secret').textContent())!.trim();
    await panel.locator('input[name="code"]').fill('000000');
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await poll(() => fieldError(page, 'code')).toBeTruthy();
    await panel.locator('input[name="code"]').fill(oathtool(newSecret));
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await panel.getByText('You have enabled two factor authentication.').waitFor();
    const codes = await panel
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(codes.length).toBe(8);
    for (const code of codes) expect(code).toHaveLength(21);
    await screenshot(page, 'two-factor-enabled-1280');

    await panel.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    await poll(() =>
      panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').first().textContent(),
    ).not.toBe(codes[0]);

    await panel.getByRole('button', { name: 'Disable' }).click();
    await expectToast('Two factor authentication has been disabled.');
    await panel.getByText('You have not enabled two factor authentication.').waitFor();
  });

  it('lists the sessions of two browsers, then logs out the other one', async () => {
    const other = await browser.newPage({ width: 375, height: 800 });
    await logIn(other.page, email, password);

    await page.reload();
    const list = section('sessions').getByRole('list', { name: 'Active sessions' });
    await poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByText('This device').count()).toBe(1);
    expect(await list.textContent()).toContain('Chrome');
    expect(await list.textContent()).toContain('127.0.0.1');
    expect(await list.evaluate((node) => getComputedStyle(node).maxHeight)).toBe('400px');

    await section('sessions').getByRole('button', { name: 'Log out other sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out other sessions' });
    await dialog.locator('input[name="password"]').fill('wrong password');
    await dialog.getByRole('button', { name: 'Log out other sessions' }).click();
    // The dialog's own field (the password section below has a field of the same name).
    await poll(() => dialog.locator('.bl-field-error').textContent()).toBeTruthy();
    await dialog.locator('input[name="password"]').fill(password);
    await dialog.getByRole('button', { name: 'Log out other sessions' }).click();
    await expectToast('Logged out other sessions.');
    await poll(() => list.getByRole('listitem').count()).toBe(1);

    // The other browser is signed out: its next page load is a visitor's.
    await other.page.goto(`${site.url}/account-settings`);
    await expectPath(other.page, '/login');
    await other.context.close();
  });

  it('saves the timezone and country, and switches the language live', async () => {
    const location = section('location-and-language');
    await location.getByRole('combobox', { name: 'Timezone' }).fill('Tokyo');
    await page.getByRole('option', { name: /Tokyo/ }).click();
    await location.getByRole('combobox', { name: 'Country' }).fill('Japan');
    await page.getByRole('option', { name: 'Japan' }).click();
    await expectAccessibleInBothThemes(page);
    await location.getByRole('button', { name: 'Save' }).click();
    await expectToast('Updated account details');

    const languages = (await page.evaluate(async () => {
      const response = await fetch('/api/v1/value-lists/localizations');
      return ((await response.json()) as { localizations: { language: string; name: string }[] })
        .localizations;
    })) as { language: string; name: string }[];
    const spanish = languages.find((entry) => entry.language === 'es');
    expect(spanish, 'the site installs Spanish').toBeTruthy();

    await location.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: spanish!.name }).click();
    await location.getByRole('button', { name: 'Save' }).click();
    // The visible strings change without a reload.
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await poll(() => page.locator('h1').first().textContent()).not.toBe('Account settings');
    const spanishTitle = await page.locator('h1').first().textContent();
    await screenshot(page, 'account-settings-spanish-1280');

    // It sticks: the saved language comes back with the page.
    await page.reload();
    await poll(() => page.locator('h1').first().textContent()).toBe(spanishTitle);
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/v1/users/me');
      return ((await response.json()) as { user: { timezone: string; country: string; language: string } })
        .user;
    });
    expect(saved).toMatchObject({ timezone: 'Asia/Tokyo', country: 'JP', language: 'es' });

    // The footer's language picker switches back, also live.
    await page
      .locator('footer')
      .getByRole('button', { name: /Español|Spanish|:/ })
      .click();
    await page
      .getByRole('menuitemradio', { name: 'English' })
      .or(page.getByRole('menuitem', { name: 'English' }))
      .click();
    await expectHeading(page, 'Account settings');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('creates an API token, uses it with Bearer, deletes it, and the next call fails', async () => {
    const developers = section('developers');
    await developers.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new token' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await poll(() => fieldError(page, 'tokenName')).toBe('This field is required.');
    await dialog.locator('input[name="tokenName"]').fill('Deploy script');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast('Token create');
    const plain = await dialog.locator('input[name="plainTextToken"]').inputValue();
    expect(plain).toMatch(/^\d+\|.{40,}$/);
    await expectAccessibleInBothThemes(page, 'token-created-1280');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await poll(() => dialog.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(plain);
    // "Copied!" lasts one second, then the button reads Copy again.
    await poll(() => dialog.getByRole('button', { name: 'Copy' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await developers.getByText('Deploy script').isVisible()).toBe(true);
    expect(await developers.textContent()).toContain('Never');
    expect(await developers.getByRole('link', { name: 'API documentation' }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(await developers.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe(
      '/api-docs',
    );

    const call = () =>
      fetch(`${site.url}/api/v1/users/me`, {
        headers: { Authorization: `Bearer ${plain}`, Accept: 'application/json' },
      });
    const ok = await call();
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { email: string } }).user.email).toBe(email);

    await page.reload();
    await section('developers').getByText('Deploy script').waitFor();
    expect(await section('developers').textContent()).not.toContain('Never');
    // The token's use shows as a session of its own (the sessions list loads after the page: wait for it).
    await poll(() => section('sessions').getByText('API token').count()).toBeGreaterThan(0);

    await section('developers').getByRole('button', { name: 'Delete token Deploy script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast('Token deleted');
    await poll(() => section('developers').getByText('Deploy script').count()).toBe(0);
    expect((await call()).status).toBe(401);
  });

  it('connects and disconnects a Google account through the popup', async () => {
    provider.user = {
      sub: `google-settings-${Date.now()}`,
      email: 'ada.google@example.com',
      name: 'Ada Lovelace',
    };
    await page.reload();
    const social = section('social-login');
    const row = social.locator('[data-service="google"]');
    expect(await row.textContent()).toContain('Not connected');
    const opened = page.waitForEvent('popup');
    await row.getByRole('button', { name: 'Enable Google' }).click();
    await popupClosed(await opened);
    await expectToast('Enabled Google account');
    await poll(() => row.textContent()).toContain('Connected as');
    await expectAccessibleInBothThemes(page);
    await screenshot(page, 'social-connected-1280');

    await row.getByRole('button', { name: 'Disable Google' }).click();
    await expectToast('Disabled Google account');
    await poll(() => row.textContent()).toContain('Not connected');
  });

  it('deletes the account and logs out', async () => {
    const danger = section('delete-account');
    await danger.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog');
    await expectAccessibleInBothThemes(page, 'delete-account-dialog-1280');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expectToast('Account deleted.');
    await expectPath(page, '/login');

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await poll(() => fieldError(page, 'email')).toBeTruthy();
    await context.close();
  });
});
