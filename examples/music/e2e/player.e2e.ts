import path from 'node:path';
import { createTestUser, type RunningServer } from '@internal/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateDemoLibrary } from '../src/server/modules/demo-library/catalogue-types';
import { fixtureGenerator } from '../src/server/modules/demo-library/test-fixture';
import {
  expectAccessibleInBothThemes,
  expectHeading,
  expectPath,
  settleAnnouncements,
  uniqueEmail,
} from './support/auth-helpers';
import {
  type BrowserHarness,
  expectAccessible,
  expectToastShown,
  startBrowser,
  startSite,
} from './support/site';
import { toneMp3 } from './support/tone-mp3';

// The web player on the seeded site, in Chromium allowed to play audio without a gesture: one listener's
// session from the album page through skips, seeks, shuffle and repeat, the queue, a reload and the keyboard.
// Every wait is on a condition of the page (the seek slider's value follows the audio clock), never a sleep.

/** Long enough that a track never ends while a step looks at it, short enough to play an ending quickly. */
const TRACK_SECONDS = 20;
const ALBUM = 'Cloud Atlas Sketches';
const PASSWORD = 'correct horse battery';

/** The test catalogue, with the album's three tracks made 20 s long (real MP3s through the seed's own path). */
const generate: GenerateDemoLibrary = async (options) => {
  const catalogue = await fixtureGenerator(options);
  const album = catalogue.albums.find((candidate) => candidate.name === ALBUM)!;
  album.tracks = album.tracks.map((track) => {
    const file = toneMp3(path.join(options.outDir, `player-e2e-${track.number}.mp3`), {
      frequency: 220 * track.number,
      seconds: TRACK_SECONDS,
      bitrate: '64k',
    });
    return { ...track, durationMs: TRACK_SECONDS * 1000, file };
  });
  return catalogue;
};

