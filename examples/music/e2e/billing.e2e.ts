import { stripeProvider } from '@backline/server';
import {
  createTestUser,
  type RunningServer,
  type StripeFake,
  signedInUser,
  startStripeFake,
} from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureGenerator } from '../src/server/modules/demo-library/test-fixture';
import { MUSIC_PLANS } from '../src/server/modules/plans';
import { expectAccessibleInBothThemes, expectHeading, expectPath, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';
const NOT_FOUND = "Looks like you've found the doorway to the great nothing";

describe('billing in Chromium, against the music server and a loopback Stripe', () => {
  let site: RunningServer;
  let stripe: StripeFake;
  let browser: BrowserHarness;
  let ids: Record<string, { id: number; month?: number; year?: number }> = {};
  let trackId = 0;

  beforeAll(async () => {
    stripe = await startStripeFake();
    site = await startSite({
      // A small catalogue: a track page shows the Download button the paid plans unlock.
      music: { generate: fixtureGenerator },
      billing: {
        // The demo plans plus one the pricing page must never list.
        plans: [
          ...MUSIC_PLANS,
          { name: 'Staff', hidden: true, prices: [{ amount: 100, currency: 'USD', interval: 'year' }] },
        ],
        provider: stripeProvider({
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          host: stripe.host,
          port: stripe.port,
          protocol: 'http',
        }),
      },
    });
    stripe.webhookUrl = `${site.url}/api/v1/billing/webhooks/stripe`;
    browser = await startBrowser();
    const products: { id: number; name: string }[] = await site.app.kit.knex('billing_products');
    const prices: { id: number; product_id: number; interval: 'month' | 'year' }[] =
      await site.app.kit.knex('billing_prices');
    trackId = (await site.app.kit.knex('music_tracks').orderBy('id').first('id')).id;
    ids = Object.fromEntries(
      products.map((p) => [
        p.name,
        {
          id: p.id,
          ...Object.fromEntries(prices.filter((x) => x.product_id === p.id).map((x) => [x.interval, x.id])),
        },
      ]),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await stripe?.close();
  });

  const open = async (path: string, viewport: { width?: number; height?: number } = {}) => {
    const { page, context } = await browser.newPage(viewport);
    await page.goto(`${site.url}${path}`);
    return { page, context };
  };
  const card = (page: Page, name: string) =>
    page.locator('.bl-plan-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const cardText = (page: Page, name: string) => card(page, name).innerText();

  async function logIn(page: Page, email: string) {
    await page.goto(`${site.url}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
  }

  it('takes a visitor from pricing through registration and checkout to a plan, a change and a cancel', async () => {
    const { page, context } = await open(`/track/${trackId}`);
    const download = page.getByRole('link', { name: 'Download' });
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
    // Downloading is not a visitor's (nor a free listener's) to do. The header's actions are rendered (an error
    // page has an h1 too), so the missing link means something.
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await download.count()).toBe(0);
    await page.goto(`${site.url}/pricing`);
    await expectHeading(page, 'Pricing');
    // Yearly first, with only the periods the plans offer; the hidden plan is not listed.
    await expect
      .poll(() => page.locator('.bl-plan-card h2').allTextContents())
      .toEqual(['Free', 'Pro', 'Premium']);
    const periods = page.getByRole('radiogroup', { name: 'Billing period' }).getByRole('radio');
    expect(await periods.allTextContents()).toEqual(['Monthly', 'Yearly']);
    expect(await page.getByRole('radio', { name: 'Yearly' }).isChecked()).toBe(true);
    expect(await cardText(page, 'Pro')).toContain('$99.90');
    expect(await cardText(page, 'Free')).toContain('Free');
    expect(await page.getByText('Most popular').count()).toBe(1);
    expect(await card(page, 'Pro').getAttribute('data-recommended')).not.toBeNull();
    expect(await cardText(page, 'Pro')).toContain("What's included");
    expect(await page.getByText('Do you have any questions about PRO accounts?').isVisible()).toBe(true);
    expect(await page.getByText('Our support team will be happy to assist you.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    // Logged out: "Get started" on the free plan, "Upgrade" on paid ones, both to register.
    expect(await card(page, 'Free').getByRole('link').textContent()).toBe('Get started');
    expect(await card(page, 'Free').getByRole('link').getAttribute('href')).toBe(
      '/register?redirectFrom=pricing',
    );
    expect(await card(page, 'Pro').getByRole('link').textContent()).toBe('Upgrade');
    await expectAccessibleInBothThemes(page, 'pricing-1280');

    await page.getByRole('radio', { name: 'Monthly' }).click();
    await expect.poll(() => cardText(page, 'Pro')).toContain('$9.99');
    await card(page, 'Pro').getByRole('link', { name: 'Upgrade' }).click();
    await expectPath(page, '/register?redirectFrom=pricing');
    await expectHeading(page, "First, let's create your account");
    const selection = await page.evaluate(() => localStorage.getItem('be.onboarding.selected'));
    expect(JSON.parse(selection!)).toEqual({ productId: ids.Pro!.id, priceId: ids.Pro!.month });

    const email = uniqueEmail('subscriber');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    for (const box of await page.locator('.bl-checkbox__box').all()) await box.click();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Registering continues to the checkout of the chosen plan, and the selection is used up.
    await expectPath(page, `/checkout/${ids.Pro!.id}/${ids.Pro!.month}`);
    await expectHeading(page, 'Checkout');
    await expect.poll(() => page.locator('.bl-billing__summary').innerText()).toContain('$9.99');
    expect(await page.evaluate(() => localStorage.getItem('be.onboarding.selected'))).toBeNull();
    await expectAccessibleInBothThemes(page, 'checkout-1280');

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => page.url()).toContain(`${stripe.url}/pay/`);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/checkout/${ids.Pro!.id}/${ids.Pro!.month}/done`);
    await expect.poll(() => page.getByText('Thanks! You are now subscribed to Pro.').isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page);

    // The plan's permission unlocks downloads: the track page offers the file, and the server hands it over.
    await page.goto(`${site.url}/track/${trackId}`);
    await expect.poll(() => download.isVisible()).toBe(true);
    const file = await page.evaluate(
      async (href) => {
        const answer = await fetch(href);
        return { status: answer.status, disposition: answer.headers.get('Content-Disposition') };
      },
      (await download.getAttribute('href'))!,
    );
    expect(file.status).toBe(200);
    expect(file.disposition).toMatch(/^attachment; filename=".+\.mp3"/);
    const permissions = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/bootstrap-data', { headers: { Accept: 'application/json' } });
      const data = JSON.parse(((await answer.json()) as { data: { data: string } }).data.data);
      return (data.user.permissions as { name: string }[]).map((p) => p.name);
    });
    expect(permissions).toContain('music.download');

    // Billing in the account dropdown, for subscribers.
    const account = page.getByRole('button', { name: email.split('@')[0]!, exact: true });
    await account.click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expectPath(page, '/billing');
    await expect.poll(() => page.locator('.bl-billing__plan').innerText()).toContain('Pro');
    await expect.poll(() => page.locator('.bl-billing__table tbody tr').count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'billing-1280');
    await fitsPhone(page, 'billing-subscriber-375', '.bl-billing__table-wrap');

    // Change plan: the pricing page now points paid plans at the confirm page (yearly by default).
    await page.goto(`${site.url}/pricing`);
    const premium = card(page, 'Premium').getByRole('link', { name: 'Upgrade' });
    await expect
      .poll(() => premium.getAttribute('href'))
      .toBe(`/change-plan/${ids.Premium!.id}/${ids.Premium!.year}/confirm`);
    expect(await card(page, 'Free').getByRole('button').textContent()).toBe("You're on Free");
    await premium.click();
    await expectHeading(page, 'Change plan');
    await expect.poll(() => page.getByTestId('amount-due').innerText()).toBe('$139.91');
    await expectAccessibleInBothThemes(page, 'change-plan-1280');
    await fitsPhone(page, 'change-plan-375');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectPath(page, '/billing');
    await expect.poll(() => page.locator('.bl-billing__plan').innerText()).toContain('Premium');

    // Cancel, behind a confirmation: access stays until the period ends.
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await expect.poll(() => page.getByText(/Your plan ends on/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Resume plan' }).isVisible()).toBe(true);
    const [row] = await site.app.kit
      .knex('billing_subscriptions')
      .where({ status: 'active' })
      .orderBy('id', 'desc');
    expect(row).toMatchObject({ cancel_at_period_end: true });
    await context.close();
  });

  it("lets an admin find a listener's subscription by status, cancel one at once and refund another", async () => {
    // Two listeners subscribe to Pro through the fake provider's hosted page.
    const subscribe = async (email: string) => {
      const { http } = await signedInUser(site, { email, password: PASSWORD });
      const started = await http.post('/api/v1/billing/checkout', {
        productId: ids.Pro!.id,
        priceId: ids.Pro!.month,
      });
      expect(started.status).toBe(200);
      await stripe.completeCheckout((started.data as { url: string }).url.split('/').pop()!);
    };
    const listener = uniqueEmail('subscribed');
    const refundee = uniqueEmail('refunded');
    await subscribe(listener);
    await subscribe(refundee);
    const adminEmail = uniqueEmail('billing-admin');
    await createTestUser(site.app, { email: adminEmail, password: PASSWORD, roles: ['admin'] });

    const { page, context } = await browser.newPage();
    await logIn(page, adminEmail);
    await page.goto(`${site.url}/admin`);
    // The section sits next to Plans in the admin navigation.
    await page.getByRole('link', { name: 'Subscriptions', exact: true }).click();
    await expectHeading(page, 'Subscriptions');
    const table = page.getByRole('grid', { name: 'Subscriptions' });
    const listenerRow = table.getByRole('row').filter({ hasText: listener });
    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('active');
    await expect.poll(() => listenerRow.innerText()).toContain('Active');
    const text = await listenerRow.innerText();
    expect(text).toContain('Pro');
    expect(text).toContain('$9.99');
    // Every row the filter leaves is active.
    const statuses = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.textContent ?? ''));
    expect(statuses.length).toBeGreaterThan(0);
    for (const row of statuses) expect(row).toContain('Active');
    await expectAccessibleInBothThemes(page, 'admin-subscriptions-1280');

    await listenerRow.getByRole('button', { name: `Cancel the subscription of ${listener}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.innerText()).toContain(`End the subscription of ${listener} to Pro now?`);
    await expectAccessibleInBothThemes(page);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Cancelled, it leaves the active filter and shows under Canceled without a Cancel action.
    await expect.poll(() => listenerRow.count()).toBe(0);
    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Canceled', exact: true }).click();
    await expect.poll(() => listenerRow.innerText()).toContain('Canceled');
    expect(await listenerRow.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    const [row] = await site.app.kit
      .knex('billing_subscriptions')
      .join('users', 'users.id', 'billing_subscriptions.user_id')
      .where('users.email', listener)
      .select('billing_subscriptions.status', 'billing_subscriptions.revoked_at');
    expect(row.status).toBe('canceled');
    expect(row.revoked_at).not.toBeNull();

    // Refund: the last payment goes back through the provider and the subscription ends at once.
    const refunds = stripe.refunds.length;
    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    const refundeeRow = table.getByRole('row').filter({ hasText: refundee });
    await refundeeRow.getByRole('button', { name: `Refund the subscription of ${refundee}` }).click();
    await expect
      .poll(() => dialog.textContent())
      .toContain(`Give ${refundee}'s last payment for Pro back in full, and end the subscription now?`);
    await expectAccessibleInBothThemes(page);
    await dialog.getByRole('button', { name: 'Refund and end' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText('Payment refunded and subscription ended').isVisible()).toBe(true);
    await expect.poll(() => refundeeRow.count()).toBe(0);
    expect(stripe.refunds.length).toBe(refunds + 1);
    const [refunded] = await site.app.kit
      .knex('billing_subscriptions')
      .join('users', 'users.id', 'billing_subscriptions.user_id')
      .where('users.email', refundee)
      .select('billing_subscriptions.status', 'billing_subscriptions.revoked_at');
    expect(refunded).toMatchObject({ status: 'canceled' });
    expect(refunded.revoked_at).not.toBeNull();
    await context.close();
  });

  it('shows three skeleton cards while the plans load, and fits 375 px', async () => {
    const { page, context } = await browser.newPage({ width: 375, height: 800 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/billing/products*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.url}/pricing`);
    await expect.poll(() => page.locator('[data-skeleton]').count()).toBe(3);
    release();
    await expect.poll(() => page.locator('.bl-plan-card h2').count()).toBe(3);
    expect(await page.locator('[data-skeleton]').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessibleInBothThemes(page, 'pricing-375');
    await context.close();
  });

  it('sends a signed-in listener on the free plan to checkout, and explains nothing more to the free plan', async () => {
    const email = uniqueEmail('free');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { page, context } = await browser.newPage({ width: 375, height: 800 });
    await logIn(page, email);
    await page.goto(`${site.url}/pricing`);
    await expect.poll(() => card(page, 'Free').getByRole('button').textContent()).toBe("You're on Free");
    expect(await card(page, 'Free').getByRole('button').isDisabled()).toBe(true);
    expect(await card(page, 'Pro').getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      `/checkout/${ids.Pro!.id}/${ids.Pro!.year}`,
    );
    await page.goto(`${site.url}/billing`);
    await expect.poll(() => page.getByText('You have no active subscription.').isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page, 'billing-free-375');
    await page.goto(`${site.url}/checkout/${ids.Pro!.id}/${ids.Pro!.year}/cancelled`);
    await expectHeading(page, 'Checkout cancelled');
    await expectAccessibleInBothThemes(page);
    await context.close();
  });

  it('shows the not-found page for pricing, checkout and billing while billing is off', async () => {
    await site.app.kit.settings.set('billing.enable', false);
    try {
      const { page, context } = await browser.newPage();
      for (const path of ['/pricing', `/checkout/${ids.Pro!.id}/${ids.Pro!.month}`, '/billing']) {
        await page.goto(`${site.url}${path}`);
        await expectHeading(page, NOT_FOUND);
      }
      await context.close();
    } finally {
      await site.app.kit.settings.set('billing.enable', true);
    }
  });
});

/**
 * The page as a subscriber sees it on a 375 px phone: nothing scrolls sideways (neither the page nor the `scrollers`
 * inside it), and axe finds nothing serious.
 */
async function fitsPhone(page: Page, name: string, ...scrollers: string[]) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    for (const selector of scrollers) {
      const element = page.locator(selector);
      await element.waitFor();
      expect(
        await element.evaluate((node) => node.scrollWidth - node.clientWidth),
        selector,
      ).toBeLessThanOrEqual(0);
    }
    await expectAccessibleInBothThemes(page, name);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}
