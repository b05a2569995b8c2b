import { type BacklineRouter, HttpError, type Kit, ValidationError } from '@backline/server';
import type { Knex } from 'knex';
import { backstageManage as manage, slugify } from '../../../contract';
import { deleteAlbums, deleteTracks } from '../catalogue/delete';
import { genreIdsFor } from '../catalogue/genre-ids';
import { loadAlbums, loadTracks } from '../catalogue/load';
import { NOT_YOUR_ARTIST_MESSAGE } from './routes';

/** The artists a user is linked to (an approved request links them). */
const linkedArtists = (knex: Knex, userId: number) =>
  knex('music_artist_users').where({ user_id: userId }).select('artist_id');

/** 404 for no such artist, 403 unless the user is linked to it. */
async function checkArtist(knex: Knex, userId: number, artistId: number) {
  if (!(await knex('music_artists').where({ id: artistId }).first('id')))
    throw new HttpError(404, 'Not found.');
  const link = await knex('music_artist_users')
    .where({ artist_id: artistId, user_id: userId })
    .first('user_id');
  if (!link) throw new HttpError(403, NOT_YOUR_ARTIST_MESSAGE);
}

/** 404 for no such album, 403 unless one of its artists is linked to the user. */
async function checkAlbum(knex: Knex | Knex.Transaction, userId: number, albumId: number) {
  const album = await knex('music_albums').where({ id: albumId }).first('id', 'image_id');
  if (!album) throw new HttpError(404, 'Not found.');
  const mine = await knex('music_album_artists')
    .where({ album_id: albumId })
    .whereIn('artist_id', linkedArtists(knex as Knex, userId))
    .first('artist_id');
  if (!mine) throw new HttpError(403, NOT_YOUR_ARTIST_MESSAGE);
  return album as { id: number; image_id: number | null };
}

/** 404 for no such track, 403 unless it (or its album) is by an artist linked to the user. */
export async function checkTrack(knex: Knex, userId: number, trackId: number) {
  const track = await knex('music_tracks').where({ id: trackId }).first('id', 'album_id');
  if (!track) throw new HttpError(404, 'Not found.');
  const byTrack = await knex('music_track_artists')
    .where({ track_id: trackId })
    .whereIn('artist_id', linkedArtists(knex, userId))
    .first('artist_id');
  const byAlbum =
    track.album_id &&
    (await knex('music_album_artists')
      .where({ album_id: track.album_id })
      .whereIn('artist_id', linkedArtists(knex, userId))
      .first('artist_id'));
  if (!byTrack && !byAlbum) throw new HttpError(403, NOT_YOUR_ARTIST_MESSAGE);
}

/** A cover the artist sets: an image upload of their own, or the cover the album already has. */
async function checkCover(knex: Knex, userId: number, imageId: number | null | undefined, current: unknown) {
  if (imageId == null || (current != null && Number(current) === imageId)) return;
  const entry = await knex('file_entries').where({ id: imageId }).first('owner_id', 'mime');
  if (!entry || Number(entry.owner_id) !== userId || !String(entry.mime).startsWith('image/'))
    throw new ValidationError({ image_id: ['The image must be an image you uploaded.'] });
}

const num = (value: unknown) => Number(value ?? 0);

/** The UTC days of a period ending today, oldest first (`YYYY-MM-DD`). */
function periodDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * An artist's insights over the last `days` UTC days, all in SQL: plays and distinct listeners (a signed-in user,
 * or a guest's listener key) of tracks credited to the artist, likes of those tracks and of the artist's albums,
 * and new follows, per day and in total; the top tracks by plays in the period; the top countries by distinct
 * listeners in the period (plays with no country left out; a listener heard from two countries counts in each).
 */
export async function artistInsights(
  knex: Knex,
  artistId: number,
  days: number,
  now: Date,
): Promise<manage.Insights> {
  const dayList = periodDays(now, days);
  const since = new Date(`${dayList[0]}T00:00:00Z`);
  const tracks = knex('music_track_artists').where({ artist_id: artistId }).select('track_id');
  const albums = knex('music_album_artists').where({ artist_id: artistId }).select('album_id');
  const day = (column: string) => knex.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD') as day`);
  const listenerKey = "coalesce('u' || p.user_id::text, 'g' || p.listener)";

  const plays = knex('music_plays as p').whereIn('p.track_id', tracks).where('p.played_at', '>=', since);
  const daily: Record<string, unknown>[] = await plays
    .clone()
    .select(day('p.played_at'))
    .count({ plays: '*' })
    .select(knex.raw(`count(distinct ${listenerKey}) as listeners`))
    .groupBy('day');
  const total = (await plays
    .clone()
    .count({ plays: '*' })
    .select(knex.raw(`count(distinct ${listenerKey}) as listeners`))
    .first()) as Record<string, unknown> | undefined;
  const likeRows: Record<string, unknown>[] = await knex
    .from(
      knex('music_track_likes')
        .whereIn('track_id', tracks)
        .select('created_at')
        // Every like counts: two at the same instant are still two (union all, not union).
        .unionAll(knex('music_album_likes').whereIn('album_id', albums).select('created_at'), true)
        .as('l'),
    )
    .where('l.created_at', '>=', since)
    .select(day('l.created_at'))
    .count({ likes: '*' })
    .groupBy('day');
  const followRows: Record<string, unknown>[] = await knex('music_artist_follows as f')
    .where('f.artist_id', artistId)
    .where('f.created_at', '>=', since)
    .select(day('f.created_at'))
    .count({ follows: '*' })
    .groupBy('day');
  const top: Record<string, unknown>[] = await plays
    .clone()
    .join('music_tracks as t', 't.id', 'p.track_id')
    .groupBy('t.id', 't.name')
    .select('t.id', 't.name')
    .count({ plays: '*' })
    .select(knex.raw(`count(distinct ${listenerKey}) as listeners`))
    .orderByRaw('count(*) desc, t.id')
    .limit(manage.INSIGHT_TOP_TRACKS);
  const places: Record<string, unknown>[] = await plays
    .clone()
    .whereNotNull('p.country')
    .groupBy('p.country')
    .select('p.country')
    .count({ plays: '*' })
    .select(knex.raw(`count(distinct ${listenerKey}) as listeners`))
    .orderByRaw(`count(distinct ${listenerKey}) desc, count(*) desc, p.country`)
    .limit(manage.INSIGHT_TOP_COUNTRIES);
  const followers = await knex('music_artist_follows')
    .where({ artist_id: artistId })
    .count({ n: '*' })
    .first();

  const byDay = (rows: Record<string, unknown>[]) => new Map(rows.map((row) => [String(row.day), row]));
  const playDays = byDay(daily);
  const likeDays = byDay(likeRows);
  const followDays = byDay(followRows);
  const series = dayList.map((date) => ({
    day: date,
    plays: num(playDays.get(date)?.plays),
    listeners: num(playDays.get(date)?.listeners),
    likes: num(likeDays.get(date)?.likes),
    follows: num(followDays.get(date)?.follows),
  }));
  return {
    days,
    totals: {
      plays: num(total?.plays),
      listeners: num(total?.listeners),
      likes: series.reduce((sum, entry) => sum + entry.likes, 0),
      follows: series.reduce((sum, entry) => sum + entry.follows, 0),
    },
    followers: num(followers?.n),
    series,
    top_tracks: top.map((row) => ({
      id: num(row.id),
      name: String(row.name),
      plays: num(row.plays),
      listeners: num(row.listeners),
    })),
    countries: places.map((row) => ({
      country: String(row.country),
      plays: num(row.plays),
      listeners: num(row.listeners),
    })),
  };
}

