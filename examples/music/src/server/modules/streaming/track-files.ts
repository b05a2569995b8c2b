import type { Kit } from '@backline/server';

/** What the streaming route needs to answer a track: its stored file's name, type, size and date. */
export interface StoredFile {
  file_name: string;
  mime: string;
  size: string | number;
  created_at: Date | string;
}

/**
 * How long a track's file entry is reused without asking the database again. A listener's seeks come in bursts
 * over the same track; a stored file never changes in place (a new upload is a new entry with a new name), so
 * the only staleness is a deletion, which this process forgets at once (`forgetTrackFiles`) and another path
 * (a file entry removed through the uploads module) within this many milliseconds.
 */
export const TRACK_FILE_TTL_MS = 5_000;
/** Bounds the map: past this many tracks, the oldest entries go first. */
const MAX_ENTRIES = 2_000;

const caches = new WeakMap<Kit, Map<number, { file: StoredFile | null; until: number }>>();

function cacheOf(kit: Kit) {
  let cache = caches.get(kit);
  if (!cache) {
    cache = new Map();
    caches.set(kit, cache);
  }
  return cache;
}

/**
 * The track's live file entry (null when the track or its file is gone), from a short-lived per-process map.
 * Measured on the streaming benchmark: the per-request query was a third of the route's CPU on PGlite
 * (docs/benchmarks.md).
 */
export async function trackFile(kit: Kit, trackId: number): Promise<StoredFile | null> {
  const cache = cacheOf(kit);
  const now = performance.now();
  const hit = cache.get(trackId);
  if (hit && hit.until > now) return hit.file;
  const file: StoredFile | undefined = await kit
    .knex('music_tracks as t')
    .join('file_entries as f', 'f.id', 't.file_id')
    .where('t.id', trackId)
    .whereNull('f.deleted_at')
    .first('f.file_name', 'f.mime', 'f.size', 'f.created_at');
  // Misses are not kept: a track created a moment later must stream at once.
  if (!file) {
    cache.delete(trackId);
    return null;
  }
  cache.delete(trackId);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(trackId, { file, until: now + TRACK_FILE_TTL_MS });
  return file;
}

/** Drops every remembered track file of this app: the catalogue calls it when it deletes tracks or files. */
export function forgetTrackFiles(kit: Kit): void {
  caches.get(kit)?.clear();
}
