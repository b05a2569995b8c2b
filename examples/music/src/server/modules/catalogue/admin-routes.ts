import {
  type BacklineRouter,
  HttpError,
  type Kit,
  listPage,
  recordAudit,
  ValidationError,
} from '@backline/server';
import type { Knex } from 'knex';
import { catalogueAdmin as admin, slugify } from '../../../contract';
import { dropReplacedAudio, readOrRefuse, swapTrackAudio, unusedUpload } from '../music-uploads/track-audio';
import { notifyNewRelease } from '../notifications';
import { auditDeleted, deleteAlbums, deleteArtist, deleteTracks } from './delete';
import { genreIdsFor } from './genre-ids';
import { loadAlbums, loadArtists, loadGenres, loadPlaylists, loadTracks } from './load';

type Row = Record<string, unknown>;
const ids = (rows: Row[]) => rows.map((row) => Number(row.id));

/** An image the admin attaches: an existing file entry with an image type (422 otherwise). */
async function checkImage(knex: Knex, imageId: number | null | undefined) {
  if (imageId == null) return;
  const entry = await knex('file_entries').where({ id: imageId }).first('mime');
  if (!entry || !String(entry.mime).startsWith('image/'))
    throw new ValidationError({ image_id: ['The image must be an uploaded image.'] });
}

/** Every listed artist exists (422 naming the field otherwise). */
async function checkArtists(knex: Knex, artistIds: readonly number[]) {
  const unique = [...new Set(artistIds)];
  const found = await knex('music_artists').whereIn('id', unique).select('id');
  if (found.length !== unique.length)
    throw new ValidationError({ artist_ids: ['One of the selected artists does not exist.'] });
  return unique;
}

async function mustExist(knex: Knex | Knex.Transaction, table: string, id: number) {
  const row = await knex(table).where({ id }).forUpdate().first();
  if (!row) throw new HttpError(404, 'Not found.');
  return row as Row;
}

/** Replaces a pivot's rows for one owner, keeping the order given as `position` where the pivot has one. */
async function replacePivot(
  trx: Knex.Transaction,
  table: string,
  owner: [string, number],
  column: string,
  values: number[],
  positioned: boolean,
) {
  await trx(table).where(owner[0], owner[1]).delete();
  if (values.length)
    await trx(table).insert(
      values.map((value, index) => ({
        [owner[0]]: owner[1],
        [column]: value,
        ...(positioned && { position: index }),
      })),
    );
}

/**
 * The admin's catalogue routes (`admin/music/*`): lists with search, allow-listed sorts and filters (anything else
 * answers 422 from `listPage` and the contract), create and edit in a transaction with an audit row, and bulk
 * deletes through the same deletion code the public delete routes use (files removed after commit).
 */