/** Backstage managing and insights for linked artists (see the contract for the rules). */
export function backstageManageRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;
  const userOf = (ctx: { state: { user?: { id: number } | null } }) => ctx.state.user!.id;

  router.route(manage.artistAlbums).handle(async ({ params, ctx }) => {
    await checkArtist(knex(), userOf(ctx), params.id);
    const ids = await knex()('music_album_artists as aa')
      .join('music_albums as a', 'a.id', 'aa.album_id')
      .where('aa.artist_id', params.id)
      .orderByRaw('a.release_date desc nulls last, a.id desc')
      .pluck('a.id');
    return { albums: await loadAlbums(knex(), ids.map(Number), { tracks: true }) };
  });

  router.route(manage.updateAlbum).handle(async ({ params, body, ctx }) => {
    const album = await checkAlbum(knex(), userOf(ctx), params.id);
    await checkCover(knex(), userOf(ctx), body.image_id, album.image_id);
    const name = body.name.trim();
    await knex()('music_albums')
      .where({ id: params.id })
      .update({
        name,
        slug: slugify(name),
        type: body.type,
        ...(body.release_date !== undefined && { release_date: body.release_date }),
        ...(body.description !== undefined && { description: body.description?.trim() || null }),
        ...(body.image_id !== undefined && { image_id: body.image_id }),
        updated_at: kit.now(),
      });
    const [saved] = await loadAlbums(knex(), [params.id], { tracks: true });
    return { album: saved! };
  });

  router.route(manage.reorderTracks).handle(async ({ params, body, ctx }) => {
    await knex().transaction(async (trx) => {
      await checkAlbum(trx, userOf(ctx), params.id);
      const current = (await trx('music_tracks').where({ album_id: params.id }).forUpdate().pluck('id')).map(
        Number,
      );
      const given = new Set(body.ids);
      if (
        given.size !== body.ids.length ||
        given.size !== current.length ||
        current.some((id) => !given.has(id))
      )
        throw new ValidationError({ ids: ['List every track of the album once.'] });
      for (const [index, id] of body.ids.entries())
        await trx('music_tracks')
          .where({ id })
          .update({ number: index + 1, updated_at: kit.now() });
    });
    const [saved] = await loadAlbums(knex(), [params.id], { tracks: true });
    return { album: saved! };
  });

  router.route(manage.deleteAlbum).handle(async ({ params, ctx }) => {
    await checkAlbum(knex(), userOf(ctx), params.id);
    await deleteAlbums(kit, [params.id], ctx);
    return undefined;
  });

  router.route(manage.updateTrack).handle(async ({ params, body, ctx }) => {
    await checkTrack(knex(), userOf(ctx), params.id);
    const name = body.name.trim();
    await knex().transaction(async (trx) => {
      await trx('music_tracks')
        .where({ id: params.id })
        .update({ name, slug: slugify(name), updated_at: kit.now() });
      if (body.genres !== undefined) {
        const genreIds = await genreIdsFor(trx, body.genres);
        await trx('music_track_genres').where({ track_id: params.id }).delete();
        if (genreIds.length)
          await trx('music_track_genres').insert(
            genreIds.map((genre_id) => ({ track_id: params.id, genre_id })),
          );
      }
    });
    const [track] = await loadTracks(knex(), [params.id], { genres: true });
    return { track: track! };
  });

  router.route(manage.deleteTrack).handle(async ({ params, ctx }) => {
    await checkTrack(knex(), userOf(ctx), params.id);
    await deleteTracks(kit, [params.id], ctx);
    return undefined;
  });

  router.route(manage.insights).handle(async ({ params, query, ctx }) => {
    await checkArtist(knex(), userOf(ctx), params.id);
    return artistInsights(knex(), params.id, query.days ?? 30, kit.now());
  });
}
