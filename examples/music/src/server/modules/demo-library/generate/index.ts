import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { WAVEFORM_PEAKS } from '../../../../contract/routes/music-uploads';
import {
  ALBUMS,
  ARTISTS,
  DEMO_GAPLESS_PAIR,
  GENRES,
  PLAYLISTS,
  type PlannedAlbum,
  type PlannedTrack,
} from './catalogue';
import type { CoverStyle } from './cover';
import { type Job, jobFiles, type PairJob, peaksFileOf, type TrackJob } from './jobs';
import { readManifest, writeManifest } from './manifest';
import { runJobs } from './pool';
import { createRng, hashSeed } from './rng';
import { pieceLength, SAMPLE_RATE } from './synth';

export { DEMO_GAPLESS_PAIR } from './catalogue';

export interface DemoGenre {
  name: string;
  displayName: string;
  /** Absolute path to a JPEG. */
  image: string;
}
export interface DemoTrack {
  name: string;
  number: number;
  durationMs: number;
  /** Absolute path to the MP3. */
  file: string;
  /** Absolute path to its waveform peaks (a JSON array of `WAVEFORM_PEAKS` values in 0…1), when made. */
  peaks?: string;
  /** Genre names. */
  genres: string[];
  artistKeys: string[];
}
export interface DemoAlbum {
  key: string;
  name: string;
  type: 'album' | 'single' | 'ep';
  /** YYYY-MM-DD */
  releaseDate: string;
  description: string;
  /** Absolute path to a JPEG. */
  cover: string;
  artistKeys: string[];
  tracks: DemoTrack[];
}
export interface DemoArtist {
  key: string;
  name: string;
  verified: boolean;
  bio: string;
  genres: string[];
  links: { url: string; title: string }[];
  /** Absolute path to a JPEG. */
  image: string;
}
export interface DemoPlaylist {
  name: string;
  description: string;
  cover: string;
  trackRefs: { albumKey: string; number: number }[];
}
export interface DemoCatalogue {
  genres: DemoGenre[];
  artists: DemoArtist[];
  albums: DemoAlbum[];
  playlists: DemoPlaylist[];
  /**
   * Days of listening history the seed invents before today, so the admin dashboard's plays chart, trending
   * and Top 50 show a living site on first start. None when absent (tests' small catalogues count their own).
   */
  playHistoryDays?: number;
}

/** The admin dashboard's longest default range is 30 days; the history fills it. */
export const DEMO_PLAY_HISTORY_DAYS = 30;

export interface GenerateDemoLibraryOptions {
  /** Where the media and the manifest go; created if missing. */
  outDir: string;
  /** Everything (music, covers, playlist picks) follows from it: the same seed gives the same bytes. */
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  /** Only these albums (tests and quick previews); their artists and genres come along. */
  albumKeys?: string[];
  /** At most this many tracks in all, cut from the end of the album list (tests). */
  tracksLimit?: number;
  /** Worker threads; defaults to the number of cores, at most 4. 1 runs everything on this thread. */
  workers?: number;
}

/**
 * Changes whenever the generator's output for a seed changes (synth, covers, encoder settings, plan), so files
 * made by an older generator are made again rather than reused.
 */
export const DEMO_LIBRARY_VERSION = 4;

export const DEFAULT_DEMO_SEED = 20_240_917;

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Track lengths: mostly short (the whole library must build in well under a minute), a few long ones. */
function targetSecondsFor(seed: number, key: string): number {
  const rng = createRng(hashSeed(seed, `length:${key}`));
  return rng.chance(0.1) ? rng.range(55, 68) : rng.range(30, 39);
}

function selectAlbums(options: GenerateDemoLibraryOptions): PlannedAlbum[] {
  let albums = options.albumKeys ? ALBUMS.filter((a) => options.albumKeys?.includes(a.key)) : ALBUMS;
  if (options.tracksLimit !== undefined) {
    let left = options.tracksLimit;
    const limited: PlannedAlbum[] = [];
    for (const album of albums) {
      if (left <= 0) break;
      limited.push({ ...album, tracks: album.tracks.slice(0, left) });
      left -= album.tracks.length;
    }
    albums = limited;
  }
  return albums;
}

const trackArtists = (album: PlannedAlbum, track: PlannedTrack) => [
  ...new Set([...(track.artists ?? album.artistKeys), ...(track.featuring ?? [])]),
];

