import type { HttpClient } from '@backline/core';
import type { FileEntry, UploadItem } from '../engine/types';

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

/** What the queue hands a driver for one upload. */
export interface DriverContext {
  file: Blob;
  item: UploadItem;
  http: HttpClient;
  /** Aborted on abort and on the inactivity time-out; the driver stops and rejects. */
  signal: AbortSignal;
  /** Reports the bytes the server (or bucket) has accepted so far. */
  onProgress(bytesUploaded: number): void;
  /** Extra fields sent with the upload (`parentId`, …). */
  metadata: Record<string, string | number>;
  /** The current `XSRF-TOKEN` cookie, for requests made outside the http client. */
  xsrfToken(): string | undefined;
  /** Where resumable drivers remember an unfinished upload; null when there is none. */
  storage: KeyValueStorage | null;
}

/** Sends one file and answers the created file entry. */
export type UploadDriver = (context: DriverContext) => Promise<FileEntry>;