describe('the web player on the seeded site', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    site = await startSite({ music: { generate } });
    browser = await startBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  // Each test is a new listener (its own context, so its own saved player): none relies on another having run.
  beforeEach(async () => {
    ({ context, page } = await browser.newPage());
  });
  afterEach(async () => {
    await context?.close();
  });

  const bar = () => page.getByRole('region', { name: 'Player' });
  const title = () => bar().locator('.player-title__name').textContent();
  const status = () => bar().getAttribute('data-status');
  const seekSlider = () => bar().getByRole('slider', { name: 'Seek' });
  const seconds = async () => Number(await seekSlider().inputValue());
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const metadata = () =>
    page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return m ? { title: m.title, artist: m.artist, album: m.album, artwork: m.artwork.length } : null;
    });
  /** The position shown by the seek bar reaches `at` seconds: the audio clock is running. */
  const reaches = (at: number) =>
    page.waitForFunction(
      (min) =>
        Number(document.querySelector<HTMLInputElement>('.player-bar input[type="range"]')?.value) >= min,
      at,
    );
  /** `name` is the playing track and its audio is advancing. */
  async function playingTrack(name: string) {
    await expect.poll(title).toBe(name);
    await expect.poll(status).toBe('playing');
    const from = await seconds();
    await reaches(from + 1);
  }
  async function pause() {
    await blur();
    await page.keyboard.press('k');
    await expect.poll(status).toBe('paused');
  }
  /** Seeks with the seek bar's own keyboard (Home, then one second per arrow press). */
  async function seekTo(second: number) {
    // Under load a closing menu can hand focus back to its trigger after the slider took it, and the presses
    // then land elsewhere: each attempt starts from Home on a slider that holds focus, until one takes.
    await expect
      .poll(async () => {
        await seekSlider().focus();
        if (!(await seekSlider().evaluate((slider) => slider === document.activeElement))) return -1;
        await page.keyboard.press('Home');
        for (let i = 0; i < second; i++) await page.keyboard.press('ArrowRight');
        return seconds();
      })
      .toBeGreaterThanOrEqual(second);
    await blur();
  }
  /** Opens the album page and plays the album from its first track. */
  async function playAlbum() {
    await page.goto(`${site.url}/album/1`);
    await expectHeading(page, ALBUM);
    await page.getByRole('button', { name: `Play ${ALBUM}` }).click();
    await playingTrack('Stratus');
  }
  const openQueue = async () => {
    await bar().getByRole('button', { name: 'Queue' }).click();
    const panel = page.getByRole('dialog', { name: 'Queue' });
    await panel.waitFor();
    return panel;
  };
  const closeDialog = async () => {
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  };
  /** Drags `handle` with the mouse to the top edge of `target` (react-aria drops before a row there). */
  async function dragTo(handle: Locator, target: Locator) {
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + 40, to.y + Math.min(4, to.height / 2), { steps: 10 });
    await page.mouse.up();
  }
  const names = (list: Locator) => list.locator('.player-queue__text .player-title__name').allTextContents();

  it('plays an album, skips next and previous, seeks, and tells Media Session what plays', async () => {
    await playAlbum();
    await expect
      .poll(metadata)
      .toEqual({ title: 'Stratus', artist: 'Nebula Drift', album: ALBUM, artwork: expect.any(Number) });
    expect((await metadata())?.artwork).toBeGreaterThan(0);
    // The album page's own play button now pauses the album.
    await page.getByRole('button', { name: `Pause ${ALBUM}` }).waitFor();

    await bar().getByRole('button', { name: 'Next' }).click();
    await playingTrack('Cirrus Drift');
    await expect.poll(async () => (await metadata())?.title).toBe('Cirrus Drift');
    // Under 3 seconds into a track, previous goes back a track…
    await pause();
    await seekTo(1);
    await bar().getByRole('button', { name: 'Previous' }).click();
    await expect.poll(title).toBe('Stratus');

    // …past 3 seconds it restarts the track. Seek there first, paused, so the second is exact.
    await seekTo(12);
    expect(await seconds()).toBe(12);
    await bar().getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(status).toBe('playing');
    await reaches(13);
    await bar().getByRole('button', { name: 'Previous' }).click();
    await expect.poll(seconds).toBeLessThan(12);
    expect(await title()).toBe('Stratus');
    await playingTrack('Stratus');
  });

  it('shuffles the rest of the album and restores its order, and plays each repeat mode', async () => {
    await playAlbum();
    let panel = await openQueue();
    const upcoming = panel.getByRole('grid', { name: `Next from: ${ALBUM}` });
    await expect.poll(() => names(upcoming)).toEqual(['Cirrus Drift', 'Nimbus']);
    await closeDialog();

    await bar().getByRole('button', { name: 'Shuffle: off' }).click();
    const shuffleOn = bar().getByRole('button', { name: 'Shuffle: on' });
    await expect.poll(() => shuffleOn.getAttribute('aria-pressed')).toBe('true');
    panel = await openQueue();
    // The playing track stays; the rest, each once.
    expect(await panel.locator('.player-queue__now .player-title__name').textContent()).toBe('Stratus');
    expect((await names(panel.getByRole('grid', { name: `Next from: ${ALBUM}` }))).sort()).toEqual([
      'Cirrus Drift',
      'Nimbus',
    ]);
    await closeDialog();
    await shuffleOn.click();
    await bar().getByRole('button', { name: 'Shuffle: off' }).waitFor();
    panel = await openQueue();
    await expect
      .poll(() => names(panel.getByRole('grid', { name: `Next from: ${ALBUM}` })))
      .toEqual(['Cirrus Drift', 'Nimbus']);
    await closeDialog();

    // Repeat one: the end of the track plays it again.
    await bar().getByRole('button', { name: 'Repeat: off' }).click();
    await bar().getByRole('button', { name: 'Repeat: all' }).click();
    await bar().getByRole('button', { name: 'Repeat: one' }).waitFor();
    await seekTo(TRACK_SECONDS - 2);
    await expect.poll(seconds).toBeLessThan(TRACK_SECONDS - 2);
    expect(await title()).toBe('Stratus');
    await playingTrack('Stratus');

    // Repeat all: the end of the last track goes back to the first.
    await bar().getByRole('button', { name: 'Repeat: one' }).click();
    await bar().getByRole('button', { name: 'Repeat: off' }).click();
    await bar().getByRole('button', { name: 'Repeat: all' }).waitFor();
    await bar().getByRole('button', { name: 'Next' }).click();
    await expect.poll(title).toBe('Cirrus Drift');
    await bar().getByRole('button', { name: 'Next' }).click();
    await playingTrack('Nimbus');
    await seekTo(TRACK_SECONDS - 2);
    await playingTrack('Stratus');

    // Repeat off: the end of the last track stops there.
    await bar().getByRole('button', { name: 'Repeat: all' }).click();
    await bar().getByRole('button', { name: 'Repeat: one' }).click();
    await bar().getByRole('button', { name: 'Repeat: off' }).waitFor();
    await bar().getByRole('button', { name: 'Next' }).click();
    await expect.poll(title).toBe('Cirrus Drift');
    await bar().getByRole('button', { name: 'Next' }).click();
    await playingTrack('Nimbus');
    await seekTo(TRACK_SECONDS - 2);
    await expect.poll(status).toBe('paused');
    expect(await title()).toBe('Nimbus');
  });

  it('queues tracks from the track menus, reorders the queue by keyboard and by drag, moves between sections and clears', async () => {
    await playAlbum();
    await pause();
    await page.getByRole('button', { name: 'More options for Nimbus' }).click();
    await page.getByRole('menuitem', { name: 'Add to queue' }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await page.getByRole('button', { name: 'More options for Cirrus Drift' }).click();
    await page.getByRole('menuitem', { name: 'Play next' }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);

    const panel = await openQueue();
    const queued = panel.getByRole('grid', { name: 'Next in queue' });
    const upcoming = panel.getByRole('grid', { name: `Next from: ${ALBUM}` });
    await expect.poll(() => names(queued)).toEqual(['Cirrus Drift', 'Nimbus']);
    await expect.poll(() => names(upcoming)).toEqual(['Cirrus Drift', 'Nimbus']);

    // Keyboard: Enter on the handle picks the row up, arrows choose the gap, Enter drops.
    await queued.getByRole('button', { name: 'Reorder Cirrus Drift' }).focus();
    await page.keyboard.press('Enter');
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focusedName).toBe('Insert between Cirrus Drift and Nimbus');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedName).toBe('Insert after Nimbus');
    await page.keyboard.press('Enter');
    await expect.poll(() => names(queued)).toEqual(['Nimbus', 'Cirrus Drift']);

    // Drag: Nimbus above Cirrus Drift in the rest of the album.
    await dragTo(
      upcoming.getByRole('button', { name: 'Reorder Nimbus' }),
      upcoming.getByRole('row', { name: /Cirrus Drift/ }),
    );
    await expect.poll(() => names(upcoming)).toEqual(['Nimbus', 'Cirrus Drift']);

    // From the rest of the album into the queue, with the row's own button.
    await upcoming.getByRole('button', { name: 'Move Cirrus Drift to the queue' }).click();
    await expect.poll(() => names(upcoming)).toEqual(['Nimbus']);
    await expect.poll(() => names(queued)).toEqual(['Nimbus', 'Cirrus Drift', 'Cirrus Drift']);

    // Clear the queue, then drag the album's last upcoming track into the empty queue.
    await panel.getByRole('button', { name: 'Clear queue' }).click();
    await expect.poll(() => names(queued)).toEqual([]);
    await dragTo(upcoming.getByRole('button', { name: 'Reorder Nimbus' }), queued);
    await expect.poll(() => names(queued)).toEqual(['Nimbus']);
    await expect.poll(() => upcoming.count()).toBe(0);
    await closeDialog();
  });

  it('restores the queue and the position, paused at the same second, after a reload', async () => {
    await playAlbum();
    await pause();
    await page.getByRole('button', { name: 'More options for Nimbus' }).click();
    await page.getByRole('menuitem', { name: 'Add to queue' }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await seekTo(7);
    expect(await status()).toBe('paused');
    // Saved a moment after the last change; wait until storage holds this position.
    await page.waitForFunction(() => {
      const stored = JSON.parse(localStorage.getItem('backline.music.player') ?? 'null') as {
        positionMs: number;
      } | null;
      return stored !== null && Math.round(stored.positionMs / 1000) === 7;
    });
    await page.reload();
    await expectHeading(page, ALBUM);
    await expect.poll(title).toBe('Stratus');
    await expect.poll(seconds).toBe(7);
    expect(await status()).toBe('paused');
    const panel = await openQueue();
    await expect.poll(() => names(panel.getByRole('grid', { name: 'Next in queue' }))).toEqual(['Nimbus']);
    await expect
      .poll(() => names(panel.getByRole('grid', { name: `Next from: ${ALBUM}` })))
      .toEqual(['Cirrus Drift', 'Nimbus']);
    await closeDialog();
    // It plays on from there.
    await bar().getByRole('button', { name: 'Play', exact: true }).click();
    await reaches(8);
    expect(await title()).toBe('Stratus');
  });

  it('restores the queue, the track and its position on another device of the same listener', async () => {
    const email = uniqueEmail('two-devices');
    await createTestUser(site.app, { email, password: PASSWORD });
    const signIn = async (own: Page) => {
      await own.goto(`${site.url}/login`);
      await own.locator('input[name="email"]').fill(email);
      await own.locator('input[name="password"]').fill(PASSWORD);
      await own.getByRole('button', { name: 'Continue' }).click();
      await expectPath(own, '/');
    };
    await signIn(page);
    await playAlbum();
    await page.keyboard.press('Shift+ArrowRight');
    await playingTrack('Cirrus Drift');
    await pause();
    await seekTo(7);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => bar().getByRole('slider', { name: 'Volume' }).inputValue()).toBe('90');

    // The player writes the server copy a few seconds after the last change: wait until the server has it.
    const user = await site.app.kit.knex('users').where({ email }).first('id');
    const album = await site.app.kit
      .knex('music_tracks')
      .where({ album_id: 1 })
      .orderBy('number')
      .pluck('id');
    const saved = async () => {
      const row = await site.app.kit.knex('music_player_states').where({ user_id: user.id }).first('state');
      if (!row) return null;
      const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as {
        queue: number[];
        current_index: number;
        position_ms: number;
        volume: number;
      };
      return { ...state, position_ms: Math.round(state.position_ms / 1000) };
    };
    await expect
      .poll(saved)
      .toMatchObject({ queue: album.map(Number), current_index: 1, position_ms: 7, volume: 90 });

    // A second device: a new browser context (nothing in its storage), the same listener.
    const other = await browser.newPage();
    try {
      const device = other.page;
      await device.goto(`${site.url}/login`);
      // Nothing of the first device's session in this browser: what it shows comes from the server.
      expect(await device.evaluate(() => localStorage.getItem('backline.music.player'))).toBeNull();
      await signIn(device);
      const otherBar = device.getByRole('region', { name: 'Player' });
      await expect.poll(() => otherBar.locator('.player-title__name').textContent()).toBe('Cirrus Drift');
      const otherSeek = otherBar.getByRole('slider', { name: 'Seek' });
      await expect.poll(async () => Number(await otherSeek.inputValue())).toBe(7);
      expect(await otherBar.getAttribute('data-status')).toBe('paused');
      expect(await otherBar.getByRole('slider', { name: 'Volume' }).inputValue()).toBe('90');
      await otherBar.getByRole('button', { name: 'Queue' }).click();
      const panel = device.getByRole('dialog', { name: 'Queue' });
      await expect
        .poll(() => panel.locator('.player-queue__text .player-title__name').allTextContents())
        .toContain('Nimbus');
      // react-aria's announcements of the sign-in form (labelled by an element now gone) settle first.
      await settleAnnouncements(device);
      await expectAccessible(device);
      await device.keyboard.press('Escape');
      await expect.poll(() => device.getByRole('dialog').count()).toBe(0);
      // It plays on from there, on this device.
      await otherBar.getByRole('button', { name: 'Play', exact: true }).click();
      await device.waitForFunction(
        () => Number(document.querySelector<HTMLInputElement>('.player-bar input[type="range"]')?.value) >= 8,
      );
      expect(await otherBar.locator('.player-title__name').textContent()).toBe('Cirrus Drift');
    } finally {
      await other.context.close();
    }
  });

  it('tells the listener about a forbidden or undecodable track and moves on to the next', async () => {
    const knex = site.app.kit.knex;
    const idOf = async (name: string) =>
      (await knex('music_tracks').where({ name }).first('id')).id as number;
    const stream = (id: number) => `${site.url}/api/v1/tracks/${id}/stream`;
    const harbor = await knex('music_albums').where({ name: 'Harbor Lights' }).first('id');
    const [opener, second] = (await knex('music_tracks')
      .where({ album_id: harbor.id })
      .orderBy('number')
      .select('id', 'name')) as { id: number; name: string }[];
    // The server answers 403 for Cirrus Drift's audio (as for a listener whose role lost music.play mid-session),
    // and bytes that are no audio at all for Harbor Lights' opener.
    await page.route(stream(await idOf('Cirrus Drift')), (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"Forbidden."}' }),
    );
    await page.route(stream(opener!.id), (route) =>
      route.fulfill({ status: 200, contentType: 'audio/mpeg', body: Buffer.alloc(64 * 1024, 0x5a) }),
    );

    await playAlbum();
    await page.keyboard.press('Shift+ArrowRight');
    await expectToastShown(page, 'You are not allowed to play “Cirrus Drift”.');
    await playingTrack('Nimbus');

    await page.goto(`${site.url}/album/${harbor.id}`);
    await expectHeading(page, 'Harbor Lights');
    await page.getByRole('button', { name: 'Play Harbor Lights' }).click();
    await expectToastShown(page, `“${opener!.name}” could not be played.`);
    await playingTrack(second!.name);
  });

  it('waits out a lost network while loading a track and plays it once the network is back, without an error', async () => {
    const cirrus = (await site.app.kit.knex('music_tracks').where({ name: 'Cirrus Drift' }).first('id')).id;
    // The first two requests for Cirrus Drift's audio fail as a dropped connection would; later ones go through.
    let dropped = 0;
    await page.route(`${site.url}/api/v1/tracks/${cirrus}/stream`, (route) => {
      if (dropped < 2) {
        dropped++;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await playAlbum();
    await page.keyboard.press('Shift+ArrowRight');
    await playingTrack('Cirrus Drift');
    expect(dropped).toBe(2);
    const toasts = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
    expect(toasts.filter((text) => text.includes('Cirrus Drift'))).toEqual([]);
  });

  it('keyboard shortcuts work, and do nothing while typing in the search box', async () => {
    await playAlbum();
    await blur();
    await page.keyboard.press('k');
    await expect.poll(status).toBe('paused');
    await page.keyboard.press(' ');
    await expect.poll(status).toBe('playing');
    const before = await seconds();
    await page.keyboard.press('ArrowRight');
    await expect.poll(seconds).toBeGreaterThanOrEqual(before + 5);
    await page.keyboard.press('m');
    await bar().getByRole('button', { name: 'Unmute' }).waitFor();
    await page.keyboard.press('m');
    await bar().getByRole('button', { name: 'Mute' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => bar().getByRole('slider', { name: 'Volume' }).inputValue()).toBe('90');
    await page.keyboard.press('Shift+ArrowRight');
    await playingTrack('Cirrus Drift');

    // In the search box, the same keys type.
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.focus();
    await page.keyboard.type('k m');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await box.inputValue()).toBe('k m');
    // The suggestions popover hides the rest of the page from assistive technology (and so from role queries);
    // Escape closes it (and is no shortcut of the player).
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await status()).toBe('playing');
    expect(await title()).toBe('Cirrus Drift');
    expect(await bar().getByRole('button', { name: 'Mute' }).count()).toBe(1);
    await box.fill('');
    await blur();

    await page.keyboard.press('Shift+?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await closeDialog();
  });

  it('← seeks back, shift+← goes to the previous track or restarts it, ↑ raises the volume', async () => {
    await playAlbum();
    // Paused, so each seek moves the position by exactly the step and nothing else moves it.
    await pause();
    await seekTo(12);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(seconds).toBe(7);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(seconds).toBe(2);
    // Never before the start.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(seconds).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(seconds).toBe(5);

    // ↓ twice, then ↑ once: the volume comes back up one step (not merely held at the top).
    const volume = () => bar().getByRole('slider', { name: 'Volume' }).inputValue();
    expect(await volume()).toBe('100');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(volume).toBe('80');
    await page.keyboard.press('ArrowUp');
    await expect.poll(volume).toBe('90');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(volume).toBe('100');

    // Shift+→ then shift+← under 3 seconds into the track: back to the previous track.
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(title).toBe('Cirrus Drift');
    await seekTo(1);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(title).toBe('Stratus');
    // Past 3 seconds, shift+← restarts the track instead.
    await seekTo(10);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(seconds).toBe(0);
    expect(await title()).toBe('Stratus');

    // In the search box none of them act: the position, the track and the volume stay.
    await seekTo(6);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.focus();
    await page.keyboard.type('ab');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await seconds()).toBe(6);
    expect(await title()).toBe('Stratus');
    expect(await volume()).toBe('100');
    expect(await status()).toBe('paused');
  });

  it('has no critical or serious axe findings with the player bar, the queue panel and the full view open', async () => {
    await playAlbum();
    await pause();
    await expectAccessibleInBothThemes(page, 'music-player-bar-1280');
    await openQueue();
    await expectAccessibleInBothThemes(page, 'music-player-queue-1280');
    await closeDialog();
    await bar().getByRole('button', { name: 'Now playing' }).click();
    const full = page.getByRole('dialog', { name: 'Now playing' });
    await full.waitFor();
    await expectAccessibleInBothThemes(page, 'music-player-full-1280');
    // The seek bar and the volume move by keyboard.
    const seek = full.getByRole('slider', { name: 'Seek' });
    const at = Number(await seek.inputValue());
    await seek.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await seek.inputValue())).toBe(at + 1);
    const volume = full.getByRole('slider', { name: 'Volume' });
    const level = Number(await volume.inputValue());
    await volume.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Number(await volume.inputValue())).toBeLessThan(level);
    await closeDialog();
  });

  it('at 375 px the player bar is a mini player that opens the full view', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${site.url}/album/1`);
    await expectHeading(page, ALBUM);
    await page.getByRole('button', { name: `Play ${ALBUM}` }).click();
    const open = bar().getByRole('button', { name: 'Open now playing: Stratus' });
    await open.waitFor();
    await pause();
    expect(await bar().getByRole('button', { name: 'Queue' }).count()).toBe(0);
    await expectAccessibleInBothThemes(page, 'music-player-mini-375');
    await open.click();
    await page.getByRole('dialog', { name: 'Now playing' }).waitFor();
    // Read once the sheet has finished sliding in (mid-animation its text is half transparent).
    await expectAccessibleInBothThemes(page, 'music-player-full-375');
    await closeDialog();
  });

  it('explains to a guest whose role lacks music.play how to listen, instead of failing silently', async () => {
    const knex = site.app.kit.knex;
    const guests = await knex('roles').where({ name: 'guests' }).first('id');
    const play = await knex('permissions').where({ name: 'music.play' }).first('id');
    await knex('role_permissions').where({ role_id: guests.id, permission_id: play.id }).delete();
    const visitor = await browser.newPage();
    try {
      const guest = visitor.page;
      await guest.goto(`${site.url}/album/1`);
      await expectHeading(guest, ALBUM);
      // The album's play button.
      await guest.getByRole('button', { name: `Play ${ALBUM}` }).click();
      let dialog = guest.getByRole('dialog', { name: 'Sign in to play music' });
      await dialog.waitFor();
      expect(await dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
      expect(await dialog.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
        '/register',
      );
      await settleAnnouncements(guest);
      await expectAccessible(guest);
      await guest.keyboard.press('Escape');
      await expect.poll(() => guest.getByRole('dialog').count()).toBe(0);

      // A track row's play button says the same.
      await guest.getByRole('button', { name: 'Play Nimbus' }).click();
      dialog = guest.getByRole('dialog', { name: 'Sign in to play music' });
      await dialog.waitFor();
      await guest.keyboard.press('Escape');
      await expect.poll(() => guest.getByRole('dialog').count()).toBe(0);
      // Nothing played.
      expect(await guest.getByRole('region', { name: 'Player' }).getAttribute('data-status')).toBe('idle');
    } finally {
      await visitor.context.close();
      await knex('role_permissions').insert({
        role_id: guests.id,
        permission_id: play.id,
        restrictions: '[]',
      });
    }
  });

  it('tells a signed-in listener whose role lacks music.play that the account cannot play, with no dead link', async () => {
    const knex = site.app.kit.knex;
    const users = await knex('roles').where({ name: 'users' }).first('id');
    const play = await knex('permissions').where({ name: 'music.play' }).first('id');
    const email = uniqueEmail('no-play');
    await createTestUser(site.app, { email, password: PASSWORD });
    await knex('role_permissions').where({ role_id: users.id, permission_id: play.id }).delete();
    // The music site sells plans by default; this is the variant of a site without them.
    await site.app.kit.settings.set('billing.enable', false);
    const listener = await browser.newPage();
    try {
      const own = listener.page;
      await own.goto(`${site.url}/login`);
      await own.locator('input[name="email"]').fill(email);
      await own.locator('input[name="password"]').fill(PASSWORD);
      await own.getByRole('button', { name: 'Continue' }).click();
      await expectPath(own, '/');
      await own.goto(`${site.url}/album/1`);
      await expectHeading(own, ALBUM);
      // From the track's menu this time.
      await own.getByRole('button', { name: 'More options for Stratus' }).click();
      await own.getByRole('menuitem', { name: 'Play next' }).click();
      const dialog = own.getByRole('dialog', { name: 'Your account cannot play music' });
      await dialog.waitFor();
      // This site has no billing, so no plans page to send them to.
      expect(await dialog.getByRole('link').count()).toBe(0);
      await expectAccessibleInBothThemes(own);
      await own.keyboard.press('Escape');
      await expect.poll(() => own.getByRole('dialog').count()).toBe(0);
      expect(await own.getByRole('region', { name: 'Player' }).getAttribute('data-status')).toBe('idle');
    } finally {
      await listener.context.close();
      await site.app.kit.settings.set('billing.enable', true);
      await knex('role_permissions').insert({
        role_id: users.id,
        permission_id: play.id,
        restrictions: '[]',
      });
    }
  });
});
