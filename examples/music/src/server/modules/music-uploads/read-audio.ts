import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kit, storageKey, storeUploadedFile } from '@backline/server';
import { type IAudioMetadata, parseStream } from 'music-metadata';
import type { musicUploads } from '../../../contract';
import { mp3Peaks, wavPeaks } from './peaks';

/** What reading a file found, before it becomes a draft. */
export interface AudioReading {
  title: string | null;
  artists: string[];
  album: string | null;
  album_artist: string | null;
  track_number: number | null;
  track_total: number | null;
  disc_number: number | null;
  year: number | null;
  genres: string[];
  duration_ms: number;
  replay_gain: musicUploads.TrackDraft['replay_gain'];
  peaks: number[];
  cover: { data: Uint8Array; format: string } | null;
}

/** Why a file was refused: not audio at all, or audio that does not decode. */
export class AudioRefused extends Error {
  constructor(readonly reason: 'not-audio' | 'corrupt') {
    super(reason);
  }
}

/** Audio types the site reads, as the uploads module sniffs them from the bytes (never from the name). */
const AUDIO_MIMES = new Set([
  'audio/mpeg',
  'audio/flac',
  'audio/x-flac',
  'audio/wav',
  'audio/vnd.wave',
  'audio/x-wav',
  'audio/ogg',
  'audio/opus',
  'audio/x-m4a',
  'audio/mp4',
  'audio/aac',
]);

const MPEG = new Set(['audio/mpeg']);
const WAV = new Set(['audio/wav', 'audio/vnd.wave', 'audio/x-wav']);

const clean = (value: string | undefined | null) => value?.trim() || null;
const ratio = (value: { ratio: number } | undefined) => (value ? value.ratio : null);
const dB = (value: { dB: number } | undefined) => (value ? Math.round(value.dB * 100) / 100 : null);

/**
 * Reads a stored audio file in two streaming passes over storage: its tags with music-metadata, then its samples
 * for waveform peaks (MP3 and PCM WAV are decoded; other formats get none). Neither pass holds the file: both
 * read it as a stream, so memory does not grow with its size. Throws `AudioRefused` for a type that is not audio
 * and for audio that does not parse or decode.
 */
export async function readAudio(
  kit: Kit,
  entry: { file_name: string; mime: string; size: number },
  bars: number,
): Promise<AudioReading> {
  if (!AUDIO_MIMES.has(entry.mime)) throw new AudioRefused('not-audio');
  const key = storageKey(entry.file_name);
  let metadata: IAudioMetadata;
  const tagStream = await kit.storage.read(key);
  try {
    metadata = await parseStream(
      tagStream,
      { mimeType: entry.mime, size: Number(entry.size) },
      { duration: true, skipPostHeaders: false },
    );
  } catch {
    throw new AudioRefused('corrupt');
  } finally {
    tagStream.destroy();
  }
  const seconds = metadata.format.duration;
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) throw new AudioRefused('corrupt');

  let peaks: number[] = [];
  if (MPEG.has(entry.mime) || WAV.has(entry.mime)) {
    const stream = await kit.storage.read(key);
    if (MPEG.has(entry.mime)) {
      const decoded = await mp3Peaks(stream, bars);
      // An MPEG stream of which most frames do not decode is damaged, whatever its headers claimed.
      if (decoded.seconds < seconds / 2) throw new AudioRefused('corrupt');
      peaks = decoded.peaks;
    } else peaks = await wavPeaks(stream, bars);
  }

  const { common } = metadata;
  const picture = common.picture?.find((p) => /front/i.test(p.type ?? '')) ?? common.picture?.[0];
  const artists = (common.artists?.length ? common.artists : common.artist ? [common.artist] : [])
    .map((name) => name.trim())
    .filter(Boolean);
  const replay = {
    track_gain: dB(common.replaygain_track_gain),
    track_peak: ratio(common.replaygain_track_peak),
    album_gain: dB(common.replaygain_album_gain),
    album_peak: ratio(common.replaygain_album_peak),
  };
  return {
    title: clean(common.title),
    artists: [...new Set(artists)],
    album: clean(common.album),
    album_artist: clean(common.albumartist),
    track_number: common.track?.no ?? null,
    track_total: common.track?.of ?? null,
    disc_number: common.disk?.no ?? null,
    year: common.year ?? null,
    genres: [...new Set((common.genre ?? []).map((g) => g.trim()).filter(Boolean))].slice(0, 10),
    duration_ms: Math.round(seconds * 1000),
    replay_gain: Object.values(replay).some((v) => v !== null) ? replay : null,
    peaks,
    cover: picture?.data?.length ? { data: picture.data, format: picture.format } : null,
  };
}

/**
 * Stores an embedded cover as an image file entry of the uploader, through the uploads module's own checks
 * (type sniffed from the bytes, size rules, quota). Resolves with null when the picture is not a real image.
 */
export async function storeCover(
  kit: Kit,
  ownerId: number,
  cover: { data: Uint8Array; format: string },
): Promise<number | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'backline-cover-'));
  const ext = cover.format.includes('png') ? 'png' : 'jpg';
  const file = path.join(dir, `cover.${ext}`);
  try {
    await writeFile(file, cover.data);
    const entry = await storeUploadedFile(kit, { ownerId, path: file, name: `cover.${ext}` });
    if (!entry.mime.startsWith('image/')) {
      await deleteEntries(kit, [entry.id]);
      return null;
    }
    return entry.id;
  } catch {
    // A cover the rules refuse (too large, a full quota) leaves the track without one rather than failing it.
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Deletes file entries and their stored bytes (the rows first, so a failure never leaves a row without bytes). */
export async function deleteEntries(kit: Kit, ids: number[]): Promise<void> {
  const wanted = ids.filter(Boolean);
  if (!wanted.length) return;
  const rows: { file_name: string }[] = await kit
    .knex('file_entries')
    .whereIn('id', wanted)
    .select('file_name');
  await kit.knex('file_entries').whereIn('id', wanted).delete();
  if (rows.length) await kit.storage.delete(rows.map((row) => storageKey(row.file_name)));
}
