import { type FileEntry, fillPlaceholders } from '@backline/core/contract';

/** The file entry the server answers with (`{ fileEntry }`): the contract's resource. */
export type { FileEntry };

/** Spec accounts §4: pending, then inProgress, then completed, failed or aborted. */
export type UploadStatus = 'pending' | 'inProgress' | 'completed' | 'failed' | 'aborted';

/** How an item travels to the server: a built-in driver's name, or a registered driver's own. */
export type UploadDriverName = 'form' | 'tus' | 's3-presign' | 's3-multipart' | (string & {});

/** One file in the queue (spec accounts §3 "Upload item", plus driver, speed and ETA). */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  mime: string;
  extension: string;
  /** The path inside a dropped or picked folder (`album/cover.jpg`), or '' for a single file. */
  relativePath: string;
  lastModified: number;
  /** Stable across page loads for the same file: resumable uploads find their server offset by it. */
  fingerprint: string;
  /** 0 to 100. */
  percentage: number;
  bytesUploaded: number;
  status: UploadStatus;
  /** The created file entry, once completed. */
  entry: FileEntry | null;
  /** Why the item failed: a restriction, the server's message, or "Upload timed out". */
  errorMessage: string | null;
  driver: UploadDriverName;
  /** Bytes per second, smoothed; 0 when not uploading. */
  speed: number;
  /** Seconds left at the current speed, or null when unknown. */
  eta: number | null;
  /** Refused by a restriction before upload: retrying would only refuse it again. */
  refused: boolean;
}

/** What a queue was asked to upload: a file, plus its folder path when it came from a folder. */
export interface UploadSource {
  file: File;
  relativePath?: string;
}

/** Translates an English line with `:name` placeholders (i18next's `t` fits). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Fills `:name` placeholders; the default when no translator is given. */
export const englishTranslate: Translate = (key, values) => fillPlaceholders(key, values);
