import { type BacklineRouter, HttpError, type Kit } from '@backline/server';
import type { Knex } from 'knex';
import { library } from '../../../contract';
import { loadAlbums, loadArtists, loadTracks } from '../catalogue/load';
import { envelope, pageIds } from '../catalogue/paginate';
import { notifyNewFollower } from '../notifications/index';
import { playlistAccess } from '../playlists/routes';

const LIKES = {
  track: { table: 'music_track_likes', column: 'track_id', target: 'music_tracks', counter: null },
  album: { table: 'music_album_likes', column: 'album_id', target: 'music_albums', counter: 'likes_count' },
} as const;
const FOLLOWS = {
  artist: {
    table: 'music_artist_follows',
    column: 'artist_id',
    target: 'music_artists',
    counter: 'followers_count',
  },
  user: { table: 'music_user_follows', column: 'followed_id', target: 'users', counter: null },
  playlist: {
    table: 'music_playlist_follows',
    column: 'playlist_id',
    target: 'music_playlists',
    counter: null,
  },
} as const;

type Relation = { table: string; column: string; target: string; counter: string | null };

/** Adds the relation; answers whether it is new (false when it already existed). */
async function add(knex: Knex, relation: Relation, userId: number, id: number): Promise<boolean> {
  return knex.transaction(async (trx) => {
    if (!(await trx(relation.target).where({ id }).first('id'))) throw new HttpError(404, 'Not found.');
    const inserted = await trx(relation.table)
      .insert({ user_id: userId, [relation.column]: id })
      .onConflict(['user_id', relation.column])
      .ignore()
      .returning('user_id');
    if (inserted.length && relation.counter)
      await trx(relation.target).where({ id }).increment(relation.counter, 1);
    return inserted.length > 0;
  });
}

async function remove(knex: Knex, relation: Relation, userId: number, id: number) {
  await knex.transaction(async (trx) => {
    const removed = await trx(relation.table)
      .where({ user_id: userId, [relation.column]: id })
      .delete();
    if (removed && relation.counter) await trx(relation.target).where({ id }).decrement(relation.counter, 1);
  });
}

/** A page of a user's liked (or followed) things, by when or by name. */
async function likedPage(
  knex: Knex,
  relation: Relation,
  userId: number,
  query: { page: number; perPage: number; orderBy: 'added_at' | 'name'; orderDir: 'asc' | 'desc' },
) {
  const q = knex(`${relation.table} as l`)
    .join(`${relation.target} as x`, 'x.id', `l.${relation.column}`)
    .where('l.user_id', userId)
    .select('x.id', 'l.created_at');
  if (query.orderBy === 'name') q.orderBy([{ column: 'x.name', order: query.orderDir }, { column: 'x.id' }]);
  else
    q.orderBy([
      { column: 'l.created_at', order: query.orderDir },
      { column: 'x.id', order: query.orderDir },
    ]);
  const page = await pageIds(q, query.page, query.perPage);
  const addedAt = new Map(page.rows.map((r) => [Number(r.id), new Date(r.created_at as string)]));
  return { page, addedAt };
}

export function libraryRoutes(router: BacklineRouter, kit: Kit) {
  const userOf = (ctx: { state: unknown }) => (ctx.state as { user: { id: number } }).user.id;

  router.route(library.likedTracks).handle(async ({ ctx, query }) => {
    const { page, addedAt } = await likedPage(kit.knex, LIKES.track, userOf(ctx), query);
    return envelope(page, await loadTracks(kit.knex, page.ids, { addedAt }));
  });
  router.route(library.likedAlbums).handle(async ({ ctx, query }) => {
    const { page, addedAt } = await likedPage(kit.knex, LIKES.album, userOf(ctx), query);
    return envelope(page, await loadAlbums(kit.knex, page.ids, { addedAt }));
  });
  router.route(library.likedArtists).handle(async ({ ctx, query }) => {
    const { page, addedAt } = await likedPage(kit.knex, FOLLOWS.artist, userOf(ctx), query);
    return envelope(page, await loadArtists(kit.knex, page.ids, { addedAt }));
  });

  router.route(library.libraryIds).handle(async ({ ctx }) => {
    const userId = userOf(ctx);
    const ids = async (relation: Relation) =>
      (
        await kit
          .knex(relation.table)
          .where({ user_id: userId })
          .orderBy(relation.column)
          .pluck(relation.column)
      ).map(Number);
    return {
      tracks: await ids(LIKES.track),
      albums: await ids(LIKES.album),
      artists: await ids(FOLLOWS.artist),
      users: await ids(FOLLOWS.user),
      playlists: await ids(FOLLOWS.playlist),
    };
  });

  router.route(library.like).handle(async ({ ctx, params }) => {
    await add(kit.knex, LIKES[params.type], userOf(ctx), params.id);
    return undefined;
  });
  router.route(library.unlike).handle(async ({ ctx, params }) => {
    await remove(kit.knex, LIKES[params.type], userOf(ctx), params.id);
    return undefined;
  });
  router.route(library.follow).handle(async ({ ctx, params }) => {
    if (params.type === 'user' && params.id === userOf(ctx))
      throw new HttpError(422, 'You cannot follow yourself.');
    if (params.type === 'playlist') {
      // Only a playlist the listener may see (a private one answers like a missing one), and not their own.
      const { owner } = await playlistAccess(kit.knex, params.id, userOf(ctx));
      if (owner) throw new HttpError(422, 'You cannot follow your own playlist.');
    }
    const added = await add(kit.knex, FOLLOWS[params.type], userOf(ctx), params.id);
    // Only a new follow notifies: following again after an unfollow-follow race must not repeat it.
    if (added && params.type === 'user') await notifyNewFollower(kit, userOf(ctx), params.id);
    return undefined;
  });
  router.route(library.unfollow).handle(async ({ ctx, params }) => {
    await remove(kit.knex, FOLLOWS[params.type], userOf(ctx), params.id);
    return undefined;
  });

  router.route(library.history).handle(async ({ ctx, query }) => {
    const q = kit
      .knex('music_plays')
      .where('user_id', userOf(ctx))
      .orderBy([
        { column: 'played_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .select('track_id', 'played_at', 'id');
    const page = await pageIds(q, query.page, query.perPage, 'track_id');
    const tracks = await loadTracks(kit.knex, page.ids);
    const byId = new Map(tracks.map((t) => [t.id, t]));
    const data = page.rows
      .map((row) => {
        const track = byId.get(Number(row.track_id));
        return track && { ...track, added_at: new Date(row.played_at as string).toISOString() };
      })
      .filter((t) => t !== undefined);
    return envelope(page, data);
  });
  router.route(library.clearHistory).handle(async ({ ctx }) => {
    await kit.knex('music_plays').where('user_id', userOf(ctx)).update({ user_id: null, listener: null });
    return undefined;
  });
}
