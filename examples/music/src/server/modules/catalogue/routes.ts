import { type BacklineRouter, HttpError, type Kit } from '@backline/server';
import type { Knex } from 'knex';
import { catalogue } from '../../../contract';
import { topTrackIds, trendingArtistIds } from '../channels/rules';
import { deleteAlbums, deleteArtist, deleteTracks } from './delete';
import { loadAlbums, loadArtists, loadGenres, loadTracks } from './load';
import { envelope, pageIds } from './paginate';

/** Reads a row by id or answers 404. */
export async function mustExist(knex: Knex, table: string, id: number): Promise<void> {
  const row = await knex(table).where({ id }).first('id');
  if (!row) throw new HttpError(404, 'Not found.');
}

/** `orderBy` plus a tiebreak on id, so pages never overlap. */
function order(query: Knex.QueryBuilder, table: string, column: string, dir: 'asc' | 'desc') {
  return query.orderByRaw(`${table}.?? ${dir} nulls last, ${table}.id ${dir}`, [column]);
}

async function genreId(knex: Knex, name: string): Promise<number> {
  const row = await knex('music_genres').where({ name }).first('id');
  if (!row) throw new HttpError(404, 'Not found.');
  return Number(row.id);
}

/** A `query` filter: a case-insensitive substring of the name. */
const nameFilter = (query: Knex.QueryBuilder, table: string, text: string | undefined) => {
  const trimmed = text?.trim();
  if (trimmed) query.whereRaw(`${table}.name ilike ?`, [`%${trimmed.replace(/[\\%_]/g, '\\$&')}%`]);
};