interface Plan {
  catalogue: DemoCatalogue;
  jobs: Job[];
}

/** The whole catalogue and the work to produce its files, computed without rendering anything. */
export function planDemoLibrary(options: GenerateDemoLibraryOptions): Plan {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const outDir = options.outDir;
  const abs = (file: string) => join(outDir, file);
  const albums = selectAlbums(options);
  const artistKeys = new Set(
    albums.flatMap((a) => [...a.artistKeys, ...a.tracks.flatMap((t) => trackArtists(a, t))]),
  );
  const artists = ARTISTS.filter((a) => artistKeys.has(a.key));
  const genreNames = new Set([
    ...albums.flatMap((a) => a.tracks.map((t) => t.genre)),
    ...artists.flatMap((a) => a.genres),
  ]);
  const genres = GENRES.filter((g) => genreNames.has(g.name));
  const artistName = new Map(ARTISTS.map((a) => [a.key, a.name]));
  const genreByName = new Map(GENRES.map((g) => [g.name, g]));

  const jobs: Job[] = [];
  const cover = (kind: string, key: string, style: CoverStyle) => {
    const file = `covers/${kind}/${key}.jpg`;
    jobs.push({ kind: 'cover', file, seed: hashSeed(seed, `cover:${kind}:${key}`), style });
    return file;
  };

  const demoGenres: DemoGenre[] = genres.map((g) => ({
    name: g.name,
    displayName: g.displayName,
    image: abs(cover('genres', g.name, g.cover)),
  }));
  const artistStyles: CoverStyle[] = ['rings', 'circles', 'grid', 'waves', 'sun', 'stripes'];
  const demoArtists: DemoArtist[] = artists.map((a, i) => ({
    key: a.key,
    name: a.name,
    verified: a.verified,
    bio: a.bio,
    genres: a.genres,
    links: a.links,
    image: abs(cover('artists', a.key, artistStyles[i % artistStyles.length]!)),
  }));

  const demoAlbums: DemoAlbum[] = albums.map((album) => {
    const coverFile = cover('albums', album.key, album.cover);
    const year = Number(album.releaseDate.slice(0, 4));
    const tagsFor = (track: PlannedTrack, number: number) => ({
      title: track.name,
      artists: trackArtists(album, track).map((k) => artistName.get(k) ?? k),
      album: album.name,
      albumArtist:
        album.artistKeys.length > 2
          ? 'Various Artists'
          : album.artistKeys.map((k) => artistName.get(k)).join(' & '),
      trackNumber: number,
      trackCount: album.tracks.length,
      year,
      genres: [genreByName.get(track.genre)?.displayName ?? track.genre],
    });
    const fileOf = (track: PlannedTrack, number: number) =>
      `tracks/${album.key}/${String(number).padStart(2, '0')}-${slug(track.name)}.mp3`;
    const durations = new Map<number, number>();
    const isPair = album.key === DEMO_GAPLESS_PAIR.albumKey;
    const [pairFirst, pairSecond] = DEMO_GAPLESS_PAIR.numbers;
    album.tracks.forEach((track, index) => {
      const number = index + 1;
      const style = genreByName.get(track.genre)?.style ?? 'electronic';
      const trackSeed = hashSeed(seed, `track:${album.key}:${number}`);
      if (isPair && number === pairSecond && album.tracks.length >= pairSecond) return;
      if (isPair && number === pairFirst && album.tracks.length >= pairSecond) {
        const second = album.tracks[pairSecond - 1]!;
        const targetSeconds = 2 * targetSecondsFor(seed, `${album.key}:${number}`);
        const length = pieceLength({ style, seed: trackSeed, targetSeconds });
        // Cut near the middle, 577 samples past a 1152-sample MP3 frame, so the seam is never a frame edge.
        const cutSample = Math.floor(length / 2 / 1152) * 1152 + 577;
        const job: PairJob = {
          kind: 'pair',
          files: [fileOf(track, number), fileOf(second, pairSecond)],
          seed: trackSeed,
          style,
          targetSeconds,
          cutSample,
          cover: coverFile,
          tags: [tagsFor(track, number), tagsFor(second, pairSecond)],
          bars: WAVEFORM_PEAKS,
        };
        jobs.push(job);
        durations.set(number, cutSample);
        durations.set(pairSecond, length - cutSample);
        return;
      }
      const targetSeconds = targetSecondsFor(seed, `${album.key}:${number}`);
      const job: TrackJob = {
        kind: 'track',
        file: fileOf(track, number),
        seed: trackSeed,
        style,
        targetSeconds,
        cover: coverFile,
        tags: tagsFor(track, number),
        bars: WAVEFORM_PEAKS,
      };
      jobs.push(job);
      durations.set(number, pieceLength({ style, seed: trackSeed, targetSeconds }));
    });
    return {
      key: album.key,
      name: album.name,
      type: album.type,
      releaseDate: album.releaseDate,
      description: album.description,
      cover: abs(coverFile),
      artistKeys: album.artistKeys,
      tracks: album.tracks.map((track, index) => ({
        name: track.name,
        number: index + 1,
        durationMs: Math.round(((durations.get(index + 1) ?? 0) / SAMPLE_RATE) * 1000),
        file: abs(fileOf(track, index + 1)),
        peaks: abs(peaksFileOf(fileOf(track, index + 1))),
        genres: [track.genre],
        artistKeys: trackArtists(album, track),
      })),
    };
  });

  const demoPlaylists: DemoPlaylist[] = PLAYLISTS.map((playlist) => {
    const rng = createRng(hashSeed(seed, `playlist:${playlist.name}`));
    // Round-robin over the playlist's genres, each genre's tracks in a seeded order, so every genre is heard.
    const pools = playlist.genres.map((genre) => {
      const pool = demoAlbums.flatMap((a) =>
        a.tracks.filter((t) => t.genres.includes(genre)).map((t) => ({ albumKey: a.key, number: t.number })),
      );
      for (let i = pool.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool;
    });
    const trackRefs: { albumKey: string; number: number }[] = [];
    for (let round = 0; trackRefs.length < playlist.size && pools.some((p) => p.length > round); round++) {
      for (const pool of pools) {
        const ref = pool[round];
        if (ref && trackRefs.length < playlist.size) trackRefs.push(ref);
      }
    }
    return {
      name: playlist.name,
      description: playlist.description,
      cover: abs(cover('playlists', slug(playlist.name), playlist.cover)),
      trackRefs,
    };
  });

  return {
    catalogue: {
      genres: demoGenres,
      artists: demoArtists,
      albums: demoAlbums,
      playlists: demoPlaylists,
      playHistoryDays: DEMO_PLAY_HISTORY_DAYS,
    },
    jobs,
  };
}

const jobKey = (job: Job) =>
  createHash('sha256')
    .update(`${DEMO_LIBRARY_VERSION}:${JSON.stringify(job)}`)
    .digest('hex');

/**
 * Generates the demo library's media into `outDir` and returns its catalogue. Deterministic for a seed, and
 * idempotent: a manifest records what each file was made from, so a second run only checks the files.
 */
export async function generateDemoLibrary(options: GenerateDemoLibraryOptions): Promise<DemoCatalogue> {
  const { catalogue, jobs } = planDemoLibrary(options);
  const manifest = await readManifest(options.outDir);
  const keys = new Map(jobs.map((job) => [job, jobKey(job)]));
  const pending: Job[] = [];
  let done = 0;
  for (const job of jobs) {
    if (await manifest.has(jobFiles(job), keys.get(job)!)) done++;
    else pending.push(job);
  }
  const total = jobs.length;
  options.onProgress?.(done, total);
  if (pending.length > 0) {
    // Covers first: each track embeds its album's cover. Then the longest pieces first, to balance threads.
    const covers = pending.filter((job) => job.kind === 'cover');
    const seconds = (job: Job) => (job.kind === 'cover' ? 0 : job.targetSeconds);
    const audio = pending.filter((job) => job.kind !== 'cover').sort((a, b) => seconds(b) - seconds(a));
    const workers = Math.max(
      1,
      Math.min(options.workers ?? Math.min(4, availableParallelism()), pending.length),
    );
    try {
      await runJobs([covers, audio], options.outDir, workers, (job, sizes) => {
        manifest.set(jobFiles(job), keys.get(job)!, sizes);
        options.onProgress?.(++done, total);
      });
    } finally {
      await writeManifest(options.outDir, manifest);
    }
  }
  return catalogue;
}
