import {
  MULTIPART_MAX_PARTS,
  MULTIPART_MIN_CHUNK,
  MULTIPART_MIN_PART,
  MULTIPART_THRESHOLD,
  TUS_THRESHOLD,
  UPLOAD_CONCURRENCY,
} from './constants';
import type { UploadDriverName } from './types';

/** The server settings that pick a driver (public settings `uploads.direct`, `uploads.disable_tus`). */
export interface DriverSettings {
  /** Direct uploads to cloud storage (S3 presigned PUTs and multipart). */
  direct?: boolean;
  /** Turns tus off: large files then use the form (or S3 when direct). */
  disableTus?: boolean;
}

/**
 * Spec accounts §9. With direct cloud storage the browser sends bytes straight to the bucket: multipart
 * from 100 MB, one presigned PUT below. Otherwise files of 4 MB and up go through tus (resumable), unless
 * it is disabled, and the rest as a plain multipart form POST.
 */
export function chooseDriver(size: number, settings: DriverSettings = {}): UploadDriverName {
  if (settings.direct) return size >= MULTIPART_THRESHOLD ? 's3-multipart' : 's3-presign';
  if (size >= TUS_THRESHOLD && !settings.disableTus) return 'tus';
  return 'form';
}

/** Multipart chunk size: at least 20 MB and at least a ten-thousandth of the file, never under 5 MB. */
export function multipartChunkSize(size: number): number {
  return Math.max(MULTIPART_MIN_CHUNK, Math.ceil(size / MULTIPART_MAX_PARTS), MULTIPART_MIN_PART);
}

/** The byte ranges of a multipart upload; part numbers start at 1. */
export function multipartParts(size: number): { partNumber: number; start: number; end: number }[] {
  const chunk = multipartChunkSize(size);
  const parts: { partNumber: number; start: number; end: number }[] = [];
  for (let start = 0, partNumber = 1; start < size || partNumber === 1; start += chunk, partNumber++) {
    parts.push({ partNumber, start, end: Math.min(start + chunk, size) });
    if (size === 0) break;
  }
  return parts;
}

/** The facts the concurrency rule looks at. */
export interface ScheduledItem {
  relativePath: string;
  driver: UploadDriverName;
}

/** A folder upload or a chunked large upload runs alone (spec accounts §9). */
export function runsAlone(item: ScheduledItem): boolean {
  return item.relativePath !== '' || item.driver === 's3-multipart';
}

/**
 * Whether `next` may start beside the uploads already running: up to `limit` (3) at once, or one while
 * any of them, or `next` itself, has a relative path or is a chunked large upload.
 */
export function canStart(
  next: ScheduledItem,
  active: Iterable<ScheduledItem>,
  limit: number = UPLOAD_CONCURRENCY,
): boolean {
  let count = 0;
  for (const item of active) {
    if (runsAlone(item)) return false;
    count++;
  }
  if (count === 0) return true;
  return count < limit && !runsAlone(next);
}
