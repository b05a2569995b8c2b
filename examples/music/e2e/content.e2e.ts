import { CONTACT_EMAIL_LIMIT, CONTACT_IP_LIMIT } from '@backline/server';
import {
  createTestUser,
  type RunningServer,
  type SmtpCapture,
  signedInUser,
  startSmtpCapture,
} from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureGenerator } from '../src/server/modules/demo-library/test-fixture';
import {
  expectAccessibleInBothThemes,
  expectHeading,
  expectPath,
  fieldError,
  settleAnnouncements,
  uniqueEmail,
} from './support/auth-helpers';
import { startVerifyEndpoint, stubRecaptcha } from './support/human-check';
import {
  type BrowserHarness,
  expectAccessible,
  expectToastShown,
  screenshot,
  startBrowser,
  startSite,
} from './support/site';

const PASSWORD = 'correct horse battery';
const RECAPTCHA_SECRET = 'e2e-contact-recaptcha-secret';

/** Nothing on the page is wider than the viewport (no sideways scrolling at 375 px): true, or the culprits. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return true;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)}px)`,
      );
  });

describe('content pages: landing, homepage setting, contact, custom pages, verification gate', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  let smtp: SmtpCapture;
  let verify: Awaited<ReturnType<typeof startVerifyEndpoint>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    verify = await startVerifyEndpoint(RECAPTCHA_SECRET);
    site = await startSite({
      mail: { url: smtp.url },
      // Off until a test turns `recaptcha.enable.contact` on; the provider is the loopback stand-in.
      humanCheck: { secretKey: RECAPTCHA_SECRET, verifyUrl: verify.url },
      music: { generate: fixtureGenerator },
      settings: { 'homepage.type': { value: 'landingPage', public: true } },
    });
    await site.app.kit.settings.set('branding.site_name', 'Night Owl Radio');
    await site.app.kit.settings.set('contact.email', 'support@night-owl.test');
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await smtp?.close();
    await verify?.close();
  });

  async function signIn(page: Page, email: string) {
    await page.goto(`${site.url}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
  }

  it('shows a visitor every landing block, with 8 skeletons, then the trending artists from the plays', async () => {
    const { page, context } = await browser.newPage();
    // Hold the trending request until the skeletons were counted: the grid's loading state, seen for certain.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/landing/artists', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site.url);
    await expectHeading(page, 'Music for every moment');
    const trending = page.getByRole('heading', { name: 'Currently trending artists on Night Owl Radio' });
    await trending.waitFor();
    await expect.poll(() => page.locator('.landing-artist[data-skeleton]').count()).toBe(8);
    release();

    const api = (await (await fetch(`${site.url}/api/v1/landing/artists`)).json()) as {
      artists: { name: string; path: string }[];
    };
    expect(api.artists.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('.landing-artist__name').allTextContents())
      .toEqual(api.artists.map((artist) => artist.name));
    expect(await page.locator('.landing-artist__link').first().getAttribute('href')).toBe(
      api.artists[0]!.path,
    );

    // Header: image, overlay, subtitle, search box and the two actions.
    const header = page.locator('.landing-header');
    expect(
      await header.locator('.landing-header__image').evaluate((el) => getComputedStyle(el).backgroundImage),
    ).toContain('/images/landing/header.svg');
    expect(
      await header.locator('.landing-header__overlay').evaluate((el) => getComputedStyle(el).backgroundImage),
    ).toContain('linear-gradient');
    await header.getByText('Stream full albums, discover new artists').waitFor();
    expect(await header.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register');
    expect(await header.getByRole('link', { name: 'Browse genres' }).getAttribute('href')).toBe('/genres');
    // Primary cards, secondary rows (alternating), the footer banner and its action; no pricing without billing.
    expect(await page.locator('.landing-primary__card h2').allTextContents()).toEqual([
      'Listen anywhere',
      'Follow your artists',
      'Playlists together',
    ]);
    expect(await page.locator('.landing-secondary__row').count()).toBe(2);
    expect(await page.locator('.landing-secondary__row[data-reverse]').count()).toBe(1);
    await page.getByRole('heading', { name: 'Ready to press play?' }).waitFor();
    expect(
      await page
        .locator('.landing-banner')
        .getByRole('link', { name: 'Start listening' })
        .getAttribute('href'),
    ).toBe('/register');
    expect(await page.locator('[data-testid="landing-pricing"]').count()).toBe(0);
    // Every generated image loaded.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('.landing img')].every(
            (img) => !img.complete || img.naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    await expectAccessibleInBothThemes(page, 'landing-1280');

    // The header's search box goes to search/{text}.
    await page.getByRole('searchbox', { name: 'Search' }).fill('Neon Harbor');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expectPath(page, '/search/Neon%20Harbor');
    await context.close();
  });

  it('lays the landing page out at 375 px, accessible in both themes', async () => {
    const { page, context } = await browser.newPage({ width: 375, height: 740 });
    await page.goto(site.url);
    await expectHeading(page, 'Music for every moment');
    await page.getByRole('heading', { name: 'Currently trending artists on Night Owl Radio' }).waitFor();
    await page.locator('.landing-artist__link').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleInBothThemes(page, 'landing-375');
    await context.close();
  });

  it('paints the landing header from the server HTML, then swaps in the client header in the same place', async () => {
    const html = await (await fetch(site.url)).text();
    const prerender = /<div id="landing-prerender"[\s\S]*?<\/header><\/div>/.exec(html)?.[0];
    expect(prerender).toContain('<h1 class="landing-header__title">Music for every moment</h1>');
    expect(prerender).toContain('aria-hidden="true"');
    // The sign-in page (or any other) gets no copy of the landing header.
    expect(await (await fetch(`${site.url}/login`)).text()).not.toContain('landing-prerender');

    const titleBox = (page: Page) =>
      page.evaluate(() => {
        const box = document.querySelector('.landing-header__title')!.getBoundingClientRect();
        return [box.x, box.y, box.width, box.height].map(Math.round);
      });
    for (const width of [375, 1280]) {
      // Without scripts the page shows only the server's copy.
      const bare = await browser.browser.newContext({
        viewport: { width, height: 800 },
        javaScriptEnabled: false,
      });
      const still = await bare.newPage();
      await still.goto(site.url);
      expect(await still.locator('#landing-prerender .landing-header__title').textContent()).toBe(
        'Music for every moment',
      );
      const painted = await titleBox(still);
      await bare.close();

      const { page, context } = await browser.newPage({ width, height: 800 });
      await page.goto(site.url);
      // The client's heading is the one assistive technology sees; the copy is hidden from it.
      await page.getByRole('heading', { level: 1, name: 'Music for every moment' }).waitFor();
      expect(await page.locator('#landing-prerender').count()).toBe(0);
      expect(await titleBox(page)).toEqual(painted);
      await context.close();
    }
  });

  it('shows the pricing section only when the homepage pricing flag and billing are both on', async () => {
    await site.app.kit.settings.set('homepage.pricing', true, { public: true });
    await site.app.kit.settings.set('billing.enable', false, { public: true });
    try {
      const { page, context } = await browser.newPage();
      await page.goto(site.url);
      await expectHeading(page, 'Music for every moment');
      expect(await page.locator('[data-testid="landing-pricing"]').count()).toBe(0);
      await site.app.kit.settings.set('billing.enable', true, { public: true });
      await page.reload();
      await page.getByRole('heading', { name: 'Choose the plan that fits you' }).waitFor();
      // The section carries the site's plans (the pricing page's cards), with the recommended one marked.
      const section = page.locator('[data-testid="landing-pricing"]');
      await section.getByText('Most popular').waitFor();
      expect(await section.getByRole('heading', { name: 'Pro' }).count()).toBe(1);
      await context.close();
    } finally {
      await site.app.kit.settings.set('homepage.pricing', false, { public: true });
      await site.app.kit.settings.set('billing.enable', true, { public: true });
    }
  });

  it('switches what / shows with the homepage setting, and shows the landing page in the appearance editor', async () => {
    const { page, context } = await browser.newPage();
    const expectations: [string, string, string][] = [
      ['loginPage', '', 'Sign in to your account'],
      ['registerPage', '', 'Create a new account'],
      ['customPage', 'about-us', 'About us'],
      ['channel', '', 'Discover'],
      // A channel named by its slug is what / shows, to visitors too.
      ['channel', 'new-releases', 'New releases'],
      ['landingPage', '', 'Music for every moment'],
    ];
    try {
      for (const [type, value, heading] of expectations) {
        await site.app.kit.settings.set('homepage.type', type, { public: true });
        await site.app.kit.settings.set('homepage.value', value, { public: true });
        await page.goto(site.url);
        await expectHeading(page, heading);
      }
      // Logged in, the landing type gives way to the web player…
      const email = uniqueEmail('home-admin');
      await createTestUser(site.app, { email, password: PASSWORD, roles: ['admin'] });
      await signIn(page, email);
      await page.goto(site.url);
      await expectHeading(page, 'Discover');
      // …except inside the appearance editor's preview frame, where the owner themes the landing page.
      await page.evaluate(() => {
        const frame = document.createElement('iframe');
        frame.setAttribute('data-appearance-editor', '');
        frame.title = 'Preview';
        frame.src = '/';
        frame.style.width = '1000px';
        frame.style.height = '600px';
        document.body.append(frame);
      });
      const preview = page.frameLocator('iframe[data-appearance-editor]');
      await preview.getByRole('heading', { level: 1, name: 'Music for every moment' }).waitFor();
    } finally {
      await site.app.kit.settings.set('homepage.type', 'landingPage', { public: true });
      await site.app.kit.settings.set('homepage.value', '', { public: true });
    }
    await context.close();
  });

  it('sends the contact form: field errors, then the mail with Reply-To, the toast and the way home', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${site.url}/contact`);
    await expectHeading(page, 'Contact us');
    await page
      .getByText(
        "Please use the form below to send us a message and we'll get back to you as soon as possible.",
      )
      .waitFor();
    expect(await page.locator('textarea[name="message"]').getAttribute('rows')).toBe('8');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => fieldError(page, 'email')).toBe('This field is required.');
    await expectAccessible(page);

    // The server's field errors land on the fields.
    await page.getByRole('textbox', { name: 'Name' }).fill('N'.repeat(300));
    await page.getByRole('textbox', { name: 'Email' }).fill('listener@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello there');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => fieldError(page, 'name'))
      .toBe('The name field must not be greater than 255 characters.');

    await page.getByRole('textbox', { name: 'Name' }).fill('Grace Listener');
    await page.getByRole('textbox', { name: 'Message' }).fill('Please add more jazz.\nThanks!');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.locator('.bl-toast').textContent())
      .toContain('Your message can be submitted.');
    await expectPath(page, '/');
    const mail = await smtp.waitFor(
      (m) => m.to.includes('support@night-owl.test') && m.text.includes('Grace Listener'),
    );
    expect(mail.replyTo).toBe('listener@example.com');
    expect(mail.text).toContain('Please add more jazz.');
    await context.close();
  });

  /** Fills the contact form; `email` is the sender's address. */
  async function fillContact(page: Page, email: string, name = 'Grace Listener') {
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Message' }).fill('Is the vinyl edition coming back?');
  }
  const storedFrom = async (email: string) =>
    (await site.app.kit.knex('contact_messages').where({ email })).length;

  describe('behind the bot check for "contact"', () => {
    beforeAll(async () => {
      await site.app.kit.settings.set('recaptcha.site_key', 'e2e-site-key', { public: true });
      await site.app.kit.settings.set('recaptcha.enable.contact', true, { public: true });
    });
    afterAll(async () => {
      await site.app.kit.settings.set('recaptcha.enable.contact', false, { public: true });
    });

    it('a failed bot check shows "Could not verify you are human." and sends nothing', async () => {
      const { page, context } = await browser.newPage();
      await stubRecaptcha(context, 'forged-token');
      const sends: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/contact-page') sends.push(request.method());
      });
      await page.goto(`${site.url}/contact`);
      await expectHeading(page, 'Contact us');
      const email = uniqueEmail('bot');
      await fillContact(page, email);
      await page.getByRole('button', { name: 'Send' }).click();
      await expectToastShown(page, 'Could not verify you are human.');
      // The site asked the provider about the forged token, and the message never left the page.
      expect(verify.tokens.at(-1)).toBe('forged-token');
      expect(sends).toEqual([]);
      await expectPath(page, '/contact');
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(
        'Is the vinyl edition coming back?',
      );
      expect(await storedFrom(email)).toBe(0);
      await expectAccessible(page);
      await context.close();
    });

    it('a passed bot check sends the message, verified on the server', async () => {
      const { page, context } = await browser.newPage();
      await stubRecaptcha(context, 'good-contact');
      await page.goto(`${site.url}/contact`);
      await expectHeading(page, 'Contact us');
      const email = uniqueEmail('human');
      await fillContact(page, email, 'Human Listener');
      await page.getByRole('button', { name: 'Send' }).click();
      await expectPath(page, '/');
      expect(verify.tokens.at(-1)).toBe('good-contact');
      expect(await storedFrom(email)).toBe(1);
      await smtp.waitFor((m) => m.replyTo === email);
      await context.close();
    });
  });

  it('refuses a fourth message an hour from one address on the Email field, and a sixth from one IP in a toast', async () => {
    // The hour's counters start empty, whatever the tests before this one sent from the loopback address.
    const ips = ['127.0.0.1', '::ffff:127.0.0.1', '::1'];
    for (const ip of ips) await site.app.kit.rateLimits.reset('contact-ip', ip, CONTACT_IP_LIMIT);
    const api = site.session();
    await api.get('/api/v1/health');
    const send = (email: string) =>
      api.post('/api/v1/contact-page', { name: 'Script', email, message: 'Hello again' });
    try {
      const chatty = uniqueEmail('chatty');
      for (let sent = 0; sent < CONTACT_EMAIL_LIMIT.points; sent++)
        expect((await send(chatty)).status).toBe(200);

      const { page, context } = await browser.newPage();
      await page.goto(`${site.url}/contact`);
      await expectHeading(page, 'Contact us');
      await fillContact(page, chatty);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(() => fieldError(page, 'email'))
        .toBe('Too many messages from this address. Please try again later.');
      await expectPath(page, '/contact');
      expect(await storedFrom(chatty)).toBe(CONTACT_EMAIL_LIMIT.points);
      await expectAccessible(page);

      // Other addresses until the IP's hourly allowance is spent; the next message from the page is refused.
      const spent = CONTACT_EMAIL_LIMIT.points + 1;
      for (let sent = spent; sent < CONTACT_IP_LIMIT.points; sent++)
        expect((await send(uniqueEmail('other'))).status).toBe(200);
      const fresh = uniqueEmail('fresh');
      await page.getByRole('textbox', { name: 'Email' }).fill(fresh);
      await page.getByRole('button', { name: 'Send' }).click();
      await expectToastShown(page, 'Too many messages. Please try again later.');
      await expectPath(page, '/contact');
      expect(await storedFrom(fresh)).toBe(0);
      await context.close();
    } finally {
      for (const ip of ips) await site.app.kit.rateLimits.reset('contact-ip', ip, CONTACT_IP_LIMIT);
    }
  });

  it('lays the contact page out at 375 px, accessible in both themes', async () => {
    const { page, context } = await browser.newPage({ width: 375, height: 740 });
    await page.goto(`${site.url}/contact`);
    await expectHeading(page, 'Contact us');
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleInBothThemes(page, 'contact-375');
    await context.close();
  });

  it('shows a custom page an admin made: heading and link, no script runs, SEO title in the server HTML', async () => {
    const { http } = await signedInUser(site, {
      email: uniqueEmail('pages-admin'),
      password: PASSWORD,
      roles: ['admin'],
    });
    const created = await http.post('/api/v1/custom-pages', {
      title: 'Release notes',
      slug: 'release-notes',
      meta_title: 'What is new on Night Owl',
      body:
        '<h2>Spring update</h2><p>Read <a href="https://example.org/blog" target="_blank">the blog</a>.</p>' +
        '<script>window.__pwned = "script"</script><img src="/nope.png" alt="" onerror="window.__pwned = \'onerror\'">' +
        '<a href="javascript:window.__pwned=1">bad</a>',
    });
    expect(created.status).toBe(201);
    const { id } = (created.data as { page: { id: number } }).page;

    const html = String(
      (await site.session().get('/pages/release-notes', { headers: { Accept: 'text/html' } })).data,
    );
    expect(html).toContain('<title>What is new on Night Owl - Night Owl Radio</title>');

    const { page, context } = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const path of ['/pages/release-notes', `/pages/${id}/release-notes`]) {
      await page.goto(`${site.url}${path}`);
      await expectHeading(page, 'Release notes');
      await page.getByRole('heading', { level: 2, name: 'Spring update' }).waitFor();
      const link = page.getByRole('link', { name: 'the blog' });
      expect(await link.getAttribute('href')).toBe('https://example.org/blog');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await page.locator('.custom-page__body script, .custom-page__body [onerror]').count()).toBe(0);
      // The javascript: link lost its href (DOMPurify's URI check), so it is no link at all.
      expect(await page.locator('.custom-page__body a', { hasText: 'bad' }).getAttribute('href')).toBeNull();
      // The broken image has loaded (or failed) by now; no handler of the payload ran.
      await page.evaluate(() =>
        Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))),
      );
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      await expect.poll(() => page.title()).toBe('What is new on Night Owl - Night Owl Radio');
    }
    expect(errors).toEqual([]);
    await expectAccessibleInBothThemes(page, 'custom-page');
    await context.close();
  });

  it('gives pages without a title of their own the SEO default title, on first load and after leaving a titled page', async () => {
    const DEFAULT_TITLE = 'Night Owl Radio: records after midnight';
    await site.app.kit.settings.set('seo.default_title', DEFAULT_TITLE);
    const { page, context } = await browser.newPage();
    try {
      await page.goto(`${site.url}/login`);
      await expectHeading(page, 'Sign in to your account');
      expect(await page.title()).toBe(DEFAULT_TITLE);
      await page.goto(`${site.url}/pages/terms-of-service`);
      await expectHeading(page, 'Terms of service');
      await expect.poll(() => page.title()).toBe('Terms of service - Night Owl Radio');
      // Home through the logo, in the page: the landing page has no title of its own, so the tab shows the
      // default again (the one the server sends for it), not the terms page's.
      await page.locator('a.bl-logo').first().click();
      await expectPath(page, '/');
      await expect.poll(() => page.title()).toBe(DEFAULT_TITLE);
    } finally {
      await context.close();
      await site.app.kit.settings.set('seo.default_title', '');
    }
  });

  it('shows the seeded terms and privacy pages from the footer, at 375 px', async () => {
    const { page, context } = await browser.newPage({ width: 375, height: 740 });
    await page.goto(`${site.url}/contact`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
    await expectPath(page, '/pages/terms-of-service');
    await expectHeading(page, 'Terms of service');
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expectHeading(page, 'Privacy policy');
    await expectAccessibleInBothThemes(page, 'privacy-375');
    await context.close();
  });

  it('answers a missing page with the 404 page, other failures with the error state, 401 with /login', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${site.url}/pages/no-such-page`);
    await expectHeading(page, "Looks like you've found the doorway to the great nothing");

    await page.route('**/api/v1/custom-pages/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
    );
    await page.goto(`${site.url}/pages/about-us`);
    await expectHeading(page, 'There was an issue loading this page');
    await page.getByText('Please try again later').waitFor();
    await settleAnnouncements(page);
    await expectAccessible(page);

    await page.unroute('**/api/v1/custom-pages/**');
    await page.route('**/api/v1/custom-pages/**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthenticated."}' }),
    );
    await page.goto(`${site.url}/pages/about-us`);
    await expectPath(page, '/login');
    await context.close();
  });

  it('keeps an unverified user on the verify screen on every path until the mailed link lets them in', async () => {
    await site.app.kit.settings.set('require_email_confirmation', true);
    try {
      const email = uniqueEmail('unverified');
      await createTestUser(site.app, { email, password: PASSWORD, verified: false });
      const { page, context } = await browser.newPage({ width: 375, height: 740 });
      await signIn(page, email);
      for (const path of ['/', '/account-settings', '/pages/about-us']) {
        await page.goto(`${site.url}${path}`);
        await expectHeading(page, 'Verify your email');
        await page
          .getByText(
            `We've sent an email to “${email}“ to verify your email address and activate your account. The link in the the email will expire in 24 hours.`,
          )
          .waitFor();
        await page
          .getByText(
            'If you did not receive an email, click the button below and we will send you another one.',
          )
          .waitFor();
        await page.locator('.bl-auth-layout__logo').first().waitFor();
      }
      expect(await fitsWidth(page)).toBe(true);
      await expectAccessibleInBothThemes(page, 'verify-email-375');

      await page.getByRole('button', { name: 'Resend email' }).click();
      await expect.poll(() => page.locator('.bl-toast').textContent()).toContain('Email sent');
      const mail = await smtp.waitFor((m) => m.to.includes(email));
      const link = mail.links.find((url) => url.includes('/auth/email/verify/'))!;

      // The link opens in a fresh browser (a phone's mail app, say): it verifies and signs the owner in there.
      const elsewhere = await browser.newPage();
      await elsewhere.page.goto(link);
      await expectPath(elsewhere.page, '/?email_verified=1');
      await expectHeading(elsewhere.page, 'Discover');
      // Used once: opening it again is refused, and signs nobody in.
      const third = await browser.newPage();
      await third.page.goto(link);
      await expectPath(third.page, '/?email_verification=invalid');
      await expectHeading(third.page, 'Music for every moment');
      await elsewhere.context.close();
      await third.context.close();

      // The first browser is let in on its next load.
      await page.goto(`${site.url}/account-settings`);
      await expect.poll(() => page.getByText('Verify your email').count()).toBe(0);
      await context.close();
    } finally {
      await site.app.kit.settings.set('require_email_confirmation', false);
    }
  });

  it('reports an uncaught client error once to the server, and not the noisy ones', async () => {
    const { page, context } = await browser.newPage({ allowPageErrors: true });
    await page.goto(`${site.url}/contact`);
    await expectHeading(page, 'Contact us');
    await page.evaluate(() => {
      for (const message of [
        'Boom from the e2e suite',
        'Boom from the e2e suite',
        'ResizeObserver loop limit exceeded',
      ])
        setTimeout(() => {
          throw new Error(message);
        });
    });
    await expect
      .poll(
        async () =>
          (await site.app.kit.knex('error_reports').where({ message: 'Error: Boom from the e2e suite' }))
            .length,
      )
      .toBe(1);
    const row = await site.app.kit
      .knex('error_reports')
      .where({ message: 'Error: Boom from the e2e suite' })
      .first();
    expect(Number(row.count)).toBe(1);
    expect(row.url).toBe('/contact');
    expect(await site.app.kit.knex('error_reports').whereILike('message', '%ResizeObserver%')).toEqual([]);
    await context.close();
  });

  it('screenshots the landing page in dark at 1280 px for review', async () => {
    const { page, context } = await browser.newPage({ colorScheme: 'dark' });
    await page.goto(site.url);
    await page.locator('.landing-artist__link').first().waitFor();
    await screenshot(page, 'landing-overview');
    await context.close();
  });
});
