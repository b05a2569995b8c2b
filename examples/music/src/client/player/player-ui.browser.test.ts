import { axeViolations, describeViolations } from '@internal/testing/browser';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AudioHarness,
  floatWav,
  SAMPLE_RATE,
  startAudioHarness,
  TEST_XSRF,
  tone,
} from './engine/test-support/audio-harness';
import type { PlayerTrack } from './engine/types';

// The player's components in Chromium on a small test app (player-app.tsx): the real PlayerProvider with its
// persistence, PlayerBar, queue panel and full view, playing tones from a node:http server. Every wait is on a
// condition of the page, never a fixed sleep.

const POLL = { timeout: 60_000 };
const RAMP = Array.from({ length: 200 }, (_, i) => (i + 1) / 200);

function tracks(): PlayerTrack[] {
  const names = ['Tone A', 'Tone B', 'Tone C', 'Tone D'];
  return names.map((name, i) => ({
    id: i + 1,
    name,
    durationMs: i === 3 ? 2000 : 20_000,
    src: `/ui/${i + 1}.wav`,
    path: `/track/${i + 1}/tone`,
    image: null,
    artists: [{ id: 9, name: 'Test Artist', path: '/artist/9/test-artist' }],
    album: { id: 1, name: 'Test tones', path: '/album/1/test/tones' },
  }));
}

