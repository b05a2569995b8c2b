import { XSRF_COOKIE } from '@backline/core/contract';
import { stripeProvider } from '@backline/server';
import {
  createTestUser,
  type RunningServer,
  type StripeFake,
  signedInUser,
  startStripeFake,
} from '@internal/testing';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads } from '../src/contract';
import { fixtureGenerator } from '../src/server/modules/demo-library/test-fixture';
import { expectAccessibleInBothThemes, expectHeading, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, expectToastShown, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';

/**
 * Ad code as a network's would be: markup plus a script. The script reports what it could reach: the site's
 * cookies, the embedding page's DOM, and localStorage. In a properly isolated slot each attempt throws.
 */
const PROBE_AD = `<div id="probe" style="height:64px">Night Owl Vinyl, 20% off</div><script>
  var report = [];
  try { report.push('cookie=' + document.cookie); } catch (e) { report.push('cookie:' + e.name); }
  try { report.push('parent=' + parent.document.title); } catch (e) { report.push('parent:' + e.name); }
  try { report.push('storage=' + localStorage.length); } catch (e) { report.push('storage:' + e.name); }
  document.getElementById('probe').setAttribute('data-report', report.join(' '));
</script>`;

describe('ad slots in Chromium, against the music server', () => {
  let site: RunningServer;
  let stripe: StripeFake;
  let browser: BrowserHarness;
  let albumPath: string;
  beforeAll(async () => {
    stripe = await startStripeFake();
    site = await startSite({
      music: { generate: fixtureGenerator },
      // The demo plans, paid through a loopback Stripe: Pro and Premium grant `ads.disable`.
      billing: {
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
    const album = await site.app.kit.knex('music_albums').orderBy('id').first('id');
    albumPath = `/album/${album.id}`;
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await stripe?.close();
  });

  async function signIn(page: Page, email: string) {
    await page.goto(`${site.url}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
  }

  /** The frame of a slot, once its ad's script has run. */
  async function adFrame(page: Page, slot: string): Promise<Frame> {
    const element = page.locator(`.music-ad[data-slot="${slot}"] iframe`);
    await element.waitFor();
    const frame = await (await element.elementHandle())!.contentFrame();
    await frame!.locator('#probe[data-report]').waitFor();
    return frame!;
  }

  it('the admin pastes ad code on the Ads settings page; a visitor sees it in place, unable to read the site', async () => {
    await createTestUser(site.app, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] });
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@example.com');
    await page.goto(`${site.url}/admin/settings/ads`);
    await expectHeading(page, 'Ads');
    await page.getByRole('textbox', { name: 'Top of most pages' }).fill(PROBE_AD);
    await page
      .getByRole('textbox', { name: 'Album page, above the tracks' })
      .fill('<p id="probe" data-report="static">Album sponsor</p>');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToastShown(page, 'Settings saved');
    await expectAccessibleInBothThemes(page, 'admin-settings-ads');
    await context.close();

    const visitor = await browser.newPage();
    await visitor.page.goto(`${site.url}${albumPath}`);
    const top = await adFrame(visitor.page, 'general_top');
    // Every attempt threw: the frame's origin is opaque, so cookies, the page and storage are out of reach.
    expect(await top.locator('#probe').getAttribute('data-report')).toBe(
      'cookie:SecurityError parent:SecurityError storage:SecurityError',
    );
    // The site itself does hold a readable cookie (the XSRF token) that the ad would otherwise have read.
    expect(await visitor.page.evaluate(() => document.cookie)).toContain(`${XSRF_COOKIE}=`);
    // The frame fits its ad: 64px of markup, within the slot's 150px limit.
    await expect
      .poll(() =>
        visitor.page.locator('.music-ad[data-slot="general_top"] iframe').evaluate((el) => el.clientHeight),
      )
      .toBe(64);
    // The album slot sits above the tracks, and the empty slots render nothing.
    const album = await adFrame(visitor.page, 'album_above');
    expect(await album.locator('#probe').textContent()).toBe('Album sponsor');
    expect(
      await visitor.page.evaluate(() => {
        const ad = document.querySelector('.music-ad[data-slot="album_above"]');
        const tracks = document.querySelector('.music-tracks, [role="grid"], table');
        return Boolean(ad && tracks && ad.compareDocumentPosition(tracks) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    expect(await visitor.page.locator('.music-ad[data-slot="general_bottom"]').count()).toBe(0);
    await expectAccessibleInBothThemes(visitor.page, 'ads-album-visitor');
    await visitor.context.close();
  });

  it('hides the ad slots at 375 px for a listener subscribed to a plan without ads, and shows them again when it ends', async () => {
    // Both slots hold code, whatever the test before set; each fits a phone.
    const code = (text: string) =>
      `<p id="probe" data-report="static" style="margin:0;height:50px">${text}</p>`;
    await site.app.kit.settings.set(ads.adSetting('general_top'), code('Night Owl Vinyl'));
    await site.app.kit.settings.set(ads.adSetting('album_above'), code('Album sponsor'));
    const products: { id: number; name: string }[] = await site.app.kit.knex('billing_products');
    const pro = products.find((product) => product.name === 'Pro')!;
    const month = await site.app.kit
      .knex('billing_prices')
      .where({ product_id: pro.id, interval: 'month' })
      .first('id');

    // A free listener and a subscriber: the subscriber pays for Pro through the provider's hosted page.
    const free = uniqueEmail('free-listener');
    await createTestUser(site.app, { email: free, password: PASSWORD });
    const subscriber = uniqueEmail('pro-listener');
    const { http } = await signedInUser(site, { email: subscriber, password: PASSWORD });
    const checkout = await http.post('/api/v1/billing/checkout', { productId: pro.id, priceId: month.id });
    expect(checkout.status).toBe(200);
    const { subscriptionId } = await stripe.completeCheckout(
      (checkout.data as { url: string }).url.split('/').pop()!,
    );
    const plan = await http.get('/api/v1/billing/me');
    expect(JSON.stringify(plan.data)).toContain('"Pro"');

    /** The album page on a phone: how many ad slots it shows, once its tracks (the last part) are on screen. */
    const slotsOnPhone = async (email: string, name: string) => {
      const { page, context } = await browser.newPage({ width: 375, height: 800 });
      await signIn(page, email);
      await page.goto(`${site.url}${albumPath}`);
      await page.locator('.music-tracks__row').first().waitFor();
      const count = await page.locator('.music-ad').count();
      if (count) {
        // The slots show their ad, within the screen's width.
        await (await adFrame(page, 'album_above')).locator('#probe').waitFor();
        const widths = await page
          .locator('.music-ad iframe')
          .evaluateAll((frames) => frames.map((frame) => frame.getBoundingClientRect().right));
        for (const right of widths) expect(right).toBeLessThanOrEqual(375);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessibleInBothThemes(page, `ads-album-375-${name}`);
      await context.close();
      return count;
    };
    expect(await slotsOnPhone(free, 'free')).toBe(2);
    expect(await slotsOnPhone(subscriber, 'subscriber')).toBe(0);

    // The plan, not the account, removed them: cancelled and past its period, the ads come back.
    expect((await http.post('/api/v1/billing/subscription/cancel', {})).status).toBe(200);
    await stripe.endPeriod(subscriptionId);
    await expect
      .poll(async () => (await site.app.kit.knex('billing_subscriptions').where({ status: 'active' })).length)
      .toBe(0);
    expect(await slotsOnPhone(subscriber, 'ended')).toBe(2);
  });
});
