import { apiPath, fillPath, uploads } from '@backline/core/contract';
import { type BacklineRouter, HttpError, type Kit, ValidationError } from '@backline/server';
import { musicUploads, slugify } from '../../../contract';
import { checkTrack } from '../backstage/manage-routes';
import { managedArtist } from '../backstage/routes';
import { genreIdsFor } from '../catalogue/genre-ids';
import { loadTracks } from '../catalogue/load';
import { albumPath } from '../catalogue/paths';
import { notifyNewRelease } from '../notifications';
import { deleteEntries, storeCover } from './read-audio';
import { dropReplacedAudio, readOrRefuse, swapTrackAudio, unusedUpload } from './track-audio';

type Row = Record<string, unknown>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function serializeDraft(row: Row): musicUploads.TrackDraft {
  const tags = json<Omit<musicUploads.TrackDraft, 'id' | 'artist_id' | 'file_id' | 'cover_id' | 'peaks'>>(
    row.tags,
  );
  const coverId = row.cover_id ? Number(row.cover_id) : null;
  return {
    ...tags,
    id: Number(row.id),
    artist_id: Number(row.artist_id),
    file_id: Number(row.file_id),
    cover_id: coverId,
    // The uploader's own entry: served to them (and admins) until the album makes it public artwork.
    cover_url: coverId ? `/${apiPath(fillPath(uploads.download.path, { id: coverId }))}` : null,
    peaks: json<number[]>(row.peaks),
    created_at: new Date(row.created_at as string).toISOString(),
  };
}

