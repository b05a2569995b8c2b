import {
  activeWorkspace,
  type BacklineRouter,
  HttpError,
  type Kit,
  restrictionValue,
  ValidationError,
} from '@backline/server';
import type { Knex } from 'knex';
import { PLAYLIST_MAX_TRACKS, playlists, slugify } from '../../../contract';
import { loadPlaylists, loadTracks } from '../catalogue/load';
import { countOf, envelope, pageIds } from '../catalogue/paginate';
import { notifyPlaylistChanged } from '../notifications/index';

interface PlaylistRow {
  id: number;
  owner_id: number;
  public: boolean;
  workspace_id: number | null;
}

/**
 * Who may do what with a playlist: read (public, owner, collaborator, a member of its workspace), edit tracks
 * (owner, collaborator, a member of its workspace), own.
 */
export async function playlistAccess(knex: Knex, id: number, userId: number | null) {
  const row: PlaylistRow | undefined = await knex('music_playlists')
    .where({ id })
    .first('id', 'owner_id', 'public', 'workspace_id');
  if (!row) throw new HttpError(404, 'Not found.');
  const owner = userId !== null && row.owner_id === userId;
  const collaborator =
    !owner && userId !== null
      ? Boolean(
          await knex('music_playlist_collaborators')
            .where({ playlist_id: id, user_id: userId })
            .first('user_id'),
        ) ||
        (row.workspace_id !== null &&
          Boolean(
            await knex('workspace_members')
              .where({ workspace_id: row.workspace_id, user_id: userId })
              .first('user_id'),
          ))
      : false;
  // A private playlist is not revealed to anyone else: it answers like a missing one.
  if (!row.public && !owner && !collaborator) throw new HttpError(404, 'Not found.');
  return { row, owner, collaborator, canEdit: owner || collaborator };
}

const mustEdit = (a: { canEdit: boolean }) => {
  if (!a.canEdit) throw new HttpError(403, 'You do not have permission to do this.');
};
const mustOwn = (a: { owner: boolean }) => {
  if (!a.owner) throw new HttpError(403, 'You do not have permission to do this.');
};

const sortColumn = (orderBy: string) => `music_playlists.${orderBy}`;

