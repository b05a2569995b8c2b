import { createTestUser, type RunningServer, signedInUser } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureGenerator } from '../src/server/modules/demo-library/test-fixture';
import {
  expectHeading,
  expectPath,
  paintTheme,
  settleAnnouncements,
  uniqueEmail,
} from './support/auth-helpers';
import { type BrowserHarness, expectAccessible, screenshot, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';

/** Every cover in view has really loaded (an image that failed has no natural width). */
const coversLoaded = (page: Page, selector: string) =>
  page.evaluate(
    (css) =>
      [...document.querySelectorAll<HTMLImageElement>(css)].filter(
        (img) => img.complete && img.naturalWidth > 0,
      ).length,
    selector,
  );

/** The accessible name of the focused element (its `aria-label`), or null. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

/** axe in both themes, with a screenshot of each. */
async function checkPage(page: Page, name: string) {
  await settleAnnouncements(page);
  for (const dark of [false, true]) {
    await paintTheme(page, dark);
    await expectAccessible(page);
    await screenshot(page, `${name}-${dark ? 'dark' : 'light'}`);
  }
  await paintTheme(page, false);
}

describe('music pages', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  beforeAll(async () => {
    site = await startSite({ music: { generate: fixtureGenerator } });
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
    await expectPath(page, '/');
  }

  it('as a guest, Discover shows the channels with their cover art', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(site.url);
    await expectHeading(page, 'Discover');
    const trending = page.getByRole('region', { name: 'Trending artists' });
    await trending.getByRole('link', { name: 'Nebula Drift' }).waitFor();
    await page
      .getByRole('region', { name: 'New releases' })
      .getByRole('link', { name: 'Harbor Lights' })
      .waitFor();
    await expect.poll(() => coversLoaded(page, '.music-card__art img')).toBeGreaterThanOrEqual(5);
    await checkPage(page, 'music-discover-1280');
    // "See all" opens the channel's own page.
    await page.getByRole('link', { name: 'See all: New releases' }).click();
    await expectPath(page, '/channel/new-releases');
    await expectHeading(page, 'New releases');
    await context.close();
  });

  it('at 375 px the sidebar is a drawer, and Discover stays usable', async () => {
    const { page, context } = await browser.newPage({ width: 375, height: 740 });
    await page.goto(site.url);
    await expectHeading(page, 'Discover');
    await expect.poll(() => coversLoaded(page, '.music-card__art img')).toBeGreaterThanOrEqual(2);
    await checkPage(page, 'music-discover-375');
    // One menu button in the header: the site's own menu moves into the player's drawer on a phone.
    expect(await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Browse' }).click();
    const drawer = page.getByRole('dialog', { name: 'Browse' });
    await drawer.getByRole('link', { name: 'Pricing' }).waitFor();
    await drawer.getByRole('link', { name: 'Top 50' }).click();
    await expectPath(page, '/top-50');
    await expectHeading(page, 'Top 50');
    await expect.poll(() => drawer.count()).toBe(0);
    await context.close();
  });

  it('at 375 px every music page fits the screen (no sideways scrolling) and passes axe', async () => {
    const playlist = await site.app.kit
      .knex('music_playlists')
      .where('name', 'Evening Calm')
      .first('id', 'owner_id');
    const artist = await site.app.kit.knex('music_artists').where('name', 'Nebula Drift').first('id');
    const track = await site.app.kit.knex('music_tracks').where('name', 'Nimbus').first('id');
    const listener = await site.app.kit
      .knex('users')
      .where('id', playlist.owner_id)
      .first('first_name', 'last_name');
    const pages: [path: string, heading: string | RegExp][] = [
      ['/', 'Discover'],
      ['/discover', 'Discover'],
      ['/channel/new-releases', 'New releases'],
      ['/search/Nebula', 'Results for “Nebula”'],
      [`/artist/${artist.id}`, 'Nebula DriftVerified artist'],
      ['/album/1', 'Cloud Atlas Sketches'],
      [`/track/${track.id}`, 'Nimbus'],
      ['/genres', 'Genres'],
      ['/genre/ambient', 'Ambient'],
      ['/top-50', 'Top 50'],
      [`/playlist/${playlist.id}`, 'Evening Calm'],
      [`/user/${playlist.owner_id}`, `${listener.first_name} ${listener.last_name}`],
      ['/library/songs', /.+/],
    ];
    const { page, context } = await browser.newPage({ width: 375, height: 740 });
    for (const [path, heading] of pages) {
      await page.goto(`${site.url}${path}`);
      if (typeof heading === 'string') await expectHeading(page, heading);
      else await expect.poll(() => page.locator('h1').first().textContent()).toMatch(heading);
      // Nothing still loading: the skeletons are gone before the width is measured.
      await expect.poll(() => page.locator('[aria-busy="true"], .music-rows-skeleton').count()).toBe(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
      const name = path.split('/').filter(Boolean).slice(0, 1).join('') || 'discover';
      await checkPage(page, `music-375-${name}`);
    }
    await context.close();
  });

  it('as a guest, a misspelt artist is found by the search box and the search page', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(site.url);
    await expectHeading(page, 'Discover');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('Nebul Drift');
    const suggestion = page.getByRole('option', { name: 'Nebula Drift', exact: true });
    await suggestion.waitFor();
    await box.press('Enter');
    await expectPath(page, '/search/Nebul%20Drift');
    await expectHeading(page, 'Results for “Nebul Drift”');
    await page.getByRole('region', { name: 'Artists' }).getByRole('link', { name: 'Nebula Drift' }).waitFor();
    await checkPage(page, 'music-search-1280');
    const artistsTab = page.getByRole('tab', { name: 'Artists' });
    await artistsTab.click();
    await expect.poll(() => artistsTab.getAttribute('aria-selected')).toBe('true');
    await page
      .getByRole('tabpanel')
      .getByRole('list', { name: 'Artists' })
      .getByRole('link', { name: 'Nebula Drift' })
      .click();
    await page.waitForURL(/\/artist\/\d+\/nebula-drift$/);
    await expectHeading(page, 'Nebula DriftVerified artist');
    await context.close();
  });

  it('as a guest, the artist, album, track and genre pages render with their data', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(site.url);
    await page
      .getByRole('region', { name: 'Trending artists' })
      .getByRole('link', { name: 'Nebula Drift' })
      .click();
    await expectHeading(page, 'Nebula DriftVerified artist');
    const discography = page.getByRole('grid', { name: 'Tracks of Cloud Atlas Sketches' });
    await discography.getByRole('row', { name: /Cirrus Drift/ }).waitFor();
    await expect.poll(() => page.locator('.music-header__meta').textContent()).toMatch(/\d followers?/);
    await checkPage(page, 'music-artist-1280');
    await page.getByRole('tab', { name: 'About' }).click();
    await page.getByText('Slow-moving clouds of sound.').waitFor();
    await page.getByRole('tab', { name: 'Similar artists' }).click();
    await page.getByRole('tabpanel').getByRole('link', { name: 'Neon Harbor' }).waitFor();

    await page.getByRole('tab', { name: 'Discography' }).click();
    await page.getByRole('link', { name: 'Cloud Atlas Sketches' }).first().click();
    await expectHeading(page, 'Cloud Atlas Sketches');
    await expect
      .poll(() => page.locator('.music-header__meta').textContent())
      .toMatch(/Nebula Drift.*2024.*3 tracks/);
    await page
      .getByRole('grid', { name: 'Tracks of Cloud Atlas Sketches' })
      .getByRole('row')
      .nth(2)
      .waitFor();
    await checkPage(page, 'music-album-1280');

    await page.getByRole('link', { name: 'Nimbus', exact: true }).click();
    await expectHeading(page, 'Nimbus');
    await page.getByRole('link', { name: 'Ambient' }).click();
    await expectPath(page, '/genre/ambient');
    await expectHeading(page, 'Ambient');
    await page.getByRole('grid', { name: 'Popular Ambient tracks' }).getByRole('row').first().waitFor();
    await checkPage(page, 'music-genre-1280');
    await context.close();
  });

  it('signed in: like, follow, build a playlist, reorder it by drag and by keyboard, and share it only once public', async () => {
    const owner = uniqueEmail('owner');
    const other = uniqueEmail('other');
    await createTestUser(site.app, { email: owner, password: PASSWORD });
    await createTestUser(site.app, { email: other, password: PASSWORD });
    const { page, context } = await browser.newPage();
    await signIn(page, owner);
    await expectHeading(page, 'Discover');

    // Like an album and a track, follow an artist.
    await page
      .getByRole('region', { name: 'New releases' })
      .getByRole('link', { name: 'Cloud Atlas Sketches' })
      .click();
    await expectHeading(page, 'Cloud Atlas Sketches');
    const likeAlbum = page.getByRole('button', { name: 'Like Cloud Atlas Sketches' });
    await likeAlbum.click();
    await expect.poll(() => likeAlbum.getAttribute('aria-pressed')).toBe('true');
    const likeTrack = page.getByRole('button', { name: 'Like Stratus' });
    await likeTrack.click();
    await expect.poll(() => likeTrack.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('link', { name: 'Nebula Drift' }).first().click();
    const follow = page.getByRole('button', { name: 'Follow' });
    await follow.click();
    await page.getByRole('button', { name: 'Following' }).waitFor();

    // The library shows them after a reload: the server kept them.
    await page.goto(`${site.url}/library/songs`);
    await page
      .getByRole('grid', { name: 'Liked songs' })
      .getByRole('row', { name: /Stratus/ })
      .waitFor();
    await checkPage(page, 'music-library-songs-1280');
    await page.goto(`${site.url}/library/albums`);
    await page.getByRole('link', { name: 'Cloud Atlas Sketches' }).waitFor();
    await checkPage(page, 'music-library-albums-1280');
    await page.goto(`${site.url}/library/artists`);
    await page.getByRole('link', { name: 'Nebula Drift' }).waitFor();
    await checkPage(page, 'music-library-artists-1280');

    // Create a playlist from the sidebar.
    await page
      .getByRole('navigation', { name: 'Web player' })
      .getByRole('button', { name: 'New playlist' })
      .click();
    const form = page.getByRole('dialog', { name: 'New playlist' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Road trip');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectHeading(page, 'Road tripPrivate');
    const playlistPath = new URL(page.url()).pathname;
    expect(playlistPath).toMatch(/^\/playlist\/\d+\/road-trip$/);
    await page.getByText('This playlist is empty').waitFor();

    // Add three tracks through the tracks table's menu.
    await page.goto(`${site.url}/album/1`);
    await expectHeading(page, 'Cloud Atlas Sketches');
    for (const name of ['Stratus', 'Cirrus Drift', 'Nimbus']) {
      await page.getByRole('button', { name: `More options for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
      await page.getByRole('menuitem', { name: 'Road trip' }).click();
      await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    }
    await page.goto(`${site.url}${playlistPath}`);
    const grid = page.getByRole('grid', { name: 'Tracks of Road trip' });
    const order = () => grid.locator('.music-tracks__name').allTextContents();
    await expect.poll(order).toEqual(['Stratus', 'Cirrus Drift', 'Nimbus']);
    await checkPage(page, 'music-playlist-1280');

    // Drag Nimbus above Stratus.
    const handle = page.getByRole('button', { name: 'Reorder Nimbus' });
    const target = grid.getByRole('row', { name: /Stratus/ });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + 40, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await expect.poll(order).toEqual(['Nimbus', 'Stratus', 'Cirrus Drift']);

    // The server kept the move.
    await page.reload();
    await expect.poll(order).toEqual(['Nimbus', 'Stratus', 'Cirrus Drift']);

    // By keyboard alone: to Cirrus Drift's row, right to its drag handle, Enter picks it up, arrows walk the
    // drop positions (each announced by name), Enter drops it at the top.
    await grid.getByRole('row', { name: /Cirrus Drift/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedLabel(page)).toBe('Reorder Cirrus Drift');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Insert after Cirrus Drift, Nebula Drift');
    for (const label of [
      'Insert between Stratus, Nebula Drift and Cirrus Drift, Nebula Drift',
      'Insert between Nimbus, Nebula Drift and Stratus, Nebula Drift',
      'Insert before Nimbus, Nebula Drift',
    ]) {
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => focusedLabel(page)).toBe(label);
    }
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Cirrus Drift', 'Nimbus', 'Stratus']);
    await page.reload();
    await expect.poll(order).toEqual(['Cirrus Drift', 'Nimbus', 'Stratus']);

    // Another listener cannot open the private playlist…
    const second = await browser.newPage();
    await signIn(second.page, other);
    await second.page.goto(`${site.url}${playlistPath}`);
    await expectHeading(second.page, "This page doesn't exist, or is private.");
    await checkPage(second.page, 'music-playlist-private-1280');

    // …until its owner makes it public.
    await page.getByRole('button', { name: 'Playlist options' }).click();
    await page.getByRole('menuitem', { name: 'Make public' }).click();
    await page.getByText('Public playlist').waitFor();
    await second.page.reload();
    await expectHeading(second.page, 'Road trip');
    await expect
      .poll(() =>
        second.page
          .getByRole('grid', { name: 'Tracks of Road trip' })
          .locator('.music-tracks__name')
          .allTextContents(),
      )
      .toEqual(['Cirrus Drift', 'Nimbus', 'Stratus']);
    await checkPage(second.page, 'music-playlist-public-1280');
    // And private again: gone for them once more.
    await page.getByRole('button', { name: 'Playlist options' }).click();
    await page.getByRole('menuitem', { name: 'Make private' }).click();
    await page.getByText('Private playlist').waitFor();
    await second.page.reload();
    await expectHeading(second.page, "This page doesn't exist, or is private.");
    await second.context.close();
    await context.close();
  });

  it('signed in: follows another listener’s playlist from its page and hears live when its tracks change', async () => {
    const owner = await signedInUser(site, { email: uniqueEmail('pl-owner'), password: PASSWORD });
    await site.app.kit
      .knex('users')
      .where({ id: owner.user.id })
      .update({ first_name: 'Olli', last_name: 'Curator' });
    const fanEmail = uniqueEmail('pl-fan');
    const fan = await createTestUser(site.app, { email: fanEmail, password: PASSWORD });
    const created = await owner.http.post('/api/v1/playlists', { name: 'Night drive', public: true });
    const playlist = (created.data as { playlist: { id: number; path: string } }).playlist;
    const [first, second] = await site.app.kit.knex('music_tracks').orderBy('id').limit(2).pluck('id');
    await owner.http.post(`/api/v1/playlists/${playlist.id}/tracks/add`, { track_ids: [first] });

    const { page, context } = await browser.newPage();
    try {
      await signIn(page, fanEmail);
      await page.goto(`${site.url}${playlist.path}`);
      await expectHeading(page, 'Night drive');
      const follow = page.getByRole('button', { name: 'Follow' });
      expect(await follow.getAttribute('aria-pressed')).toBe('false');
      await follow.click();
      const following = page.getByRole('button', { name: 'Following' });
      await expect.poll(() => following.getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(async () =>
          Boolean(
            await site.app.kit
              .knex('music_playlist_follows')
              .where({ user_id: fan.id, playlist_id: playlist.id })
              .first('user_id'),
          ),
        )
        .toBe(true);
      await checkPage(page, 'music-playlist-followed-1280');

      // The owner adds a track: the follower's badge goes up without a reload, and the popover says what changed.
      await owner.http.post(`/api/v1/playlists/${playlist.id}/tracks/add`, { track_ids: [second] });
      await expect.poll(() => page.getByTestId('notifications-badge').textContent()).toBe('1');
      await page.locator('.bl-notifications-bell').click();
      const popover = page.getByRole('dialog', { name: 'Notifications' });
      await expect
        .poll(() => popover.textContent())
        .toContain('Olli Curator updated Night drive, a playlist you follow');
      await popover.getByRole('link', { name: /Olli Curator updated Night drive/ }).click();
      await expectPath(page, playlist.path);
    } finally {
      await context.close();
    }
  });

  it('signed in: the library lists your playlists and your listening history, which you can clear', async () => {
    const email = uniqueEmail('librarian');
    // The same listener over HTTP: the plays the web player would post after a listen.
    const { http } = await signedInUser(site, { email, password: PASSWORD });
    const { page, context } = await browser.newPage();
    await signIn(page, email);
    const main = page.getByRole('main');

    // Playlists: empty at first, then the one created from this page.
    await page.goto(`${site.url}/library/playlists`);
    await expectHeading(page, 'Playlists');
    await main.getByText('Create your first playlist').waitFor();
    await checkPage(page, 'music-library-playlists-empty-1280');
    await main.getByRole('button', { name: 'New playlist' }).click();
    const form = page.getByRole('dialog', { name: 'New playlist' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Late night');
    await form.getByRole('button', { name: 'Create' }).click();
    await expectHeading(page, 'Late nightPrivate');
    await page.goto(`${site.url}/library/playlists`);
    const playlists = main.getByRole('list', { name: 'Playlists' });
    await playlists.getByRole('link', { name: /Late night/ }).waitFor();
    await checkPage(page, 'music-library-playlists-1280');
    await playlists
      .getByRole('link', { name: /Late night/ })
      .first()
      .click();
    await expectHeading(page, 'Late nightPrivate');

    // History: empty, then what this listener played, newest first; cleared, empty again.
    await page.goto(`${site.url}/library/history`);
    await expectHeading(page, 'History');
    await main.getByText('Tracks you play will appear here').waitFor();
    await checkPage(page, 'music-library-history-empty-1280');
    for (const name of ['Stratus', 'Nimbus']) {
      const track = await site.app.kit.knex('music_tracks').where({ name }).first('id');
      expect((await http.post(`/api/v1/tracks/${track.id}/plays`)).status).toBe(204);
    }
    await page.reload();
    const grid = main.getByRole('grid', { name: 'History' });
    await expect
      .poll(() => grid.locator('.music-tracks__name').allTextContents())
      .toEqual(['Nimbus', 'Stratus']);
    await checkPage(page, 'music-library-history-1280');
    await main.getByRole('button', { name: 'Clear history' }).click();
    await main.getByText('Tracks you play will appear here').waitFor();
    // The server forgot them too.
    await page.reload();
    await main.getByText('Tracks you play will appear here').waitFor();
    expect(await grid.count()).toBe(0);
    await context.close();
  });
});
