import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tempDir } from '@internal/testing';
import { launchBrowser } from '@internal/testing/browser';
import jpeg from 'jpeg-js';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAVEFORM_PEAKS } from '../../../../contract/routes/music-uploads';
import { mp3Peaks } from '../../music-uploads/peaks';
import { DEMO_GAPLESS_PAIR, type DemoCatalogue, generateDemoLibrary, planDemoLibrary } from './index';
import { runJob } from './jobs';
import { renderPiece, STYLE_NAMES } from './synth';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The MPEG audio after the ID3v2 tag: what differs between tracks once titles and covers are set aside. */
function audioFrames(file: string): Uint8Array {
  const data = readFileSync(file);
  expect(data.subarray(0, 3).toString('latin1')).toBe('ID3');
  const size =
    ((data[6]! & 0x7f) << 21) | ((data[7]! & 0x7f) << 14) | ((data[8]! & 0x7f) << 7) | (data[9]! & 0x7f);
  const audio = data.subarray(10 + size);
  // An MPEG-1 Layer III frame sync: 11 set bits.
  expect(audio[0]).toBe(0xff);
  expect(audio[1]! & 0xe0).toBe(0xe0);
  return audio;
}

const tracksOf = (catalogue: DemoCatalogue) => catalogue.albums.flatMap((album) => album.tracks);

describe('demo library plan', () => {
  const { catalogue, jobs } = planDemoLibrary({ outDir: '/demo' });
  const tracks = tracksOf(catalogue);

  it('is a catalogue a listener can browse: enough artists, releases, tracks, genres and playlists', () => {
    expect(catalogue.artists.length).toBeGreaterThanOrEqual(8);
    expect(catalogue.albums.length).toBeGreaterThanOrEqual(12);
    expect(tracks.length).toBeGreaterThanOrEqual(60);
    expect(catalogue.genres.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.playlists.length).toBeGreaterThanOrEqual(4);
    expect(new Set(catalogue.albums.map((a) => a.type))).toEqual(new Set(['album', 'ep', 'single']));
    expect(new Set(catalogue.albums.map((a) => a.releaseDate.slice(0, 4))).size).toBeGreaterThanOrEqual(6);
    expect(catalogue.albums.some((a) => a.artistKeys.length > 1)).toBe(true);
    expect(tracks.some((t) => t.artistKeys.length > 1)).toBe(true);
    expect(catalogue.artists.some((a) => a.verified) && catalogue.artists.some((a) => !a.verified)).toBe(
      true,
    );
  });

  it('keeps every reference inside the catalogue and every track between 30 and 75 seconds', () => {
    const artistKeys = new Set(catalogue.artists.map((a) => a.key));
    const genreNames = new Set(catalogue.genres.map((g) => g.name));
    for (const album of catalogue.albums) {
      expect(album.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const key of album.artistKeys) expect(artistKeys).toContain(key);
      album.tracks.forEach((track, i) => {
        expect(track.number).toBe(i + 1);
        for (const key of track.artistKeys) expect(artistKeys).toContain(key);
        for (const genre of track.genres) expect(genreNames).toContain(genre);
        expect(track.durationMs).toBeGreaterThanOrEqual(30_000);
        expect(track.durationMs).toBeLessThanOrEqual(75_000);
      });
    }
    for (const artist of catalogue.artists)
      for (const genre of artist.genres) expect(genreNames).toContain(genre);
    for (const playlist of catalogue.playlists) {
      expect(playlist.trackRefs.length).toBeGreaterThanOrEqual(5);
      for (const ref of playlist.trackRefs) {
        const album = catalogue.albums.find((a) => a.key === ref.albumKey);
        expect(album?.tracks.some((t) => t.number === ref.number)).toBe(true);
      }
    }
    expect(new Set(tracks.map((t) => t.file)).size).toBe(tracks.length);
  });

  it('cuts the gapless pair from one piece, off an MP3 frame boundary', () => {
    const pair = jobs.find((job) => job.kind === 'pair');
    expect(pair?.kind).toBe('pair');
    if (pair?.kind !== 'pair') return;
    expect(pair.cutSample % 1152).not.toBe(0);
    const album = catalogue.albums.find((a) => a.key === DEMO_GAPLESS_PAIR.albumKey);
    const [first, second] = DEMO_GAPLESS_PAIR.numbers.map((n) => album?.tracks.find((t) => t.number === n));
    expect(pair.files.map((f) => `/demo/${f}`)).toEqual([first?.file, second?.file]);
  });

  it('gives another seed other music', () => {
    const other = planDemoLibrary({ outDir: '/demo', seed: 7 }).jobs;
    const seeds = (list: typeof jobs) => list.filter((j) => j.kind !== 'cover').map((j) => j.seed);
    expect(seeds(other)).not.toEqual(seeds(jobs));
  });
});