export function catalogueAdminRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;

  // Artists -------------------------------------------------------------------------------------------------
  router.route(admin.listArtists).handle(async ({ query }) => {
    const page = await listPage({
      base: knex()('music_artists').select('music_artists.id'),
      input: query,
      orderBy: {
        name: 'music_artists.name',
        created_at: 'music_artists.created_at',
        plays: 'music_artists.plays',
        followers_count: 'music_artists.followers_count',
      },
      defaultOrder: ['music_artists.created_at', 'desc'],
      idColumn: 'music_artists.id',
      search: ['music_artists.name'],
      filters: {
        verified: (q, value) => q.where('music_artists.verified', value === 'yes'),
        genre: (q, value) =>
          q.whereExists((sub) =>
            sub
              .from('music_artist_genres as ag')
              .join('music_genres as g', 'g.id', 'ag.genre_id')
              .whereRaw('ag.artist_id = music_artists.id')
              .where('g.name', value),
          ),
      },
      serialize: (rows) => loadArtists(knex(), ids(rows)),
    });
    return page;
  });

  const saveArtist = async (
    ctx: Parameters<typeof recordAudit>[1],
    body: admin.ArtistBody,
    id: number | null,
  ) => {
    await checkImage(knex(), body.image_id);
    const name = body.name.trim();
    const artistId = await knex().transaction(async (trx) => {
      const before = id ? await mustExist(trx, 'music_artists', id) : null;
      const values = {
        name,
        slug: slugify(name),
        bio: body.bio?.trim() || null,
        ...(body.verified !== undefined && { verified: body.verified }),
        ...(body.image_id !== undefined && { image_id: body.image_id }),
        updated_at: kit.now(),
      };
      const saved = id ? id : Number((await trx('music_artists').insert(values).returning('id'))[0].id);
      if (id) await trx('music_artists').where({ id }).update(values);
      if (body.genres !== undefined)
        await replacePivot(
          trx,
          'music_artist_genres',
          ['artist_id', saved],
          'genre_id',
          await genreIdsFor(trx, body.genres),
          false,
        );
      await recordAudit(trx, ctx, kit, {
        action: id ? 'artist.update' : 'artist.create',
        target_type: 'artist',
        target_id: saved,
        before: before ? { name: before.name, bio: before.bio, verified: before.verified } : null,
        after: { name, bio: values.bio, verified: body.verified ?? before?.verified ?? false },
      });
      return saved;
    });
    const [artist] = await loadArtists(knex(), [artistId]);
    return { artist: artist! };
  };
  router.route(admin.createArtist).handle(({ body, ctx }) => saveArtist(ctx, body, null));
  router.route(admin.updateArtist).handle(({ params, body, ctx }) => saveArtist(ctx, body, params.id));
  router.route(admin.deleteArtists).handle(async ({ body, ctx }) => {
    const found = ids(await knex()('music_artists').whereIn('id', body.ids).select('id'));
    // One artist at a time, each in its own transaction (the deletion decides which albums go with it).
    for (const id of found) await deleteArtist(kit, id, ctx);
    return { deleted: found.length };
  });

  // Albums --------------------------------------------------------------------------------------------------
  router.route(admin.listAlbums).handle(async ({ query }) =>
    listPage({
      base: knex()('music_albums').select('music_albums.id'),
      input: query,
      orderBy: {
        name: 'music_albums.name',
        release_date: 'music_albums.release_date',
        created_at: 'music_albums.created_at',
        plays: 'music_albums.plays',
        likes_count: 'music_albums.likes_count',
      },
      defaultOrder: ['music_albums.created_at', 'desc'],
      idColumn: 'music_albums.id',
      search: ['music_albums.name'],
      filters: {
        type: (q, value) => q.where('music_albums.type', value),
        artist_id: (q, value) =>
          q.whereExists((sub) =>
            sub
              .from('music_album_artists as aa')
              .whereRaw('aa.album_id = music_albums.id')
              .where('aa.artist_id', value),
          ),
      },
      serialize: (rows) => loadAlbums(knex(), ids(rows)),
    }),
  );

  const saveAlbum = async (
    ctx: Parameters<typeof recordAudit>[1],
    body: admin.AlbumBody,
    id: number | null,
  ) => {
    await checkImage(knex(), body.image_id);
    const artistIds = await checkArtists(knex(), body.artist_ids);
    const name = body.name.trim();
    const albumId = await knex().transaction(async (trx) => {
      const before = id ? await mustExist(trx, 'music_albums', id) : null;
      const values = {
        name,
        slug: slugify(name),
        type: body.type,
        release_date: body.release_date ?? null,
        description: body.description?.trim() || null,
        ...(body.image_id !== undefined && { image_id: body.image_id }),
        updated_at: kit.now(),
      };
      const saved = id ? id : Number((await trx('music_albums').insert(values).returning('id'))[0].id);
      if (id) await trx('music_albums').where({ id }).update(values);
      await replacePivot(trx, 'music_album_artists', ['album_id', saved], 'artist_id', artistIds, true);
      await recordAudit(trx, ctx, kit, {
        action: id ? 'album.update' : 'album.create',
        target_type: 'album',
        target_id: saved,
        before: before ? { name: before.name, type: before.type } : null,
        after: { name, type: body.type },
      });
      return saved;
    });
    const [album] = await loadAlbums(knex(), [albumId]);
    return { album: album! };
  };
  router.route(admin.createAlbum).handle(async ({ body, ctx }) => {
    const saved = await saveAlbum(ctx, body, null);
    // After the commit: followers hear of an album that exists, and a failed mail never undoes the album.
    await notifyNewRelease(kit, saved.album.id);
    return saved;
  });
  router.route(admin.updateAlbum).handle(({ params, body, ctx }) => saveAlbum(ctx, body, params.id));
  router.route(admin.deleteAlbums).handle(async ({ body, ctx }) => {
    const found = ids(await knex()('music_albums').whereIn('id', body.ids).select('id'));
    if (found.length) await deleteAlbums(kit, found, ctx);
    return { deleted: found.length };
  });

  // Tracks --------------------------------------------------------------------------------------------------
  router.route(admin.listTracks).handle(async ({ query }) =>
    listPage({
      base: knex()('music_tracks').select('music_tracks.id'),
      input: query,
      orderBy: {
        name: 'music_tracks.name',
        number: 'music_tracks.number',
        created_at: 'music_tracks.created_at',
        plays: 'music_tracks.plays',
        duration_ms: 'music_tracks.duration_ms',
      },
      defaultOrder: ['music_tracks.created_at', 'desc'],
      idColumn: 'music_tracks.id',
      search: ['music_tracks.name'],
      filters: {
        album_id: (q, value) => q.where('music_tracks.album_id', value),
        artist_id: (q, value) =>
          q.whereExists((sub) =>
            sub
              .from('music_track_artists as ta')
              .whereRaw('ta.track_id = music_tracks.id')
              .where('ta.artist_id', value),
          ),
      },
      serialize: (rows) => loadTracks(knex(), ids(rows), { genres: true }),
    }),
  );

  const saveTrack = async (
    ctx: Parameters<typeof recordAudit>[1],
    body: admin.TrackBody,
    id: number | null,
  ) => {
    const artistIds = await checkArtists(knex(), body.artist_ids);
    if (body.album_id != null && !(await knex()('music_albums').where({ id: body.album_id }).first('id')))
      throw new ValidationError({ album_id: ['The selected album does not exist.'] });
    const name = body.name.trim();
    // New audio is read before anything is written: a refused file is a 422 that leaves the track as it was.
    const upload = body.file_id != null ? await unusedUpload(kit, ctx.state.user!.id, body.file_id) : null;
    const reading = upload ? await readOrRefuse(kit, upload) : null;
    let replaced: number | null = null;
    const trackId = await knex().transaction(async (trx) => {
      const before = id ? await mustExist(trx, 'music_tracks', id) : null;
      const values = {
        name,
        slug: slugify(name),
        number: body.number,
        duration_ms: body.duration_ms,
        album_id: body.album_id ?? null,
        updated_at: kit.now(),
      };
      const saved = id ? id : Number((await trx('music_tracks').insert(values).returning('id'))[0].id);
      if (id) await trx('music_tracks').where({ id }).update(values);
      await replacePivot(trx, 'music_track_artists', ['track_id', saved], 'artist_id', artistIds, true);
      if (body.genres !== undefined)
        await replacePivot(
          trx,
          'music_track_genres',
          ['track_id', saved],
          'genre_id',
          await genreIdsFor(trx, body.genres),
          false,
        );
      if (upload && reading) replaced = await swapTrackAudio(trx, kit, saved, upload, reading);
      await recordAudit(trx, ctx, kit, {
        action: id ? 'track.update' : 'track.create',
        target_type: 'track',
        target_id: saved,
        before: before
          ? { name: before.name, number: before.number, album_id: before.album_id, file_id: before.file_id }
          : null,
        after: {
          name,
          number: body.number,
          album_id: values.album_id,
          ...(upload ? { file_id: upload.id } : {}),
        },
      });
      return saved;
    });
    await dropReplacedAudio(kit, trackId, replaced);
    const [track] = await loadTracks(knex(), [trackId], { genres: true });
    return { track: track! };
  };
  router.route(admin.createTrack).handle(({ body, ctx }) => saveTrack(ctx, body, null));
  router.route(admin.updateTrack).handle(({ params, body, ctx }) => saveTrack(ctx, body, params.id));
  router.route(admin.readTrackAudio).handle(async ({ body, ctx }) => {
    const upload = await unusedUpload(kit, ctx.state.user!.id, body.file_id);
    const reading = await readOrRefuse(kit, upload);
    // Names become picks only when the catalogue has that row (case aside); an album only among the albums of a
    // tagged artist found here, since album titles repeat across artists ("Greatest Hits").
    const sameName = (name: string) => ['lower(name) = ?', [name.trim().toLowerCase()]] as const;
    const artistNames = [
      ...new Set([...reading.artists, reading.album_artist].filter((n): n is string => !!n)),
    ];
    const artists = [];
    for (const name of artistNames) {
      const row = await knex()('music_artists')
        .whereRaw(...sameName(name))
        .first('id');
      artists.push({ name, id: row ? Number(row.id) : null });
    }
    const artistIds = artists.flatMap((artist) => (artist.id === null ? [] : [artist.id]));
    const album = reading.album
      ? await knex()('music_albums as a')
          .join('music_album_artists as aa', 'aa.album_id', 'a.id')
          .whereIn('aa.artist_id', artistIds)
          .whereRaw('lower(a.name) = ?', [reading.album.trim().toLowerCase()])
          .first('a.id')
      : undefined;
    return {
      tags: {
        title: reading.title,
        artists,
        album: reading.album ? { name: reading.album, id: album ? Number(album.id) : null } : null,
        track_number: reading.track_number,
        genres: reading.genres,
        duration_ms: reading.duration_ms,
      },
    };
  });
  router.route(admin.deleteTracks).handle(async ({ body, ctx }) => {
    const found = ids(await knex()('music_tracks').whereIn('id', body.ids).select('id'));
    if (found.length) await deleteTracks(kit, found, ctx);
    return { deleted: found.length };
  });

  // Genres --------------------------------------------------------------------------------------------------
  router.route(admin.listGenres).handle(async ({ query }) =>
    listPage({
      base: knex()('music_genres').select('music_genres.id'),
      input: query,
      orderBy: {
        name: 'music_genres.name',
        display_name: 'music_genres.display_name',
        popularity: 'music_genres.popularity',
        created_at: 'music_genres.created_at',
      },
      defaultOrder: ['music_genres.display_name', 'asc'],
      idColumn: 'music_genres.id',
      search: ['music_genres.name', 'music_genres.display_name'],
      serialize: (rows) => loadGenres(knex(), ids(rows), { counts: true }),
    }),
  );

  const saveGenre = async (
    ctx: Parameters<typeof recordAudit>[1],
    body: admin.GenreBody,
    id: number | null,
  ) => {
    await checkImage(knex(), body.image_id);
    const displayName = body.display_name.trim();
    const name = slugify(body.name?.trim() || displayName);
    if (!name) throw new ValidationError({ name: ['The name must contain letters or digits.'] });
    const taken = await knex()('music_genres')
      .where({ name })
      .modify((q) => {
        if (id) q.whereNot({ id });
      })
      .first('id');
    if (taken) throw new ValidationError({ name: ['A genre with this name already exists.'] });
    const genreId = await knex().transaction(async (trx) => {
      const before = id ? await mustExist(trx, 'music_genres', id) : null;
      const values = {
        name,
        display_name: displayName,
        ...(body.popularity !== undefined && { popularity: body.popularity }),
        ...(body.image_id !== undefined && { image_id: body.image_id }),
      };
      let saved = id;
      try {
        if (id) await trx('music_genres').where({ id }).update(values);
        else saved = Number((await trx('music_genres').insert(values).returning('id'))[0].id);
      } catch (error) {
        // Two saves racing past the check above: the unique index lets one through.
        if ((error as { code?: string }).code === '23505')
          throw new ValidationError({ name: ['A genre with this name already exists.'] });
        throw error;
      }
      await recordAudit(trx, ctx, kit, {
        action: id ? 'genre.update' : 'genre.create',
        target_type: 'genre',
        target_id: saved!,
        before: before ? { name: before.name, display_name: before.display_name } : null,
        after: { name, display_name: displayName },
      });
      return saved!;
    });
    const [genre] = await loadGenres(knex(), [genreId], { counts: true });
    return { genre: genre! };
  };
  router.route(admin.createGenre).handle(({ body, ctx }) => saveGenre(ctx, body, null));
  router.route(admin.updateGenre).handle(({ params, body, ctx }) => saveGenre(ctx, body, params.id));
  router.route(admin.deleteGenres).handle(async ({ body, ctx }) => {
    // Pivots cascade: artists and tracks only lose the tag.
    const deleted = await knex().transaction(async (trx) => {
      const rows = await trx('music_genres').whereIn('id', body.ids).select('id', 'name');
      await trx('music_genres').whereIn('id', ids(rows)).delete();
      await auditDeleted(trx, kit, ctx, 'genre', rows);
      return rows.length;
    });
    return { deleted };
  });

  // Playlists -----------------------------------------------------------------------------------------------
  router.route(admin.listPlaylists).handle(async ({ query }) =>
    listPage({
      base: knex()('music_playlists').select('music_playlists.id'),
      input: query,
      orderBy: {
        name: 'music_playlists.name',
        created_at: 'music_playlists.created_at',
        updated_at: 'music_playlists.updated_at',
        tracks_count: 'music_playlists.tracks_count',
      },
      defaultOrder: ['music_playlists.updated_at', 'desc'],
      idColumn: 'music_playlists.id',
      search: ['music_playlists.name'],
      filters: { public: (q, value) => q.where('music_playlists.public', value === 'yes') },
      serialize: (rows) => loadPlaylists(knex(), ids(rows)),
    }),
  );

  router.route(admin.updatePlaylist).handle(async ({ params, body, ctx }) => {
    const name = body.name.trim();
    await knex().transaction(async (trx) => {
      const before = await mustExist(trx, 'music_playlists', params.id);
      await trx('music_playlists')
        .where({ id: params.id })
        .update({
          name,
          slug: slugify(name),
          description: body.description?.trim() || null,
          public: body.public,
          updated_at: kit.now(),
        });
      await recordAudit(trx, ctx, kit, {
        action: 'playlist.update',
        target_type: 'playlist',
        target_id: params.id,
        before: { name: before.name, public: before.public },
        after: { name, public: body.public },
      });
    });
    const [playlist] = await loadPlaylists(knex(), [params.id]);
    return { playlist: playlist! };
  });

  router.route(admin.deletePlaylists).handle(async ({ body, ctx }) => {
    // Rows, collaborators and their tracks' places cascade; the owner's other data stays.
    const deleted = await knex().transaction(async (trx) => {
      const rows = await trx('music_playlists').whereIn('id', body.ids).select('id', 'name', 'owner_id');
      await trx('music_playlists').whereIn('id', ids(rows)).delete();
      await auditDeleted(trx, kit, ctx, 'playlist', rows, (row) => ({
        name: row.name,
        owner_id: row.owner_id,
      }));
      return rows.length;
    });
    return { deleted };
  });
}
