import { type Context, HttpError, type Kit, recordAudit, storageKey } from '@backline/server';
import type { Knex } from 'knex';
import { forgetTrackFiles } from '../streaming/track-files';

/**
 * Deleting catalogue rows. Foreign keys cascade to pivots, playlist rows, likes, plays and channel items; the
 * audio and artwork file entries are removed here, in the same transaction, and their bytes once it commits
 * (bytes cannot roll back). Artwork still used by another row (a shared cover) is kept. A deletion made by a
 * request (an admin's) writes its audit row in that transaction too.
 */

/**
 * Audit rows (`<type>.delete`) for rows of one kind deleted by a request, written in the deletion's transaction
 * so the log and the delete commit together; none without a request (a seed, a script). `before` is what the
 * row held worth keeping: its name by default.
 */
export async function auditDeleted<R extends { id: number | string; name: string }>(
  trx: Knex.Transaction,
  kit: Kit,
  ctx: Context | undefined,
  type: string,
  rows: R[],
  before: (row: R) => Record<string, unknown> = (row) => ({ name: row.name }),
): Promise<void> {
  if (!ctx) return;
  for (const row of rows)
    await recordAudit(trx, ctx, kit, {
      action: `${type}.delete`,
      target_type: type,
      target_id: Number(row.id),
      before: before(row),
      after: null,
    });
}

async function removeEntries(trx: Knex.Transaction, ids: (number | null)[]): Promise<string[]> {
  const candidates = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!candidates.length) return [];
  const stillUsed = new Set<number>();
  for (const [table, column] of [
    ['music_tracks', 'file_id'],
    ['music_albums', 'image_id'],
    ['music_artists', 'image_id'],
    ['music_genres', 'image_id'],
    ['music_playlists', 'image_id'],
  ] as const) {
    const rows = await trx(table).whereIn(column, candidates).select(column);
    for (const row of rows) stillUsed.add(Number(row[column]));
  }
  const gone = candidates.filter((id) => !stillUsed.has(id));
  if (!gone.length) return [];
  const rows: { file_name: string }[] = await trx('file_entries').whereIn('id', gone).select('file_name');
  await trx('file_entries').whereIn('id', gone).delete();
  return rows.map((row) => storageKey(row.file_name));
}

async function afterCommit(kit: Kit, keys: string[]) {
  // The streaming route's short-lived track → file map must not answer a deleted track.
  forgetTrackFiles(kit);
  if (!keys.length) return;
  try {
    await kit.storage.delete(keys);
  } catch (error) {
    kit.log.error('Could not delete stored music files', error);
  }
}

/** Deletes tracks, their audio, and (by cascade) every playlist row, like, play and channel item of them. */
export async function deleteTracks(kit: Kit, ids: number[], ctx?: Context): Promise<void> {
  const keys = await kit.knex.transaction(async (trx) => {
    const rows = await trx('music_tracks').whereIn('id', ids).select('id', 'name', 'file_id', 'album_id');
    const playlists = await trx('music_playlist_tracks').whereIn('track_id', ids).distinct('playlist_id');
    await trx('music_tracks').whereIn('id', ids).delete();
    await refreshPlaylistCounts(
      trx,
      playlists.map((p) => Number(p.playlist_id)),
    );
    await auditDeleted(trx, kit, ctx, 'track', rows, (row) => ({
      name: row.name,
      album_id: row.album_id ?? null,
    }));
    return removeEntries(
      trx,
      rows.map((r) => r.file_id),
    );
  });
  await afterCommit(kit, keys);
}

/** Deletes albums with their tracks and cover. */
export async function deleteAlbums(kit: Kit, ids: number[], ctx?: Context): Promise<void> {
  const run = async (trx: Knex.Transaction) => {
    const tracks = await trx('music_tracks').whereIn('album_id', ids).select('file_id', 'album_id');
    const albums = await trx('music_albums').whereIn('id', ids).select('id', 'name', 'image_id');
    const playlists = await trx('music_playlist_tracks as pt')
      .join('music_tracks as t', 't.id', 'pt.track_id')
      .whereIn('t.album_id', ids)
      .distinct('pt.playlist_id');
    await trx('music_albums').whereIn('id', ids).delete();
    await refreshPlaylistCounts(
      trx,
      playlists.map((p) => Number(p.playlist_id)),
    );
    await auditDeleted(trx, kit, ctx, 'album', albums, (album) => ({
      name: album.name,
      tracks: tracks.filter((track) => Number(track.album_id) === Number(album.id)).length,
    }));
    return removeEntries(trx, [...tracks.map((t) => t.file_id), ...albums.map((a) => a.image_id)]);
  };
  await afterCommit(kit, await kit.knex.transaction(run));
}

/** Deletes an artist, the albums by it alone (with their tracks), and its image. */
export async function deleteArtist(kit: Kit, id: number, ctx?: Context): Promise<void> {
  const keys = await kit.knex.transaction(async (trx) => {
    const artist = await trx('music_artists').where({ id }).first('id', 'name', 'image_id');
    if (!artist) throw new HttpError(404, 'Not found.');
    const soloAlbums = await trx('music_album_artists as aa')
      .where('aa.artist_id', id)
      .whereNotExists((q) =>
        q
          .from('music_album_artists as other')
          .whereRaw('other.album_id = aa.album_id')
          .whereNot('other.artist_id', id),
      )
      .select('aa.album_id');
    const albumIds = soloAlbums.map((r) => Number(r.album_id));
    const tracks = await trx('music_tracks').whereIn('album_id', albumIds).select('file_id');
    const albums = await trx('music_albums').whereIn('id', albumIds).select('image_id');
    const playlists = await trx('music_playlist_tracks as pt')
      .join('music_tracks as t', 't.id', 'pt.track_id')
      .whereIn('t.album_id', albumIds)
      .distinct('pt.playlist_id');
    await trx('music_albums').whereIn('id', albumIds).delete();
    await trx('music_artists').where({ id }).delete();
    await refreshPlaylistCounts(
      trx,
      playlists.map((p) => Number(p.playlist_id)),
    );
    // The albums by this artist alone went with it: the row names them.
    await auditDeleted(trx, kit, ctx, 'artist', [artist], (row) => ({ name: row.name, albums: albumIds }));
    return removeEntries(trx, [
      artist.image_id,
      ...tracks.map((t) => t.file_id),
      ...albums.map((a) => a.image_id),
    ]);
  });
  await afterCommit(kit, keys);
}

/** Recounts `tracks_count` of playlists after rows left them. */
export async function refreshPlaylistCounts(trx: Knex | Knex.Transaction, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await trx('music_playlists')
    .whereIn('id', ids)
    .update({
      tracks_count: trx.raw(
        '(select count(*) from music_playlist_tracks pt where pt.playlist_id = music_playlists.id)',
      ),
    });
}