describe('web player UI in Chromium', () => {
  let harness: AudioHarness;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    harness = await startAudioHarness({ app: true });
    tracks().forEach((track, i) => {
      harness.files.set(track.src, floatWav(tone(220 * (i + 2), (SAMPLE_RATE * track.durationMs) / 1000)));
    });
    harness.setAppTracks(tracks());
    // Tone A has a waveform on the server (a rising ramp); the others have none.
    harness.waveforms.set(1, RAMP);
    context = await harness.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(harness.appUrl);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await harness?.close();
  });

  const bar = () => page.getByRole('region', { name: 'Player' });
  const title = () => bar().locator('.player-title__name').textContent();
  const status = () => page.getByTestId('playing').textContent();
  const seconds = async () => Number(await bar().getByRole('slider', { name: 'Seek' }).inputValue());
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  it('plays an album, with Media Session metadata and keyboard shortcuts that leave a text field alone', async () => {
    await page.getByRole('button', { name: 'Play album' }).click();
    await expect.poll(title, POLL).toBe('Tone A');
    await expect.poll(status, POLL).toBe('playing');
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title), POLL).toBe('Tone A');
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe('Test Artist');
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.album)).toBe('Test tones');

    // Tone A's waveform: its 200 peaks folded to one bar per 3 px of the track (a thinner bar smears), the
    // quietest at the floor height and the loudest full height.
    const track = bar().locator('.player-seek__track');
    await expect.poll(() => track.getAttribute('data-waveform'), POLL).toBe('true');
    const waveBars = async () =>
      (await bar().locator('.player-seek__wave path').first().getAttribute('d'))!.split('M').slice(1);
    const fitted = async () =>
      Math.min(200, Math.floor((await bar().locator('.player-seek__wave').first().boundingBox())!.width / 3));
    const wide = await fitted();
    expect(wide).toBeGreaterThan(50);
    expect(await waveBars()).toHaveLength(wide);
    const bars = await waveBars();
    expect(bars[0]).toMatch(/v8\.0h/);
    expect(bars.at(-1)).toMatch(/v100\.0h/);
    // A narrower window folds the peaks into fewer bars; the loudest stays full height.
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(async () => (await waveBars()).length, POLL).toBeLessThan(wide);
    expect(await waveBars()).toHaveLength(await fitted());
    expect((await waveBars()).at(-1)).toMatch(/v100\.0h/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await waveBars()).length, POLL).toBe(wide);
    /** The share of the waveform not yet played, from the played copy's clip (`inset(0 N% 0 0)`). */
    const unplayed = async () =>
      Number(
        /inset\(\S+ ([\d.]+)%/.exec(
          (await bar().locator('.player-seek__wave--played').getAttribute('style')) ?? '',
        )?.[1],
      );

    await blur();
    await page.keyboard.press('k');
    await expect.poll(status, POLL).toBe('stopped');
    await page.keyboard.press(' ');
    await expect.poll(status, POLL).toBe('playing');

    // Typing in the search box types; it does not pause, seek or mute.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.focus();
    await page.keyboard.type(' km');
    await page.keyboard.press('ArrowRight');
    expect(await search.inputValue()).toBe(' km');
    expect(await status()).toBe('playing');
    expect(await bar().getByRole('button', { name: 'Mute' }).count()).toBe(1);

    await blur();
    const before = await seconds();
    await page.keyboard.press('ArrowRight');
    await expect.poll(seconds, POLL).toBeGreaterThanOrEqual(before + 5);
    // Five seconds of a 20-second track are played: the played copy shows at least a quarter of the bars.
    await expect.poll(unplayed, POLL).toBeLessThanOrEqual(75);

    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(title, POLL).toBe('Tone B');
    // Tone B has no waveform: the seek bar is the plain line.
    await expect.poll(() => track.getAttribute('data-waveform'), POLL).toBeNull();
    expect(await bar().locator('.player-seek__played').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title), POLL).toBe('Tone B');
    // Less than 3 seconds in: previous goes back a track.
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(title, POLL).toBe('Tone A');

    await page.keyboard.press('m');
    await expect.poll(() => bar().getByRole('button', { name: 'Unmute' }).count(), POLL).toBe(1);
    await page.keyboard.press('m');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => bar().getByRole('slider', { name: 'Volume' }).inputValue(), POLL).toBe('90');

    await page.keyboard.press('Shift+?');
    await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count(), POLL).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), POLL).toBe(0);
  });

  it('toggles shuffle and each repeat mode from the bar', async () => {
    await bar().getByRole('button', { name: 'Shuffle: off' }).click();
    await expect.poll(() => bar().getByRole('button', { name: 'Shuffle: on' }).count(), POLL).toBe(1);
    await bar().getByRole('button', { name: 'Shuffle: on' }).click();
    for (const [from, to] of [
      ['Repeat: off', 'Repeat: all'],
      ['Repeat: all', 'Repeat: one'],
      ['Repeat: one', 'Repeat: off'],
    ] as const) {
      await bar().getByRole('button', { name: from }).click();
      await expect.poll(() => bar().getByRole('button', { name: to }).count(), POLL).toBe(1);
    }
  });

  it('reorders the queue by keyboard, and has no serious axe findings with the bar, queue panel and full view', async () => {
    // Paused, so that Tone A does not end (and leave the queue) while the test works on the queue.
    await blur();
    await page.keyboard.press('k');
    await expect.poll(status, POLL).toBe('stopped');
    expect(describeViolations(await axeViolations(page))).toBe('');
    await bar().getByRole('button', { name: 'Queue' }).click();
    const panel = page.getByRole('dialog', { name: 'Queue' });
    await expect.poll(() => panel.count(), POLL).toBe(1);
    const list = panel.getByRole('grid', { name: 'Next from: Test tones' });
    const names = () => list.locator('.player-queue__text .player-title__name').allTextContents();
    await expect.poll(names, POLL).toEqual(['Tone B', 'Tone C', 'Tone D']);
    expect(describeViolations(await axeViolations(page))).toBe('');

    // react-aria's keyboard drag and drop: Enter on the handle picks the row up, arrows choose the gap, Enter drops.
    await list.getByRole('button', { name: 'Reorder Tone B' }).focus();
    await page.keyboard.press('Enter');
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focusedName, POLL).toBe('Insert between Tone B and Tone C');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedName, POLL).toBe('Insert between Tone C and Tone D');
    await page.keyboard.press('Enter');
    await expect.poll(names, POLL).toEqual(['Tone C', 'Tone B', 'Tone D']);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count(), POLL).toBe(0);

    await bar().getByRole('button', { name: 'Now playing' }).click();
    const full = page.getByRole('dialog', { name: 'Now playing' });
    await expect.poll(() => full.count(), POLL).toBe(1);
    expect(describeViolations(await axeViolations(page))).toBe('');
    // The seek bar and the volume are sliders a keyboard can move.
    const volume = full.getByRole('slider', { name: 'Volume' });
    await volume.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => volume.inputValue(), POLL).toBe('85');
    await page.keyboard.press('Escape');
    await expect.poll(() => full.count(), POLL).toBe(0);
  });

  it('restores the queue and the position, paused, after a reload, and keeps a copy on the server', async () => {
    await blur();
    const from = await seconds();
    await page.keyboard.press('ArrowRight');
    await expect.poll(seconds, POLL).toBeGreaterThanOrEqual(from + 5);
    expect(await status()).toBe('stopped');
    const at = await seconds();
    // Saved a second after the last change; wait until storage holds this position.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const stored = JSON.parse(localStorage.getItem('backline.music.player') ?? 'null') as {
              positionMs: number;
            } | null;
            return stored ? Math.round(stored.positionMs / 1000) : -1;
          }),
        POLL,
      )
      .toBe(at);
    await page.reload();
    await expect.poll(title, POLL).toBe('Tone A');
    await expect.poll(seconds, POLL).toBe(at);
    expect(await status()).toBe('stopped');
    await bar().getByRole('button', { name: 'Queue' }).click();
    const list = page.getByRole('grid', { name: 'Next from: Test tones' });
    await expect
      .poll(() => list.locator('.player-queue__text .player-title__name').allTextContents(), POLL)
      .toEqual(['Tone C', 'Tone B', 'Tone D']);
    await page.keyboard.press('Escape');

    // The signed-in listener's copy on the server: ids in play order and the index of the current one.
    await expect.poll(() => harness.api.playerState.length, POLL).toBeGreaterThan(0);
    expect(harness.api.playerState.at(-1)).toMatchObject({
      queue: [1, 3, 2, 4],
      current_index: 0,
      shuffle: false,
      repeat: 'off',
      volume: 85,
    });
  });

  it('reports a play at the end of a short track, with the XSRF header', async () => {
    await page.getByRole('button', { name: 'Play album' }).click();
    await expect.poll(title, POLL).toBe('Tone A');
    await bar().getByRole('button', { name: 'Queue' }).click();
    await page
      .getByRole('grid', { name: 'Next from: Test tones' })
      .getByRole('row')
      .filter({ hasText: 'Tone D' })
      .click();
    await page.keyboard.press('Escape');
    await expect.poll(title, POLL).toBe('Tone D');
    await expect.poll(() => harness.api.plays.map((p) => p.trackId), POLL).toContain(4);
    expect(harness.api.plays.find((p) => p.trackId === 4)?.xsrf).toBe(TEST_XSRF);
  });

  it('collapses to a mini player at 375 px that opens the full view', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    const open = bar().getByRole('button', { name: /^Open now playing: Tone/ });
    await expect.poll(() => open.count(), POLL).toBe(1);
    expect(await bar().getByRole('button', { name: 'Queue' }).count()).toBe(0);
    await open.click();
    const full = page.getByRole('dialog', { name: 'Now playing' });
    await expect.poll(() => full.count(), POLL).toBe(1);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => full.count(), POLL).toBe(0);
  });

  it('tells a visitor without music.play to sign in instead of failing silently', async () => {
    const visitor = await harness.browser.newPage();
    try {
      await visitor.goto(`${harness.appUrl}?visitor`);
      await visitor.getByRole('button', { name: 'Play album' }).click();
      const player = visitor.getByRole('region', { name: 'Player' });
      await player.getByRole('button', { name: 'Play', exact: true }).click();
      const dialog = visitor.getByRole('dialog', { name: 'Sign in to play music' });
      await expect.poll(() => dialog.count(), POLL).toBe(1);
      expect(await dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
      expect(await visitor.getByTestId('playing').textContent()).toBe('stopped');
      expect(describeViolations(await axeViolations(visitor))).toBe('');
    } finally {
      await visitor.close();
    }
  });
});
