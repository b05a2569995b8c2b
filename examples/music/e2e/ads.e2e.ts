import { XSRF_COOKIE } from '@backline/core/contract';
import { createTestUser, type RunningServer } from '@internal/testing';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureGenerator } from '../src/server/modules/demo-library/test-fixture';
import { expectAccessibleInBothThemes, expectHeading } from './support/auth-helpers';
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
  let browser: BrowserHarness;
  let albumPath: string;
  beforeAll(async () => {
    site = await startSite({ music: { generate: fixtureGenerator } });
    const album = await site.app.kit.knex('music_albums').orderBy('id').first('id');
    albumPath = `/album/${album.id}`;
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
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

  it('shows no ads to a listener holding ads.disable (what the paid plans grant), and shows them to one without', async () => {
    for (const [email, adFree] of [
      ['free@listeners.test', false],
      ['pro@listeners.test', true],
    ] as const) {
      const user = await createTestUser(site.app, { email, password: PASSWORD });
      if (adFree) {
        const permission = await site.app.kit.knex('permissions').where({ name: 'ads.disable' }).first('id');
        await site.app.kit
          .knex('user_permissions')
          .insert({ user_id: user.id, permission_id: permission.id });
      }
      const { page, context } = await browser.newPage();
      await signIn(page, email);
      await page.goto(`${site.url}${albumPath}`);
      // The album's tracks are on screen, so the page has rendered everything it is going to.
      await page.locator('.music-tracks__row').first().waitFor();
      expect(await page.locator('.music-ad').count()).toBe(adFree ? 0 : 2);
      await context.close();
    }
  });
});
