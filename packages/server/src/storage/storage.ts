import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are server-generated (`uploads/{uuid}`), never a client's file name, so
 * no key can reach outside the storage root. Two implementations: local disk and any S3-compatible store.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Streams `body` to `key`; a stream is never buffered whole. Resolves with the bytes written. */
  write(
    key: string,
    body: Readable | Buffer,
    options: { mime: string; size?: number },
  ): Promise<{ size: number }>;
  /** Moves (local: renames) or streams a file on local disk into `key`; the source is gone afterwards. */
  writeFile?(key: string, filePath: string, options: { mime: string }): Promise<{ size: number }>;
  /** A stream of the bytes at `key`, or of the inclusive byte `range`. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Deletes keys; missing keys are not an error. */
  delete(keys: string[]): Promise<void>;
}

/** S3-compatible storage settings (`S3_ENDPOINT`, `S3_BUCKET`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`). */
export interface S3StorageOptions {
  driver: 's3';
  bucket: string;
  region?: string;
  /** A custom endpoint (MinIO, R2, s3rver…); path-style addressing is used with one. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Defaults to true when `endpoint` is set. */
  forcePathStyle?: boolean;
}

/** Local disk storage under `root` (default `{dataDir}/storage`). */
export interface LocalStorageOptions {
  driver: 'local';
  root?: string;
}

export type StorageOptions = LocalStorageOptions | S3StorageOptions;

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;

/** Refuses keys that could escape the storage root (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.') || key.length > 512) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