export function musicUploadRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;

  router.route(musicUploads.analyze).handle(async ({ params, body, ctx }) => {
    const userId = ctx.state.user!.id;
    await managedArtist(knex(), userId, params.id);
    const entry = await unusedUpload(kit, userId, body.file_id);
    const reading = await readOrRefuse(kit, entry);
    const coverId = reading.cover ? await storeCover(kit, userId, reading.cover) : null;
    const { cover: _cover, peaks, ...tags } = reading;
    try {
      const [row] = await knex()('music_upload_drafts')
        .insert({
          artist_id: params.id,
          owner_id: userId,
          file_id: entry.id,
          cover_id: coverId,
          tags: JSON.stringify({
            ...tags,
            title: tags.title ?? String(entry.name).replace(/\.[^.]+$/, ''),
            file_name: String(entry.name),
            mime: String(entry.mime),
            size: Number(entry.size),
          }),
          peaks: JSON.stringify(peaks),
          created_at: kit.now(),
        })
        .returning('*');
      return { draft: serializeDraft(row) };
    } catch (error) {
      await deleteEntries(kit, [Number(entry.id), coverId ?? 0]);
      throw error;
    }
  });

  router.route(musicUploads.drafts).handle(async ({ params, ctx }) => {
    await managedArtist(knex(), ctx.state.user!.id, params.id);
    const rows = await knex()('music_upload_drafts').where({ artist_id: params.id }).orderBy('id');
    return { drafts: rows.map(serializeDraft) };
  });

  router.route(musicUploads.discard).handle(async ({ params, ctx }) => {
    await managedArtist(knex(), ctx.state.user!.id, params.id);
    const row = await knex()('music_upload_drafts').where({ id: params.draft, artist_id: params.id }).first();
    if (!row) throw new HttpError(404, 'Not found.');
    await knex()('music_upload_drafts').where({ id: row.id }).delete();
    await deleteEntries(kit, [Number(row.file_id), Number(row.cover_id ?? 0)]);
    return {};
  });

  router.route(musicUploads.publish).handle(async ({ params, body, ctx }) => {
    const userId = ctx.state.user!.id;
    const artist = await managedArtist(knex(), userId, params.id);
    const draftIds = body.tracks.map((t) => t.draft_id);
    if (new Set(draftIds).size !== draftIds.length)
      throw new ValidationError({ tracks: ['Each draft can be published once.'] });

    // The album, its artist, the tracks, their artists, genres and peaks, and the drafts' removal land together.
    const result = await knex().transaction(async (trx) => {
      const drafts: Row[] = await trx('music_upload_drafts')
        .whereIn('id', draftIds)
        .where({ artist_id: params.id })
        .forUpdate();
      const byId = new Map(drafts.map((d) => [Number(d.id), d]));
      const missing = body.tracks.findIndex((t) => !byId.has(t.draft_id));
      if (missing >= 0)
        throw new ValidationError({ [`tracks.${missing}.draft_id`]: ['The draft does not exist.'] });
      const imageId = body.album.image_id ?? null;
      if (imageId !== null && !drafts.some((d) => Number(d.cover_id) === imageId)) {
        const image = await trx('file_entries').where({ id: imageId }).first('owner_id', 'mime');
        if (!image || Number(image.owner_id) !== userId || !String(image.mime).startsWith('image/'))
          throw new ValidationError({ 'album.image_id': ['The cover must be an image you uploaded.'] });
      }
      const now = kit.now();
      const name = body.album.name.trim();
      const [album] = await trx('music_albums')
        .insert({
          name,
          slug: slugify(name),
          type: body.album.type,
          release_date: body.album.release_date ?? null,
          description: body.album.description?.trim() || null,
          image_id: imageId,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'name']);
      await trx('music_album_artists').insert({ album_id: album.id, artist_id: params.id, position: 0 });
      for (const track of body.tracks) {
        const draft = byId.get(track.draft_id)!;
        const tags = json<{ duration_ms: number; genres: string[] }>(draft.tags);
        const trackName = track.name.trim();
        const [row] = await trx('music_tracks')
          .insert({
            name: trackName,
            slug: slugify(trackName),
            number: track.number,
            duration_ms: tags.duration_ms,
            album_id: album.id,
            file_id: draft.file_id,
            created_at: now,
            updated_at: now,
          })
          .returning('id');
        const trackId = Number(row.id);
        await trx('music_track_artists').insert({ track_id: trackId, artist_id: params.id, position: 0 });
        const genres = await genreIdsFor(trx, track.genres ?? tags.genres ?? []);
        if (genres.length)
          await trx('music_track_genres').insert(genres.map((genre_id) => ({ track_id: trackId, genre_id })));
        const peaks = json<number[]>(draft.peaks);
        if (peaks.length)
          await trx('music_track_waveforms').insert({ track_id: trackId, peaks: JSON.stringify(peaks) });
      }
      await trx('music_upload_drafts').whereIn('id', draftIds).delete();
      return { album, drafts };
    });
    // Embedded covers of the published drafts that did not become the album's cover are nobody's now.
    const unused = result.drafts
      .map((d) => Number(d.cover_id ?? 0))
      .filter((id) => id && id !== (body.album.image_id ?? null));
    await deleteEntries(kit, [...new Set(unused)]).catch((error) =>
      kit.log.warn(`Removing unused covers failed: ${error}`),
    );
    const albumId = Number(result.album.id);
    // After the commit: followers hear of an album that exists, and a failed mail never undoes the publish.
    await notifyNewRelease(kit, albumId);
    return {
      album: {
        id: albumId,
        name: String(result.album.name),
        path: albumPath(albumId, String(result.album.name), String(artist.name)),
      },
    };
  });

  router.route(musicUploads.replaceAudio).handle(async ({ params, body, ctx }) => {
    const userId = ctx.state.user!.id;
    await checkTrack(knex(), userId, params.id);
    const entry = await unusedUpload(kit, userId, body.file_id);
    // The track's album keeps its artwork: an embedded cover in the new file is not stored.
    const reading = await readOrRefuse(kit, entry);
    let previous: number | null;
    try {
      previous = await knex().transaction(async (trx) => {
        const exists = await trx('music_tracks').where({ id: params.id }).first('id');
        if (!exists) throw new HttpError(404, 'Not found.');
        return swapTrackAudio(trx, kit, params.id, entry, reading);
      });
    } catch (error) {
      // The track was deleted meanwhile (or the write failed): the new upload has no track to join.
      await deleteEntries(kit, [entry.id]);
      throw error;
    }
    await dropReplacedAudio(kit, params.id, previous);
    const [track] = await loadTracks(knex(), [params.id], { genres: true });
    return { track: track! };
  });

  router.route(musicUploads.waveform).handle(async ({ params }) => {
    const row = await knex()('music_tracks')
      .leftJoin('music_track_waveforms', 'music_track_waveforms.track_id', 'music_tracks.id')
      .where('music_tracks.id', params.id)
      .first('music_track_waveforms.peaks');
    if (!row) throw new HttpError(404, 'Not found.');
    // A track whose format is not decoded for peaks answers none, so the seek bar asks once and quietly draws
    // its plain line (a 404 would read like a missing track).
    return { peaks: row.peaks ? json<number[]>(row.peaks) : [] };
  });
}
