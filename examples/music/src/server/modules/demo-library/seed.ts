import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createUser, hashPassword, type Kit } from '@backline/server';
import { slugify } from '../../../contract';
import type { DemoCatalogue, GenerateDemoLibrary } from './catalogue-types';
import { storeCatalogueFile } from './store-files';

/**
 * The demo library: on first start (an empty catalogue) and on `backline seed:music`, the generator makes
 * real, distinct audio and cover art, and this stores every file through the kit's storage as file entries
 * and inserts the catalogue in one transaction. A catalogue that has any artist is left alone, so the seed is
 * idempotent. `MUSIC_DEMO_LIBRARY=off` (or the setting `music.demo_library` false) turns it off.
 */

/** The demo listeners' password (they exist to show public playlists and profiles, like the demo admin). */
export const DEMO_LISTENER_PASSWORD = 'listener-demo';
export const DEMO_LISTENERS = [
  { email: 'ada@listeners.example', first_name: 'Ada', last_name: 'Lark' },
  { email: 'milo@listeners.example', first_name: 'Milo', last_name: 'Reyes' },
];

/** The channels of the home feed, in order. */
export const DEMO_CHANNELS = [
  { name: 'Trending artists', slug: 'trending-artists', source: 'trending_artists', content_type: 'artist' },
  { name: 'New releases', slug: 'new-releases', source: 'new_releases', content_type: 'album' },
  { name: 'Popular albums', slug: 'popular-albums', source: 'popular_albums', content_type: 'album' },
  { name: 'Popular tracks', slug: 'popular-tracks', source: 'popular_tracks', content_type: 'track' },
  { name: 'Genres', slug: 'genres', source: 'genres', content_type: 'genre' },
  {
    name: 'Playlists from listeners',
    slug: 'listener-playlists',
    source: 'manual',
    content_type: 'playlist',
  },
] as const;

/** Whether the environment turns the demo library off. */
export function demoLibraryDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(off|false|0|no)$/i.test(env.MUSIC_DEMO_LIBRARY ?? '');
}

/** Loads the generator the demo-audio work provides (`./generate/index.ts`). */
export async function defaultGenerator(): Promise<GenerateDemoLibrary> {
  const specifier = './generate/index';
  const module = (await import(/* @vite-ignore */ specifier)) as { generateDemoLibrary: GenerateDemoLibrary };
  return module.generateDemoLibrary;
}

export interface SeedOptions {
  generate?: GenerateDemoLibrary;
  /** Where generated files are kept between runs; `DATA_DIR/demo-library` by default. */
  outDir?: string;
  /** Seed even if the catalogue has artists already (never duplicates: it still skips then). */
  onProgress?: (done: number, total: number) => void;
}

export type SeedResult =
  | { seeded: false; reason: string }
  | { seeded: true; artists: number; tracks: number };

/** A popularity for demo tracks that does not look flat: a stable number from the name. */
const popularityOf = (name: string) => {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return 20 + (hash % 80);
};

export async function seedDemoLibrary(kit: Kit, options: SeedOptions = {}): Promise<SeedResult> {
  if (await kit.knex('music_artists').first('id'))
    return { seeded: false, reason: 'The catalogue is not empty.' };
  const generate = options.generate ?? (await defaultGenerator());
  const outDir = options.outDir ?? path.join(kit.config.dataDir ?? path.resolve('.data'), 'demo-library');
  const catalogue = await generate({ outDir, seed: 1, onProgress: options.onProgress });
  const stored: string[] = [];
  try {
    const counts = await kit.knex.transaction(async (trx) => {
      // Two processes starting at once: the second waits here, then finds the catalogue filled and stops.
      await trx.raw('select pg_advisory_xact_lock(7420118)');
      if (await trx('music_artists').first('id')) return null;
      return insertCatalogue(kit, trx, catalogue, stored);
    });
    if (!counts) {
      await kit.storage.delete(stored);
      return { seeded: false, reason: 'The catalogue is not empty.' };
    }
    return { seeded: true, ...counts };
  } catch (error) {
    // The rows rolled back; the bytes written for them must go too.
    await kit.storage.delete(stored).catch(() => {});
    throw error;
  }
}

/** A generated peaks file, or none when it is missing or not a list of numbers (the track just has no waveform). */
async function readPeaks(file: string): Promise<number[]> {
  try {
    const peaks: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(peaks) && peaks.every((p) => typeof p === 'number') ? peaks : [];
  } catch {
    return [];
  }
}

