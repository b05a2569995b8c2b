import type { Knex } from 'knex';
import { TOP_TRACKS_LIMIT, TRENDING_LIMIT } from '../../../contract';

/** Trending looks at plays in this window; all-time plays break ties and fill in when it is quiet. */
export const TRENDING_WINDOW_DAYS = 7;

const since = (now: Date) => new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000);

/** Artists by plays of their tracks in the last 7 days, then all-time plays (at most 30). */
export async function trendingArtistIds(knex: Knex, now: Date, limit = TRENDING_LIMIT): Promise<number[]> {
  const rows = await knex('music_artists as a')
    .leftJoin(
      knex('music_plays as p')
        .join('music_track_artists as ta', 'ta.track_id', 'p.track_id')
        .where('p.played_at', '>=', since(now))
        .groupBy('ta.artist_id')
        .select('ta.artist_id')
        .count({ recent: '*' })
        .as('r'),
      'r.artist_id',
      'a.id',
    )
    .orderByRaw('coalesce(r.recent, 0) desc, a.plays desc, a.followers_count desc, a.id')
    .limit(Math.min(limit, TRENDING_LIMIT))
    .select('a.id');
  return rows.map((r) => Number(r.id));
}

/** Tracks by plays in the last 7 days, then all-time plays and popularity (the Top 50). */
export async function topTrackIds(knex: Knex, now: Date, limit = TOP_TRACKS_LIMIT): Promise<number[]> {
  const rows = await knex('music_tracks as t')
    .leftJoin(
      knex('music_plays')
        .where('played_at', '>=', since(now))
        .groupBy('track_id')
        .select('track_id')
        .count({ recent: '*' })
        .as('r'),
      'r.track_id',
      't.id',
    )
    .orderByRaw('coalesce(r.recent, 0) desc, t.plays desc, t.popularity desc, t.id')
    .limit(Math.min(limit, TOP_TRACKS_LIMIT))
    .select('t.id');
  return rows.map((r) => Number(r.id));
}

/** Albums by release date, newest first. */
export async function newReleaseIds(knex: Knex, offset: number, limit: number): Promise<number[]> {
  const rows = await knex('music_albums')
    .orderByRaw('release_date desc nulls last, id desc')
    .offset(offset)
    .limit(limit)
    .select('id');
  return rows.map((r) => Number(r.id));
}

/** Albums by plays, then likes. */
export async function popularAlbumIds(knex: Knex, offset: number, limit: number): Promise<number[]> {
  const rows = await knex('music_albums')
    .orderByRaw('plays desc, likes_count desc, id')
    .offset(offset)
    .limit(limit)
    .select('id');
  return rows.map((r) => Number(r.id));
}
