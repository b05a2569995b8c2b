import {
  assignRoles,
  type BacklineRouter,
  HttpError,
  type Kit,
  listPage,
  recordAudit,
  ValidationError,
} from '@backline/server';
import type { Knex } from 'knex';
import { backstage, slugify } from '../../../contract';
import { genreIdsFor } from '../catalogue/genre-ids';
import { loadArtists, profileName } from '../catalogue/load';
import { artistPath } from '../catalogue/paths';
import { notifyRequestReviewed, notifyRequestSent } from './notify';

type Row = Record<string, unknown>;
type Link = { url: string; title?: string | null };

/** Answered when a user with a pending request sends another. */
export const REQUEST_PENDING_MESSAGE = 'You already have a request waiting for review.';
/** Answered to a user editing an artist they are not linked to (another artist included). */
export const NOT_YOUR_ARTIST_MESSAGE = 'You do not manage this artist.';
/** Answered when an admin acts on a request someone already approved or rejected. */
export const ALREADY_REVIEWED_MESSAGE = 'This request was already reviewed.';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Links as stored: trimmed URLs, the title defaulting to the host. */
function cleanLinks(links: readonly Link[] | undefined): { url: string; title: string }[] {
  return (links ?? []).map((link) => {
    const url = link.url.trim();
    return { url, title: link.title?.trim() || new URL(url).host };
  });
}

/** Requests in their wire form, with their author and artist, in the order given. */
async function serializeRequests(knex: Knex, rows: Row[]): Promise<backstage.ArtistRequest[]> {
  const userIds = [...new Set(rows.map((r) => Number(r.user_id)))];
  const artistIds = [...new Set(rows.filter((r) => r.artist_id).map((r) => Number(r.artist_id)))];
  const users = new Map<number, Row>(
    (await knex('users').whereIn('id', userIds).select('id', 'email', 'first_name', 'last_name')).map(
      (u: Row) => [Number(u.id), u],
    ),
  );
  const artists = new Map<number, Row>(
    (await knex('music_artists').whereIn('id', artistIds).select('id', 'name')).map((a: Row) => [
      Number(a.id),
      a,
    ]),
  );
  return rows.map((row) => {
    const user = users.get(Number(row.user_id))!;
    const artist = row.artist_id ? artists.get(Number(row.artist_id)) : undefined;
    return {
      id: Number(row.id),
      type: row.type as backstage.ArtistRequest['type'],
      status: row.status as backstage.ArtistRequest['status'],
      name: String(row.name),
      links: json<{ url: string; title: string }[]>(row.links),
      proof: String(row.proof),
      image_id: row.image_id ? Number(row.image_id) : null,
      artist: artist
        ? {
            id: Number(artist.id),
            name: String(artist.name),
            path: artistPath(Number(artist.id), String(artist.name)),
          }
        : null,
      reason: (row.reason as string | null) ?? null,
      user: { id: Number(user.id), email: String(user.email), name: profileName(user) },
      created_at: iso(row.created_at)!,
      reviewed_at: iso(row.reviewed_at),
    };
  });
}

/**
 * An image a user may put on a request or an artist: an upload of their own with an image type (or the image
 * the artist already shows). Anything else is refused, so nobody can publish another user's private upload.
 */
async function checkImage(knex: Knex, userId: number, imageId: number | null | undefined, current?: unknown) {
  if (imageId == null || (current != null && Number(current) === imageId)) return;
  const entry = await knex('file_entries').where({ id: imageId }).first('owner_id', 'mime');
  if (!entry || Number(entry.owner_id) !== userId || !String(entry.mime).startsWith('image/'))
    throw new ValidationError({ image_id: ['The image must be an image you uploaded.'] });
}