async function insertCatalogue(
  kit: Kit,
  trx: import('knex').Knex.Transaction,
  catalogue: DemoCatalogue,
  stored: string[],
) {
  const now = kit.now();
  // The seek bar's waveforms live in the music-uploads module's table: a site without that module seeds none.
  const withWaveforms = await trx.schema.hasTable('music_track_waveforms');
  const genreIds = new Map<string, number>();
  for (const [index, genre] of catalogue.genres.entries()) {
    const image_id = await storeCatalogueFile(kit, trx, genre.image, stored);
    const [row] = await trx('music_genres')
      .insert({
        name: genre.name,
        display_name: genre.displayName,
        image_id,
        popularity: 100 - index,
        created_at: now,
      })
      .returning('id');
    genreIds.set(genre.name, Number(row.id));
  }
  const artistIds = new Map<string, number>();
  for (const artist of catalogue.artists) {
    const image_id = await storeCatalogueFile(kit, trx, artist.image, stored);
    const [row] = await trx('music_artists')
      .insert({
        name: artist.name,
        slug: slugify(artist.name),
        verified: artist.verified,
        bio: artist.bio,
        links: JSON.stringify(artist.links),
        image_id,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const id = Number(row.id);
    artistIds.set(artist.key, id);
    const genres = artist.genres.map((g) => genreIds.get(g)).filter((g): g is number => g !== undefined);
    if (genres.length)
      await trx('music_artist_genres').insert(genres.map((genre_id) => ({ artist_id: id, genre_id })));
  }
  const trackIds = new Map<string, number>();
  let trackCount = 0;
  for (const album of catalogue.albums) {
    const image_id = await storeCatalogueFile(kit, trx, album.cover, stored);
    const [row] = await trx('music_albums')
      .insert({
        name: album.name,
        slug: slugify(album.name),
        type: album.type,
        release_date: album.releaseDate,
        description: album.description,
        image_id,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const albumId = Number(row.id);
    const albumArtists = album.artistKeys
      .map((k) => artistIds.get(k))
      .filter((a): a is number => a !== undefined);
    if (albumArtists.length)
      await trx('music_album_artists').insert(
        albumArtists.map((artist_id, position) => ({ album_id: albumId, artist_id, position })),
      );
    for (const track of album.tracks) {
      const file_id = await storeCatalogueFile(kit, trx, track.file, stored);
      const [trackRow] = await trx('music_tracks')
        .insert({
          name: track.name,
          slug: slugify(track.name),
          number: track.number,
          duration_ms: Math.round(track.durationMs),
          album_id: albumId,
          file_id,
          popularity: popularityOf(`${album.key}/${track.name}`),
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      const trackId = Number(trackRow.id);
      trackIds.set(`${album.key}#${track.number}`, trackId);
      trackCount++;
      const artists = (track.artistKeys.length ? track.artistKeys : album.artistKeys)
        .map((k) => artistIds.get(k))
        .filter((a): a is number => a !== undefined);
      if (artists.length)
        await trx('music_track_artists').insert(
          artists.map((artist_id, position) => ({ track_id: trackId, artist_id, position })),
        );
      const genres = [
        ...new Set(track.genres.map((g) => genreIds.get(g)).filter((g): g is number => g !== undefined)),
      ];
      if (genres.length)
        await trx('music_track_genres').insert(genres.map((genre_id) => ({ track_id: trackId, genre_id })));
      if (withWaveforms && track.peaks) {
        const peaks = await readPeaks(track.peaks);
        if (peaks.length)
          await trx('music_track_waveforms').insert({ track_id: trackId, peaks: JSON.stringify(peaks) });
      }
    }
  }

  // Listeners who own the demo's public playlists (their profiles show them, and search finds them).
  const passwordHash = await hashPassword(DEMO_LISTENER_PASSWORD);
  const listenerIds: number[] = [];
  for (const listener of DEMO_LISTENERS) {
    const existing = await trx('users').where({ email: listener.email }).first('id');
    const id = existing
      ? Number(existing.id)
      : Number(
          (await createUser(trx, { email: listener.email, passwordHash, emailVerifiedAt: now, now })).id,
        );
    await trx('users')
      .where({ id })
      .update({ first_name: listener.first_name, last_name: listener.last_name });
    listenerIds.push(id);
  }
  const playlistIds: number[] = [];
  for (const [index, playlist] of catalogue.playlists.entries()) {
    const owner_id = listenerIds[index % listenerIds.length]!;
    const image_id = await storeCatalogueFile(kit, trx, playlist.cover, stored);
    const tracks = [
      ...new Set(
        playlist.trackRefs
          .map((ref) => trackIds.get(`${ref.albumKey}#${ref.number}`))
          .filter((t): t is number => t !== undefined),
      ),
    ];
    const [row] = await trx('music_playlists')
      .insert({
        owner_id,
        name: playlist.name,
        slug: slugify(playlist.name),
        description: playlist.description,
        image_id,
        public: true,
        tracks_count: tracks.length,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const playlistId = Number(row.id);
    playlistIds.push(playlistId);
    if (tracks.length)
      await trx('music_playlist_tracks').insert(
        tracks.map((track_id, position) => ({
          playlist_id: playlistId,
          track_id,
          position,
          added_by: owner_id,
          added_at: now,
        })),
      );
  }
  // The listeners follow each other and a few artists, so profiles and follower counts are not empty.
  if (listenerIds.length > 1) {
    await trx('music_user_follows')
      .insert([
        { user_id: listenerIds[0], followed_id: listenerIds[1] },
        { user_id: listenerIds[1], followed_id: listenerIds[0] },
      ])
      .onConflict(['user_id', 'followed_id'])
      .ignore();
  }
  const someArtists = [...artistIds.values()].slice(0, 4);
  for (const user_id of listenerIds)
    for (const artist_id of someArtists)
      await trx('music_artist_follows')
        .insert({ user_id, artist_id })
        .onConflict(['user_id', 'artist_id'])
        .ignore();
  await trx('music_artists')
    .whereIn('id', someArtists)
    .update({
      followers_count: trx.raw(
        '(select count(*) from music_artist_follows f where f.artist_id = music_artists.id)',
      ),
    });

  for (const [position, channel] of DEMO_CHANNELS.entries()) {
    const [row] = await trx('music_channels')
      .insert({ ...channel, position, created_at: now, updated_at: now })
      .onConflict('slug')
      .ignore()
      .returning('id');
    if (row && channel.source === 'manual' && playlistIds.length)
      await trx('music_channel_items').insert(
        playlistIds.map((playlist_id, index) => ({
          channel_id: Number(row.id),
          position: index,
          playlist_id,
        })),
      );
  }
  if (catalogue.playHistoryDays)
    await seedPlayHistory(trx, { days: catalogue.playHistoryDays, now, listenerIds });
  return { artists: artistIds.size, tracks: trackCount };
}

/** A small seeded random generator (mulberry32): the same history on every machine and every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Guests of the invented history, told apart as the plays route tells real guests apart: a hashed key. */
const DEMO_GUESTS = 24;

/**
 * The home countries of the invented listeners, taken in turn (the list repeats past its end): a site heard
 * mostly in the Americas and Europe, a little in Asia and Oceania; `-` stands for a guest whose address the
 * GeoIP data does not place, as a real play from a private network would be recorded.
 */
const DEMO_COUNTRIES = 'US GB DE BR US MX ES FR US GB CA DE JP US AR SE BR NL - AU US IT GB CO PL IN US -'
  .split(' ')
  .map((code) => (code === '-' ? null : code));

/**
 * Invents `days` of plays before `now`: more for popular tracks, a little more each week (a site that is
 * growing), from the demo listeners and a few guests, each always from their own country. The play counters of
 * tracks, albums and artists are then the counts of these rows, as if the plays route had recorded each one, so
 * the dashboard, trending, Top 50 and the popularity sorts all agree with the plays table.
 */
async function seedPlayHistory(
  trx: import('knex').Knex.Transaction,
  { days, now, listenerIds }: { days: number; now: Date; listenerIds: number[] },
) {
  const random = seededRandom(20_260_101);
  const tracks: { id: number; popularity: number }[] = (
    await trx('music_tracks').orderBy('id').select('id', 'popularity')
  ).map((row) => ({ id: Number(row.id), popularity: Number(row.popularity) }));
  const guests = Array.from({ length: DEMO_GUESTS }, (_, index) =>
    createHash('sha256').update(`demo-guest:${index}`).digest('hex'),
  );
  const listeners = [
    ...listenerIds.map((user_id) => ({ user_id, listener: null })),
    ...guests.map((listener) => ({ user_id: null, listener })),
  ].map((who, index) => ({ ...who, country: DEMO_COUNTRIES[index % DEMO_COUNTRIES.length] ?? null }));
  const rows: {
    track_id: number;
    user_id: number | null;
    listener: string | null;
    country: string | null;
    played_at: Date;
  }[] = [];
  for (let day = 0; day < days; day++) {
    // Recent days are busier: from 0.6 of today's traffic a month ago up to 1.
    const growth = 1 - (0.4 * day) / days;
    for (const track of tracks) {
      const plays = Math.floor((track.popularity / 100) * 3 * growth + random());
      for (let play = 0; play < plays; play++) {
        // One listener per play of a track in a day, so no two fall within one listen of each other.
        const who = listeners[(day * 7 + track.id * 3 + play) % listeners.length]!;
        const secondsAgo = (day + random()) * 86_400;
        rows.push({ track_id: track.id, ...who, played_at: new Date(now.getTime() - secondsAgo * 1000) });
      }
    }
  }
  for (let start = 0; start < rows.length; start += 500)
    await trx('music_plays').insert(rows.slice(start, start + 500));
  await trx('music_tracks').update({
    plays: trx.raw('(select count(*) from music_plays p where p.track_id = music_tracks.id)'),
  });
  await trx('music_albums').update({
    plays: trx.raw(
      '(select count(*) from music_plays p join music_tracks t on t.id = p.track_id where t.album_id = music_albums.id)',
    ),
  });
  await trx('music_artists').update({
    plays: trx.raw(
      '(select count(*) from music_plays p join music_track_artists ta on ta.track_id = p.track_id where ta.artist_id = music_artists.id)',
    ),
  });
}
