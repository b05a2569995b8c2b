import { type ExecFileSyncOptions, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DemoCatalogue, GenerateDemoLibrary } from './catalogue-types';

/**
 * A synchronous child blocks the whole test worker, where no test timeout can fire: give it no stdin and a
 * bound of its own, so a stuck ffmpeg fails the test instead of hanging the run.
 */
const SYNC_CHILD: ExecFileSyncOptions = { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 };

/** The waveform the fixture gives track `number` of its first album. */
export const FIXTURE_PEAKS = (number: number) => Array.from({ length: 8 }, (_, i) => (i + number) / 10);

/**
 * A tiny catalogue for tests, made with Debian's ffmpeg: distinct sine tones as MP3 and solid-colour JPEGs.
 * It answers the same shape as the real generator, so the seed is tested through its real path.
 */
export const fixtureGenerator: GenerateDemoLibrary = async ({ outDir }) => {
  mkdirSync(outDir, { recursive: true });
  const ffmpeg = (args: string[], out: string) => {
    if (!existsSync(out))
      execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args, out], SYNC_CHILD);
    return out;
  };
  const image = (name: string, color: string) =>
    ffmpeg(
      ['-f', 'lavfi', '-i', `color=c=${color}:s=64x64`, '-frames:v', '1'],
      path.join(outDir, `${name}.jpg`),
    );
  const audio = (name: string, frequency: number, seconds: number) =>
    ffmpeg(
      ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-ac', '1', '-b:a', '64k'],
      path.join(outDir, `${name}.mp3`),
    );
  /** The first album's waveforms: a ramp per track, so a test can tell them apart; the second album has none. */
  const peaks = (name: string, number: number) => {
    const file = path.join(outDir, `${name}.peaks.json`);
    writeFileSync(file, JSON.stringify(FIXTURE_PEAKS(number)));
    return file;
  };
  const catalogue: DemoCatalogue = {
    genres: [
      { name: 'ambient', displayName: 'Ambient', image: image('genre-ambient', 'blue') },
      { name: 'synthwave', displayName: 'Synthwave', image: image('genre-synthwave', 'purple') },
    ],
    artists: [
      {
        key: 'nebula',
        name: 'Nebula Drift',
        verified: true,
        bio: 'Slow-moving clouds of sound.',
        genres: ['ambient'],
        links: [{ url: 'https://example.com/nebula', title: 'Website' }],
        image: image('artist-nebula', 'navy'),
      },
      {
        key: 'neon',
        name: 'Neon Harbor',
        verified: false,
        bio: 'Night drives.',
        genres: ['synthwave', 'ambient'],
        links: [],
        image: image('artist-neon', 'magenta'),
      },
      {
        key: 'drift',
        name: 'Continental Drift Society',
        verified: false,
        bio: 'A choir of engines.',
        genres: ['synthwave'],
        links: [],
        image: image('artist-drift', 'gray'),
      },
    ],
    albums: [
      {
        key: 'clouds',
        name: 'Cloud Atlas Sketches',
        type: 'album',
        releaseDate: '2024-03-01',
        description: 'Sketches.',
        cover: image('album-clouds', 'white'),
        artistKeys: ['nebula'],
        tracks: [1, 2, 3].map((number) => ({
          name: ['Stratus', 'Cirrus Drift', 'Nimbus'][number - 1]!,
          number,
          durationMs: 4000,
          file: audio(`clouds-${number}`, 220 * number, 4),
          peaks: peaks(`clouds-${number}`, number),
          genres: ['ambient'],
          artistKeys: [],
        })),
      },
      {
        key: 'harbor',
        name: 'Harbor Lights',
        type: 'ep',
        releaseDate: '2025-06-15',
        description: 'Lights.',
        cover: image('album-harbor', 'orange'),
        artistKeys: ['neon', 'nebula'],
        tracks: [1, 2].map((number) => ({
          name: ['Pier Seven', 'Low Tide'][number - 1]!,
          number,
          durationMs: 3000,
          file: audio(`harbor-${number}`, 330 + number * 50, 3),
          genres: ['synthwave'],
          artistKeys: ['neon'],
        })),
      },
    ],
    playlists: [
      {
        name: 'Evening Calm',
        description: 'Wind down.',
        cover: image('playlist-calm', 'green'),
        trackRefs: [
          { albumKey: 'clouds', number: 2 },
          { albumKey: 'harbor', number: 1 },
        ],
      },
    ],
  };
  return catalogue;
};
