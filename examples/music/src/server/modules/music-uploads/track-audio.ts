import { type Kit, ValidationError } from '@backline/server';
import type { Knex } from 'knex';
import { musicUploads } from '../../../contract';
import { forgetTrackFiles } from '../streaming/track-files';
import { type AudioReading, AudioRefused, deleteEntries, readAudio } from './read-audio';

/** A file entry the reader takes: the uploader's own, not yet a draft or a track. */
export interface UploadEntry {
  id: number;
  name: string;
  file_name: string;
  mime: string;
  size: number;
}

/** The caller's own upload that is neither a draft nor a track yet, or a 422 on `file_id`. */
export async function unusedUpload(kit: Kit, userId: number, fileId: number): Promise<UploadEntry> {
  const entry = await kit
    .knex('file_entries')
    .where({ id: fileId, owner_id: userId })
    .whereNull('deleted_at')
    .first('id', 'name', 'file_name', 'mime', 'size');
  if (!entry) throw new ValidationError({ file_id: ['The file must be a file you uploaded.'] });
  if (await kit.knex('music_upload_drafts').where({ file_id: entry.id }).first('id'))
    throw new ValidationError({ file_id: ['This file was already read.'] });
  if (await kit.knex('music_tracks').where({ file_id: entry.id }).first('id'))
    throw new ValidationError({ file_id: ['This file is already a published track.'] });
  return { ...entry, id: Number(entry.id), size: Number(entry.size) } as UploadEntry;
}

/**
 * Reads an upload (sniffed type, tags, duration, waveform peaks). A refused file leaves nothing behind (its entry
 * and bytes go) and answers 422 on `file`, naming it: `song.mp3: This file is not an audio file …`.
 */
export async function readOrRefuse(kit: Kit, entry: UploadEntry): Promise<AudioReading> {
  try {
    return await readAudio(kit, entry, musicUploads.WAVEFORM_PEAKS);
  } catch (error) {
    await deleteEntries(kit, [entry.id]);
    if (error instanceof AudioRefused)
      throw new ValidationError({
        file: [
          `${entry.name}: ${
            error.reason === 'not-audio' ? musicUploads.NOT_AUDIO_MESSAGE : musicUploads.CORRUPT_AUDIO_MESSAGE
          }`,
        ],
      });
    throw error;
  }
}

/**
 * Gives a track a read upload as its audio, inside the caller's transaction: the file, its duration and its
 * waveform (the old one dropped). The row is locked first, so two swaps of one track cannot both believe they
 * hold the file they are about to delete. Answers the previous audio entry (null for a track that had none),
 * for the caller to delete after the commit.
 */
export async function swapTrackAudio(
  trx: Knex.Transaction,
  kit: Kit,
  trackId: number,
  entry: UploadEntry,
  reading: Pick<AudioReading, 'duration_ms' | 'peaks'>,
): Promise<number | null> {
  const track = await trx('music_tracks').where({ id: trackId }).forUpdate().first('file_id');
  if (!track) return null;
  await trx('music_tracks')
    .where({ id: trackId })
    .update({ file_id: entry.id, duration_ms: reading.duration_ms, updated_at: kit.now() });
  await trx('music_track_waveforms').where({ track_id: trackId }).delete();
  if (reading.peaks.length)
    await trx('music_track_waveforms').insert({ track_id: trackId, peaks: JSON.stringify(reading.peaks) });
  return track.file_id == null ? null : Number(track.file_id);
}

/**
 * After the commit: the streaming route forgets the files it remembers per track (it would keep serving the old
 * one for a few seconds, then fail on its deleted bytes), and the replaced audio is deleted. A failed delete
 * leaves an orphaned object to log, never a track without audio.
 */
export async function dropReplacedAudio(kit: Kit, trackId: number, previous: number | null): Promise<void> {
  forgetTrackFiles(kit);
  if (previous === null) return;
  await deleteEntries(kit, [previous]).catch((error) =>
    kit.log.warn(`Removing the replaced audio of track ${trackId} failed: ${error}`),
  );
}
