import type { HttpClient } from '@backline/core';
import type { FileEntry, UploadDriverName, UploadItem } from '../engine/types';

/** Small key-value storage (localStorage fits) where resumable drivers keep what they need after a reload. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Why a running upload was stopped: the user aborted it, or it went quiet for too long. */
export class UploadStop extends Error {
  readonly reason: 'abort' | 'timeout';
  constructor(reason: 'abort' | 'timeout') {
    super(reason === 'abort' ? 'Upload aborted' : 'Upload timed out');
    this.name = 'AbortError';
    this.reason = reason;
  }
}

/** True when the signal was aborted by the user (not by the inactivity time-out). */
export function stoppedByUser(signal: AbortSignal): boolean {
  return signal.aborted && !(signal.reason instanceof UploadStop && signal.reason.reason === 'timeout');
}

/** The facts about a file a driver decides on: what the queue knows before anything is sent. */
export interface UploadCandidate {
  name: string;
  size: number;
  mime: string;
  extension: string;
  /** The path inside a dropped or picked folder, or '' for a single file. */
  relativePath: string;
}

/** The site's upload settings a driver decides on (the public `uploads.direct` and `uploads.disable_tus`). */
export interface DriverSelectionContext {
  /** Browsers may send bytes straight into the storage (presigned URLs). */
  direct: boolean;
  /** The resumable endpoint is off. */
  disableTus: boolean;
}

/** What the queue hands a driver for one upload. */
export interface DriverContext {
  file: Blob;
  item: UploadItem;
  http: HttpClient;
  /** Aborted on abort and on the inactivity time-out; the driver stops and rejects. */
  signal: AbortSignal;
  /** Reports the bytes the server (or storage) has accepted so far. */
  onProgress(bytesUploaded: number): void;
  /** Extra fields sent with the upload (`parentId`, …). */
  metadata: Record<string, string | number>;
  /** The current `XSRF-TOKEN` cookie, for requests made outside the http client. */
  xsrfToken(): string | undefined;
  /** Where resumable drivers remember an unfinished upload; null when there is none. */
  storage: KeyValueStorage | null;
}

/**
 * One way of sending a file, registered with the queue (uppy's uploaders are the model). For each file the queue
 * asks its drivers in order and the first whose `canUpload` says yes sends it: a driver registered with
 * `uploader.use(driver)` goes first, so it can take the files it wants and leave the rest to the built-in ones.
 */
export interface UploadDriver {
  /** Unique among the registered drivers; items carry it (`item.driver`). Registering a name again replaces. */
  readonly name: UploadDriverName;
  /** Whether this driver sends the file, given the site's upload settings. */
  canUpload(file: UploadCandidate, context: DriverSelectionContext): boolean;
  /**
   * Uploads of this driver run alone, nothing beside them (chunked uploads of huge files, which saturate the
   * connection on their own).
   */
  readonly exclusive?: boolean;
  /** Sends one file and answers the created file entry. */
  upload(context: DriverContext): Promise<FileEntry>;
}

/** Declares a driver; the identity function, for the types. */
export function defineUploadDriver(driver: UploadDriver): UploadDriver {
  return driver;
}

/** The first of `drivers` (in order) that takes the file, or undefined when none does. */
export function pickDriver(
  drivers: readonly UploadDriver[],
  file: UploadCandidate,
  context: DriverSelectionContext,
): UploadDriver | undefined {
  return drivers.find((driver) => driver.canUpload(file, context));
}
