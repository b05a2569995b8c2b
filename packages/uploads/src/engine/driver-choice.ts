import { defaultUploadDrivers } from '../drivers/default-drivers';
import { type DriverSelectionContext, pickDriver } from '../drivers/driver';
import { UPLOAD_CONCURRENCY } from './constants';
import type { UploadDriverName } from './types';

export { multipartChunkSize, multipartParts } from './multipart';

/** The server settings that pick a driver (public settings `uploads.direct`, `uploads.disable_tus`). */
export interface DriverSettings {
  /** Direct uploads to cloud storage (S3 presigned PUTs and multipart). */
  direct?: boolean;
  /** Turns tus off: large files then use the form (or S3 when direct). */
  disableTus?: boolean;
}

/**
 * The built-in driver a file of `size` bytes goes through (spec accounts §9): with direct cloud storage
 * multipart from 100 MB and one presigned PUT below; otherwise tus from 4 MB, unless it is disabled, and the
 * form for the rest. The queue asks its registered drivers the same way (`pickDriver`).
 */
export function chooseDriver(size: number, settings: DriverSettings = {}): UploadDriverName {
  const context: DriverSelectionContext = {
    direct: Boolean(settings.direct),
    disableTus: Boolean(settings.disableTus),
  };
  const file = { name: '', size, mime: '', extension: '', relativePath: '' };
  return pickDriver(defaultUploadDrivers, file, context)?.name ?? 'form';
}

/** The facts the concurrency rule looks at. */
export interface ScheduledItem {
  relativePath: string;
  /** The item's driver runs its uploads alone (`UploadDriver.exclusive`). */
  exclusive?: boolean;
}

/** A folder upload, or an upload of an exclusive driver (a chunked large upload), runs alone (spec accounts §9). */
export function runsAlone(item: ScheduledItem): boolean {
  return item.relativePath !== '' || Boolean(item.exclusive);
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