export function catalogueRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;

  router.route(catalogue.listArtists).handle(async ({ query }) => {
    const q = knex()('music_artists').select('music_artists.id');
    nameFilter(q, 'music_artists', query.query);
    if (query.genre) {
      const id = await genreId(knex(), query.genre);
      q.whereExists((sub) =>
        sub
          .from('music_artist_genres as ag')
          .whereRaw('ag.artist_id = music_artists.id')
          .where('ag.genre_id', id),
      );
    }
    order(q, 'music_artists', query.orderBy, query.orderDir);
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadArtists(knex(), page.ids));
  });

  router.route(catalogue.showArtist).handle(async ({ params }) => {
    const [artist] = await loadArtists(knex(), [params.id], { albums: true });
    if (!artist) throw new HttpError(404, 'Not found.');
    return { artist };
  });

  router.route(catalogue.artistTopTracks).handle(async ({ params }) => {
    await mustExist(knex(), 'music_artists', params.id);
    const rows = await knex()('music_track_artists as ta')
      .join('music_tracks as t', 't.id', 'ta.track_id')
      .where('ta.artist_id', params.id)
      .orderBy([
        { column: 't.plays', order: 'desc' },
        { column: 't.popularity', order: 'desc' },
        { column: 't.id' },
      ])
      .limit(10)
      .select('t.id');
    return {
      tracks: await loadTracks(
        knex(),
        rows.map((r) => Number(r.id)),
      ),
    };
  });

  router.route(catalogue.similarArtists).handle(async ({ params }) => {
    await mustExist(knex(), 'music_artists', params.id);
    const rows = await knex()('music_artist_genres as mine')
      .join('music_artist_genres as other', 'other.genre_id', 'mine.genre_id')
      .join('music_artists as a', 'a.id', 'other.artist_id')
      .where('mine.artist_id', params.id)
      .whereNot('other.artist_id', params.id)
      .groupBy('a.id')
      .orderByRaw('count(*) desc, a.plays desc, a.id')
      .limit(12)
      .select('a.id');
    return {
      artists: await loadArtists(
        knex(),
        rows.map((r) => Number(r.id)),
      ),
    };
  });

  router.route(catalogue.listAlbums).handle(async ({ query }) => {
    const q = knex()('music_albums').select('music_albums.id');
    nameFilter(q, 'music_albums', query.query);
    if (query.genre) {
      const id = await genreId(knex(), query.genre);
      q.whereExists((sub) =>
        sub
          .from('music_tracks as t')
          .join('music_track_genres as tg', 'tg.track_id', 't.id')
          .whereRaw('t.album_id = music_albums.id')
          .where('tg.genre_id', id),
      );
    }
    order(q, 'music_albums', query.orderBy, query.orderDir);
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadAlbums(knex(), page.ids));
  });

  router.route(catalogue.showAlbum).handle(async ({ params }) => {
    const [album] = await loadAlbums(knex(), [params.id], { tracks: true });
    if (!album) throw new HttpError(404, 'Not found.');
    return { album };
  });

  router.route(catalogue.listTracks).handle(async ({ query }) => {
    if (query.ids) {
      const found = await knex()('music_tracks').whereIn('id', query.ids).select('id');
      const known = new Set(found.map((r) => Number(r.id)));
      const ids = query.ids.filter((id) => known.has(id));
      const data = await loadTracks(knex(), ids);
      return {
        pagination: {
          data,
          current_page: 1,
          per_page: Math.max(1, ids.length),
          total: ids.length,
          last_page: 1,
        },
      };
    }
    const q = knex()('music_tracks').select('music_tracks.id');
    nameFilter(q, 'music_tracks', query.query);
    if (query.genre) {
      const id = await genreId(knex(), query.genre);
      q.whereExists((sub) =>
        sub
          .from('music_track_genres as tg')
          .whereRaw('tg.track_id = music_tracks.id')
          .where('tg.genre_id', id),
      );
    }
    order(q, 'music_tracks', query.orderBy, query.orderDir);
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadTracks(knex(), page.ids));
  });

  router.route(catalogue.showTrack).handle(async ({ params }) => {
    const [track] = await loadTracks(knex(), [params.id], { genres: true });
    if (!track) throw new HttpError(404, 'Not found.');
    return { track };
  });

  router.route(catalogue.listGenres).handle(async ({ query }) => {
    const q = knex()('music_genres').select('music_genres.id');
    order(q, 'music_genres', query.orderBy, query.orderDir);
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadGenres(knex(), page.ids, { counts: true }));
  });

  router.route(catalogue.showGenre).handle(async ({ params }) => {
    const [genre] = await loadGenres(knex(), [await genreId(knex(), params.name)], { counts: true });
    return { genre: genre! };
  });

  router.route(catalogue.genreArtists).handle(async ({ params, query }) => {
    const id = await genreId(knex(), params.name);
    const q = knex()('music_artists')
      .join('music_artist_genres as ag', 'ag.artist_id', 'music_artists.id')
      .where('ag.genre_id', id)
      .select('music_artists.id');
    order(q, 'music_artists', query.orderBy, query.orderDir);
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadArtists(knex(), page.ids));
  });

  router.route(catalogue.genreTracks).handle(async ({ params, query }) => {
    const id = await genreId(knex(), params.name);
    const q = knex()('music_tracks')
      .join('music_track_genres as tg', 'tg.track_id', 'music_tracks.id')
      .where('tg.genre_id', id)
      .select('music_tracks.id');
    order(q, 'music_tracks', query.orderBy, query.orderDir);
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadTracks(knex(), page.ids));
  });

  const trending = async () => ({
    artists: await loadArtists(knex(), await trendingArtistIds(knex(), kit.now())),
  });
  router.route(catalogue.landingArtists).handle(trending);
  router.route(catalogue.trendingArtists).handle(trending);
  router.route(catalogue.topTracks).handle(async () => ({
    tracks: await loadTracks(knex(), await topTrackIds(knex(), kit.now())),
  }));

  router.route(catalogue.deleteArtist).handle(async ({ params, ctx }) => {
    await deleteArtist(kit, params.id, ctx);
    return undefined;
  });
  router.route(catalogue.deleteAlbum).handle(async ({ params, ctx }) => {
    await mustExist(knex(), 'music_albums', params.id);
    await deleteAlbums(kit, [params.id], ctx);
    return undefined;
  });
  router.route(catalogue.deleteTrack).handle(async ({ params, ctx }) => {
    await mustExist(knex(), 'music_tracks', params.id);
    await deleteTracks(kit, [params.id], ctx);
    return undefined;
  });
}