/** The artist, if the user manages it: 404 for no such artist, 403 for anyone not linked to it. */
export async function managedArtist(knex: Knex, userId: number, artistId: number): Promise<Row> {
  const artist = await knex('music_artists').where({ id: artistId }).first('id', 'name', 'image_id');
  if (!artist) throw new HttpError(404, 'Not found.');
  const link = await knex('music_artist_users')
    .where({ artist_id: artistId, user_id: userId })
    .first('user_id');
  if (!link) throw new HttpError(403, NOT_YOUR_ARTIST_MESSAGE);
  return artist;
}

/** A pending request, locked for this transaction: 404 when there is none, 422 when it was already reviewed. */
async function pendingRequest(trx: Knex.Transaction, id: number): Promise<Row> {
  const row = await trx('music_artist_requests').where({ id }).forUpdate().first();
  if (!row) throw new HttpError(404, 'Not found.');
  if (row.status !== 'pending') throw new HttpError(422, ALREADY_REVIEWED_MESSAGE);
  return row;
}

export function backstageRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;

  router.route(backstage.home).handle(async ({ ctx }) => {
    const userId = ctx.state.user!.id;
    const latest = await knex()('music_artist_requests')
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first();
    const linked = await knex()('music_artist_users')
      .where({ user_id: userId })
      .orderBy('created_at')
      .pluck('artist_id');
    return {
      request: latest ? (await serializeRequests(knex(), [latest]))[0]! : null,
      artists: await loadArtists(knex(), linked.map(Number)),
    };
  });

  router.route(backstage.createRequest).handle(async ({ body, ctx }) => {
    const userId = ctx.state.user!.id;
    if (await knex()('music_artist_requests').where({ user_id: userId, status: 'pending' }).first('id'))
      throw new HttpError(422, REQUEST_PENDING_MESSAGE);
    let artistId: number | null = null;
    if (body.type === 'claim') {
      if (!body.artist_id) throw new ValidationError({ artist_id: ['Choose the artist to claim.'] });
      const artist = await knex()('music_artists').where({ id: body.artist_id }).first('id');
      if (!artist) throw new ValidationError({ artist_id: ['The selected artist does not exist.'] });
      const mine = await knex()('music_artist_users')
        .where({ artist_id: body.artist_id, user_id: userId })
        .first('user_id');
      if (mine) throw new ValidationError({ artist_id: ['You already manage this artist.'] });
      artistId = Number(artist.id);
    }
    await checkImage(knex(), userId, body.image_id);
    let row: Row;
    try {
      [row] = await knex()('music_artist_requests')
        .insert({
          user_id: userId,
          type: body.type,
          artist_id: artistId,
          name: body.name.trim(),
          links: JSON.stringify(cleanLinks(body.links)),
          proof: body.proof.trim(),
          image_id: body.image_id ?? null,
          created_at: kit.now(),
        })
        .returning('*');
    } catch (error) {
      // Two submissions racing past the check above: the partial unique index lets one through.
      if ((error as { code?: string }).code === '23505') throw new HttpError(422, REQUEST_PENDING_MESSAGE);
      throw error;
    }
    const [request] = await serializeRequests(knex(), [row!]);
    await notifyRequestSent(kit, request!, request!.user.name);
    return { request: request! };
  });

  router.route(backstage.showArtist).handle(async ({ params, ctx }) => {
    await managedArtist(knex(), ctx.state.user!.id, params.id);
    const [artist] = await loadArtists(knex(), [params.id]);
    return { artist: artist! };
  });

  router.route(backstage.updateArtist).handle(async ({ params, body, ctx }) => {
    const userId = ctx.state.user!.id;
    const current = await managedArtist(knex(), userId, params.id);
    await checkImage(knex(), userId, body.image_id, current.image_id);
    const name = body.name.trim();
    await knex().transaction(async (trx) => {
      await trx('music_artists')
        .where({ id: params.id })
        .update({
          name,
          slug: slugify(name),
          ...(body.bio !== undefined && { bio: body.bio?.trim() || null }),
          ...(body.image_id !== undefined && { image_id: body.image_id }),
          ...(body.links !== undefined && { links: JSON.stringify(cleanLinks(body.links)) }),
          updated_at: kit.now(),
        });
      if (body.genres !== undefined) {
        const ids = await genreIdsFor(trx, body.genres);
        await trx('music_artist_genres').where({ artist_id: params.id }).delete();
        if (ids.length)
          await trx('music_artist_genres').insert(
            ids.map((genre_id) => ({ artist_id: params.id, genre_id })),
          );
      }
    });
    const [artist] = await loadArtists(knex(), [params.id]);
    return { artist: artist! };
  });

  router.route(backstage.listRequests).handle(async ({ query }) => {
    const page = await listPage({
      base: knex()('music_artist_requests')
        .join('users', 'users.id', 'music_artist_requests.user_id')
        .select('music_artist_requests.*'),
      input: query,
      orderBy: {
        created_at: 'music_artist_requests.created_at',
        name: 'music_artist_requests.name',
        status: 'music_artist_requests.status',
      },
      defaultOrder: ['music_artist_requests.created_at', 'desc'],
      idColumn: 'music_artist_requests.id',
      search: ['music_artist_requests.name', 'users.email'],
      filters: { status: (q, status) => q.where('music_artist_requests.status', status) },
    });
    return {
      pagination: { ...page.pagination, data: await serializeRequests(knex(), page.pagination.data) },
    };
  });

  router.route(backstage.approveRequest).handle(async ({ params, ctx }) => {
    // The artist, the link, the role, the request's new state and the audit row land together or not at all.
    const row = await knex().transaction(async (trx) => {
      const request = await pendingRequest(trx, params.id);
      let artistId = request.artist_id ? Number(request.artist_id) : null;
      if (request.type === 'create') {
        const [artist] = await trx('music_artists')
          .insert({
            name: request.name,
            slug: slugify(String(request.name)),
            links: JSON.stringify(json(request.links)),
            image_id: request.image_id ?? null,
          })
          .returning('id');
        artistId = Number(artist.id);
      }
      await trx('music_artist_users')
        .insert({ artist_id: artistId, user_id: request.user_id })
        .onConflict(['artist_id', 'user_id'])
        .ignore();
      await assignRoles(trx, Number(request.user_id), [backstage.ARTIST_ROLE]);
      const [updated] = await trx('music_artist_requests')
        .where({ id: params.id })
        .update({
          status: 'approved',
          artist_id: artistId,
          reviewed_by: ctx.state.user!.id,
          reviewed_at: kit.now(),
        })
        .returning('*');
      await recordAudit(trx, ctx, kit, {
        action: 'artist_request.approve',
        target_type: 'artist_request',
        target_id: params.id,
        before: { status: 'pending', artist_id: request.artist_id ?? null },
        after: { status: 'approved', artist_id: artistId },
      });
      return updated as Row;
    });
    const [request] = await serializeRequests(knex(), [row]);
    await notifyRequestReviewed(kit, Number(row.user_id), {
      name: request!.name,
      status: 'approved',
      reason: null,
      artistId: Number(row.artist_id),
    });
    return { request: request! };
  });

  router.route(backstage.rejectRequest).handle(async ({ params, body, ctx }) => {
    const reason = body.reason.trim();
    const row = await knex().transaction(async (trx) => {
      await pendingRequest(trx, params.id);
      const [updated] = await trx('music_artist_requests')
        .where({ id: params.id })
        .update({ status: 'rejected', reason, reviewed_by: ctx.state.user!.id, reviewed_at: kit.now() })
        .returning('*');
      await recordAudit(trx, ctx, kit, {
        action: 'artist_request.reject',
        target_type: 'artist_request',
        target_id: params.id,
        before: { status: 'pending', reason: null },
        after: { status: 'rejected', reason },
      });
      return updated as Row;
    });
    const [request] = await serializeRequests(knex(), [row]);
    await notifyRequestReviewed(kit, Number(row.user_id), {
      name: request!.name,
      status: 'rejected',
      reason,
      artistId: null,
    });
    return { request: request! };
  });
}