export function playlistRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;
  const show = async (id: number) => (await loadPlaylists(knex(), [id], { collaborators: true }))[0]!;

  router.route(playlists.listPlaylists).handle(async ({ query }) => {
    const q = knex()('music_playlists')
      .where('public', true)
      .orderBy([
        { column: sortColumn(query.orderBy), order: query.orderDir },
        { column: 'id', order: query.orderDir },
      ])
      .select('id');
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadPlaylists(knex(), page.ids));
  });

  router.route(playlists.myPlaylists).handle(async ({ ctx, query }) => {
    const userId = ctx.state.user!.id;
    const workspace = activeWorkspace(ctx);
    // In a team workspace: the workspace's playlists (the middleware checked membership). In the Default one:
    // the user's own and the ones they collaborate on.
    const q = knex()('music_playlists')
      .where((w) =>
        workspace.default
          ? w
              .where('owner_id', userId)
              .orWhereIn(
                'id',
                knex()('music_playlist_collaborators').where('user_id', userId).select('playlist_id'),
              )
          : w.where('workspace_id', workspace.id),
      )
      .orderBy([
        { column: sortColumn(query.orderBy), order: query.orderDir },
        { column: 'id', order: query.orderDir },
      ])
      .select('id');
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadPlaylists(knex(), page.ids));
  });

  router.route(playlists.showPlaylist).handle(async ({ ctx, params }) => {
    await playlistAccess(knex(), params.id, ctx.state.user?.id ?? null);
    return { playlist: await show(params.id) };
  });

  router.route(playlists.playlistTracks).handle(async ({ ctx, params, query }) => {
    await playlistAccess(knex(), params.id, ctx.state.user?.id ?? null);
    const q = knex()('music_playlist_tracks')
      .where('playlist_id', params.id)
      .orderBy(['position', 'track_id'])
      .select('track_id', 'added_at');
    const page = await pageIds(q, query.page, query.perPage, 'track_id');
    const addedAt = new Map(page.rows.map((r) => [Number(r.track_id), new Date(r.added_at as string)]));
    return envelope(page, await loadTracks(knex(), page.ids, { addedAt }));
  });

  router.route(playlists.createPlaylist).handle(async ({ ctx, body }) => {
    // A role's `count` restriction on playlists.create caps how many playlists its users keep.
    const limit = await restrictionValue(ctx, kit, 'playlists.create', 'count');
    if (typeof limit === 'number') {
      const owned = await countOf(knex()('music_playlists').where('owner_id', ctx.state.user!.id));
      if (owned >= limit) throw new HttpError(403, `You can have at most ${limit} playlists.`);
    }
    const now = kit.now();
    const [row] = await knex()('music_playlists')
      .insert({
        owner_id: ctx.state.user!.id,
        // Made in a team workspace, it belongs to that workspace (null: the Default one).
        workspace_id: activeWorkspace(ctx).default ? null : activeWorkspace(ctx).id,
        name: body.name.trim(),
        slug: slugify(body.name),
        description: body.description ?? null,
        public: body.public ?? false,
        collaborative: body.collaborative ?? false,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    return { playlist: await show(Number(row.id)) };
  });

  router.route(playlists.updatePlaylist).handle(async ({ ctx, params, body }) => {
    mustOwn(await playlistAccess(knex(), params.id, ctx.state.user!.id));
    const changes: Record<string, unknown> = { updated_at: kit.now() };
    if (body.name !== undefined) Object.assign(changes, { name: body.name.trim(), slug: slugify(body.name) });
    if (body.description !== undefined) changes.description = body.description;
    if (body.public !== undefined) changes.public = body.public;
    if (body.collaborative !== undefined) changes.collaborative = body.collaborative;
    await knex()('music_playlists').where('id', params.id).update(changes);
    return { playlist: await show(params.id) };
  });

  router.route(playlists.deletePlaylist).handle(async ({ ctx, params }) => {
    mustOwn(await playlistAccess(knex(), params.id, ctx.state.user!.id));
    await knex()('music_playlists').where('id', params.id).delete();
    return undefined;
  });

  router.route(playlists.addTracks).handle(async ({ ctx, params, body }) => {
    mustEdit(await playlistAccess(knex(), params.id, ctx.state.user!.id));
    const added = await knex().transaction(async (trx) => {
      await trx('music_playlists').where('id', params.id).forUpdate().first('id');
      const existing = new Set(
        (await trx('music_playlist_tracks').where('playlist_id', params.id).pluck('track_id')).map(Number),
      );
      const known = new Set(
        (await trx('music_tracks').whereIn('id', body.track_ids).pluck('id')).map(Number),
      );
      const missing = body.track_ids.filter((id) => !known.has(id));
      if (missing.length) throw new ValidationError({ track_ids: ['The selected track ids are invalid.'] });
      const fresh = [...new Set(body.track_ids)].filter((id) => !existing.has(id));
      if (existing.size + fresh.length > PLAYLIST_MAX_TRACKS)
        throw new ValidationError({ track_ids: [`A playlist holds at most ${PLAYLIST_MAX_TRACKS} tracks.`] });
      const [last] = (await trx('music_playlist_tracks')
        .where('playlist_id', params.id)
        .max({ max: 'position' })) as {
        max: unknown;
      }[];
      let position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
      const now = kit.now();
      if (fresh.length)
        await trx('music_playlist_tracks').insert(
          fresh.map((track_id) => ({
            playlist_id: params.id,
            track_id,
            position: position++,
            added_by: ctx.state.user!.id,
            added_at: now,
          })),
        );
      await trx('music_playlists')
        .where('id', params.id)
        .update({ tracks_count: existing.size + fresh.length, updated_at: now });
      return fresh.length;
    });
    // After the commit, so nobody hears of tracks that were rolled back; adding tracks already there is no change.
    if (added) await notifyPlaylistChanged(kit, params.id, ctx.state.user!.id);
    return { playlist: await show(params.id) };
  });

  router.route(playlists.removeTracks).handle(async ({ ctx, params, body }) => {
    mustEdit(await playlistAccess(knex(), params.id, ctx.state.user!.id));
    const removed = await knex().transaction(async (trx) => {
      const deleted = await trx('music_playlist_tracks')
        .where('playlist_id', params.id)
        .whereIn('track_id', body.track_ids)
        .delete();
      const count = await countOf(trx('music_playlist_tracks').where('playlist_id', params.id));
      await trx('music_playlists')
        .where('id', params.id)
        .update({ tracks_count: Number(count), updated_at: kit.now() });
      return deleted;
    });
    if (removed) await notifyPlaylistChanged(kit, params.id, ctx.state.user!.id);
    return { playlist: await show(params.id) };
  });

  router.route(playlists.reorderTracks).handle(async ({ ctx, params, body }) => {
    mustEdit(await playlistAccess(knex(), params.id, ctx.state.user!.id));
    await knex().transaction(async (trx) => {
      await trx('music_playlists').where('id', params.id).forUpdate().first('id');
      const order: number[] = (
        await trx('music_playlist_tracks')
          .where('playlist_id', params.id)
          .orderBy(['position', 'track_id'])
          .pluck('track_id')
      ).map(Number);
      const present = new Set(order);
      const moving = [...new Set(body.track_ids)];
      if (moving.some((id) => !present.has(id)) || !present.has(body.target_id))
        throw new ValidationError({ track_ids: ['The selected track ids are not in this playlist.'] });
      if (moving.includes(body.target_id)) return;
      const rest = order.filter((id) => !moving.includes(id));
      const at = rest.indexOf(body.target_id) + (body.drop_position === 'after' ? 1 : 0);
      const next = [...rest.slice(0, at), ...moving, ...rest.slice(at)];
      // Positions are rewritten in one statement from the new order.
      await trx.raw(
        `update music_playlist_tracks as pt set position = v.position
           from unnest(?::int[], ?::int[]) as v(track_id, position)
          where pt.playlist_id = ? and pt.track_id = v.track_id`,
        [next, next.map((_, index) => index), params.id],
      );
      await trx('music_playlists').where('id', params.id).update({ updated_at: kit.now() });
    });
    return undefined;
  });

  router.route(playlists.addCollaborator).handle(async ({ ctx, params, body }) => {
    mustOwn(await playlistAccess(knex(), params.id, ctx.state.user!.id));
    if (body.user_id === ctx.state.user!.id)
      throw new ValidationError({ user_id: ['The owner is already a collaborator.'] });
    if (!(await knex()('users').where('id', body.user_id).first('id')))
      throw new ValidationError({ user_id: ['The selected user id is invalid.'] });
    await knex()('music_playlist_collaborators')
      .insert({ playlist_id: params.id, user_id: body.user_id })
      .onConflict(['playlist_id', 'user_id'])
      .ignore();
    return { playlist: await show(params.id) };
  });

  router.route(playlists.removeCollaborator).handle(async ({ ctx, params }) => {
    const a = await playlistAccess(knex(), params.id, ctx.state.user!.id);
    if (!a.owner && params.userId !== ctx.state.user!.id)
      throw new HttpError(403, 'You do not have permission to do this.');
    await knex()('music_playlist_collaborators')
      .where({ playlist_id: params.id, user_id: params.userId })
      .delete();
    return undefined;
  });
}
