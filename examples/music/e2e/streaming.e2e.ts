import path from 'node:path';
import type { RunningServer } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateDemoLibrary } from '../src/server/modules/demo-library/catalogue-types';
import { fixtureGenerator } from '../src/server/modules/demo-library/test-fixture';
import { type BrowserHarness, startBrowser, startSite } from './support/site';
import { toneMp3 } from './support/tone-mp3';

/** Ten minutes at 192 kbit/s (about 14 MB): far more than Chromium buffers ahead, so a seek must ask again. */
const LONG_SECONDS = 600;

/** The test catalogue, with its first track replaced by a long one. */
const withLongTrack: GenerateDemoLibrary = async (options) => {
  const catalogue = await fixtureGenerator(options);
  const file = toneMp3(path.join(options.outDir, 'long-tone.mp3'), {
    frequency: 330,
    seconds: LONG_SECONDS,
    bitrate: '192k',
  });
  const first = catalogue.albums[0]!.tracks[0]!;
  first.file = file;
  first.durationMs = LONG_SECONDS * 1000;
  return catalogue;
};

interface SeenResponse {
  status: number;
  range: string | undefined;
  contentRange: string | undefined;
}

describe('streaming in the browser', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  beforeAll(async () => {
    site = await startSite({ music: { generate: withLongTrack } });
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("an <audio> element plays a track's stream, and a seek to the middle is a Range request answered 206", async () => {
    const album = await site.app.kit.knex('music_albums').where('name', 'Cloud Atlas Sketches').first('id');
    const track = await site.app.kit
      .knex('music_tracks')
      .where({ album_id: album.id, number: 1 })
      .first('id', 'file_id');
    const file = await site.app.kit.knex('file_entries').where('id', track.file_id).first('size');
    const size = Number(file.size);
    const streamPath = `/api/v1/tracks/${track.id}/stream`;

    const { page, context } = await browser.newPage();
    const seen: SeenResponse[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith(streamPath)) return;
      seen.push({
        status: response.status(),
        range: response.request().headers().range,
        contentRange: response.headers()['content-range'],
      });
    });
    // As a guest: the guest role has music.play, so no sign-in is needed to listen.
    await page.goto(site.url);
    // Muted playback needs no user gesture under Chromium's autoplay policy; the clock advances all the same.
    await page.evaluate(async (src) => {
      const audio = document.createElement('audio');
      audio.id = 'under-test';
      audio.muted = true;
      audio.preload = 'auto';
      audio.src = src;
      document.body.append(audio);
      await audio.play();
    }, streamPath);
    const currentTime = () =>
      page.evaluate(() => document.querySelector<HTMLAudioElement>('#under-test')!.currentTime);
    await expect.poll(currentTime).toBeGreaterThan(0.25);
    const before = await currentTime();
    await expect.poll(currentTime).toBeGreaterThan(before);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((response) => response.status === 206)).toBe(true);
    // Chromium knows the length from the first answer's Content-Range.
    const duration = await page.evaluate(
      () => document.querySelector<HTMLAudioElement>('#under-test')!.duration,
    );
    expect(duration).toBeGreaterThan(LONG_SECONDS * 0.9);

    // Seek to the middle: the bytes there were never fetched, so Chromium asks for a range starting near them.
    const requestsBeforeSeek = seen.length;
    await page.evaluate(
      (middle) =>
        new Promise<void>((done) => {
          const audio = document.querySelector<HTMLAudioElement>('#under-test')!;
          audio.addEventListener('seeked', () => done(), { once: true });
          audio.currentTime = middle;
        }),
      duration / 2,
    );
    const rangeStart = (response: SeenResponse) =>
      Number(/^bytes=(\d+)-/.exec(response.range ?? '')?.[1] ?? -1);
    await expect
      .poll(() => seen.slice(requestsBeforeSeek).filter((response) => rangeStart(response) > size / 4).length)
      .toBeGreaterThan(0);
    const seek = seen.slice(requestsBeforeSeek).find((response) => rangeStart(response) > size / 4)!;
    expect(seek.status).toBe(206);
    expect(seek.contentRange).toMatch(new RegExp(`^bytes ${rangeStart(seek)}-\\d+/${size}$`));
    // And it plays on from there.
    await expect.poll(currentTime).toBeGreaterThan(duration / 2 + 0.25);
    await context.close();
  });
});