describe('demo library synthesizer', () => {
  it('plays something in every style, and no two styles sound alike', () => {
    const hashes = new Set<string>();
    for (const style of STYLE_NAMES) {
      const piece = renderPiece({ style, seed: 11, targetSeconds: 8 });
      let sumSq = 0;
      for (const v of piece.left) sumSq += v * v;
      // About -16 dBFS RMS by design; silence or a broken voice would be far below.
      expect(Math.sqrt(sumSq / piece.left.length), style).toBeGreaterThan(0.05);
      hashes.add(sha256(new Uint8Array(piece.left.buffer)));
    }
    expect(hashes.size).toBe(STYLE_NAMES.length);
  });
});

describe('generateDemoLibrary', () => {
  const out = tempDir('demo-library-');
  const albumKeys = ['late-tram', 'signal-fires'];
  let catalogue: DemoCatalogue;
  const progress: [number, number][] = [];

  beforeAll(async () => {
    catalogue = await generateDemoLibrary({
      outDir: out.dir,
      albumKeys,
      workers: 2,
      onProgress: (done, total) => progress.push([done, total]),
    });
  });
  afterAll(() => out.cleanup());

  it('writes MP3s that decode with the planned duration, bitrate and tags', async () => {
    expect(catalogue.albums.map((a) => a.key).sort()).toEqual([...albumKeys].sort());
    const tracks = tracksOf(catalogue);
    expect(tracks).toHaveLength(3);
    for (const album of catalogue.albums) {
      for (const track of album.tracks) {
        const { format, common } = await parseFile(track.file);
        expect(format.container).toBe('MPEG');
        expect(format.codec).toBe('MPEG 1 Layer 3');
        expect(format.sampleRate).toBe(44_100);
        expect(format.numberOfChannels).toBe(1);
        expect(format.bitrate).toBe(128_000);
        // The encoder adds about 1,100 samples of delay and padding (25 ms).
        expect(Math.abs((format.duration ?? 0) * 1000 - track.durationMs)).toBeLessThan(150);
        expect(common.title).toBe(track.name);
        expect(common.album).toBe(album.name);
        expect(common.track).toEqual({ no: track.number, of: album.tracks.length });
        const names = track.artistKeys.map((k) => catalogue.artists.find((a) => a.key === k)?.name);
        expect(common.artists).toEqual(names);
        expect(common.picture?.[0]?.format).toBe('image/jpeg');
        expect(sha256(common.picture![0]!.data)).toBe(sha256(readFileSync(album.cover)));
      }
    }
    expect(progress.at(-1)).toEqual([progress.at(-1)![1], progress.at(-1)![1]]);
  });

  it("keeps each track's waveform beside it: the peaks the upload reader decodes from the same MP3", async () => {
    for (const track of tracksOf(catalogue)) {
      const kept = JSON.parse(readFileSync(track.peaks!, 'utf8')) as number[];
      expect(kept).toHaveLength(WAVEFORM_PEAKS);
      // Music, not a flat block: the loud bars stand well above the quiet ones.
      expect(Math.max(...kept) - Math.min(...kept)).toBeGreaterThan(0.1);
      const decoded = (await mp3Peaks(createReadStream(track.file), WAVEFORM_PEAKS)).peaks;
      expect(decoded).toHaveLength(WAVEFORM_PEAKS);
      // The encoder's delay shifts the decoded samples by 25 ms and its rounding moves each peak a little.
      const meanDifference =
        kept.reduce((sum, peak, i) => sum + Math.abs(peak - decoded[i]!), 0) / kept.length;
      expect(meanDifference).toBeLessThan(0.03);
    }
  });

  it('makes every track its own music', () => {
    const hashes = tracksOf(catalogue).map((t) => sha256(audioFrames(t.file)));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('says how many samples are real: a LAME Info frame with the encoder delay and padding, for gapless playback', () => {
    for (const track of tracksOf(catalogue)) {
      const audio = audioFrames(track.file);
      // The tag follows the frame header (4 bytes) and the side information (17 bytes in a mono frame).
      const tag = Buffer.from(audio.subarray(21, 21 + 120));
      expect(tag.subarray(0, 4).toString('latin1')).toBe('Info');
      const frames = tag.readUInt32BE(8);
      expect(tag.readUInt32BE(12)).toBe(audio.length);
      expect(tag.subarray(16, 25).toString('latin1')).toBe('LAME3.100');
      const delay = (tag[37]! << 4) | (tag[38]! >> 4);
      const padding = ((tag[38]! & 0x0f) << 8) | tag[39]!;
      expect(delay).toBe(576);
      const samples = frames * 1152 - delay - padding;
      expect(Math.abs((samples / 44_100) * 1000 - track.durationMs)).toBeLessThanOrEqual(1);
    }
  });

  it('draws valid, distinct JPEG covers for albums, artists, genres and playlists', () => {
    const images = [
      ...catalogue.albums.map((a) => a.cover),
      ...catalogue.artists.map((a) => a.image),
      ...catalogue.genres.map((g) => g.image),
      ...catalogue.playlists.map((p) => p.cover),
    ];
    for (const image of images) {
      const decoded = jpeg.decode(readFileSync(image), { useTArray: true });
      expect([decoded.width, decoded.height]).toEqual([512, 512]);
    }
    expect(new Set(images.map((i) => sha256(readFileSync(i)))).size).toBe(images.length);
  });

  it('is deterministic: the same seed gives the same bytes in another folder', async () => {
    const again = tempDir('demo-library-again-');
    try {
      const { jobs } = planDemoLibrary({ outDir: again.dir, albumKeys: ['signal-fires'] });
      const track = jobs.find((job) => job.kind === 'track');
      const cover = jobs.find(
        (job) => job.kind === 'cover' && track?.kind === 'track' && job.file === track.cover,
      );
      // The track embeds its album's cover, so the cover comes first, as in a full run.
      for (const job of [cover, track]) await runJob(job!, again.dir);
      const original = catalogue.albums.find((a) => a.key === 'signal-fires')!;
      const copy = planDemoLibrary({ outDir: again.dir, albumKeys: ['signal-fires'] }).catalogue.albums[0]!;
      expect(sha256(readFileSync(copy.tracks[0]!.file))).toBe(sha256(readFileSync(original.tracks[0]!.file)));
      expect(sha256(readFileSync(copy.cover))).toBe(sha256(readFileSync(original.cover)));
    } finally {
      again.cleanup();
    }
  });

  it('reuses what is already there, and makes again only a file that went missing', async () => {
    const files = tracksOf(catalogue).map((t) => t.file);
    const before = files.map((f) => statSync(f).mtimeMs);
    const steps: [number, number][] = [];
    const second = await generateDemoLibrary({
      outDir: out.dir,
      albumKeys,
      onProgress: (done, total) => steps.push([done, total]),
    });
    expect(second).toEqual(catalogue);
    expect(files.map((f) => statSync(f).mtimeMs)).toEqual(before);
    // Everything was found at once: a single progress report, already complete.
    expect(steps).toEqual([[steps[0]![1], steps[0]![1]]]);

    const hash = sha256(readFileSync(files[0]!));
    rmSync(files[0]!);
    await generateDemoLibrary({ outDir: out.dir, albumKeys, workers: 1 });
    expect(sha256(readFileSync(files[0]!))).toBe(hash);
    expect(statSync(files[1]!).mtimeMs).toBe(before[1]);
  });

  describe('in Chromium', () => {
    let server: Server;
    let url: string;

    beforeAll(async () => {
      const mp3 = readFileSync(catalogue.albums.find((a) => a.key === 'signal-fires')!.tracks[0]!.file);
      server = createServer((req, res) => {
        if (req.url === '/track.mp3') {
          res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length });
          res.end(mp3);
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          '<!doctype html><html lang="en"><title>play</title><audio src="/track.mp3" preload="auto"></audio>' +
            '<button onclick="document.querySelector(\'audio\').play()">Play</button></html>',
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    it('plays: the audio element reports the duration and its clock advances', async () => {
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        await page.goto(url);
        // A real click is the user gesture that lets the page start audio.
        await page.getByRole('button', { name: 'Play' }).click();
        await page.waitForFunction(
          () => (document.querySelector('audio')?.currentTime ?? 0) > 0.5,
          undefined,
          {
            timeout: 30_000,
          },
        );
        const state = await page.evaluate(() => {
          const audio = document.querySelector('audio')!;
          return { duration: audio.duration, error: audio.error?.code ?? null, paused: audio.paused };
        });
        expect(state.error).toBeNull();
        expect(state.paused).toBe(false);
        expect(state.duration).toBeGreaterThan(30);
      } finally {
        await browser.close();
      }
    });
  });
});
