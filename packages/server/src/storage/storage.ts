import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are server-generated (`uploads/{uuid}`), never a client's file name, so
 * no key can reach outside the storage root. Two implementations ship (local disk and any S3-compatible
 * store); anything else that stores keys can be plugged in (`createBackline({ storage })`) and says what more it
 * can do through `capabilities`, which is all modules ever ask: never which class it is.
 */
export interface Storage {
  /** A short name recorded with each stored file (`file_entries.disk`): `local`, `s3`, or a custom storage's. */
  readonly driver: string;
  /** What the storage can do beyond storing, reading and deleting keys. */
  readonly capabilities: StorageCapabilities;
  /** Streams `body` to `key`; a stream is never buffered whole. Resolves with the bytes written. */
  write(
    key: string,
    body: Readable | Buffer,
    options: { mime: string; size?: number },
  ): Promise<{ size: number }>;
  /** Moves (local: renames) or streams a file on local disk into `key`; the source is gone afterwards. */
  writeFile?(key: string, filePath: string, options: { mime: string }): Promise<{ size: number }>;
  /**
   * Stores a file on local disk that is never rewritten in place (its writer renames new files into place)
   * and keeps the source: local disk shares the bytes with a hard link where it can, else copies.
   */
  shareFile?(key: string, filePath: string): Promise<{ size: number }>;
  /**
   * A stream of the bytes at `key`, or of the inclusive byte `range` when the storage has `rangeReads` (one
   * without may ignore `range` and stream everything).
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Deletes keys; missing keys are not an error. */
  delete(keys: string[]): Promise<void>;
}

/**
 * What a storage advertises. The uploads module reads these to decide how to serve ranges, where scratch files
 * go, whether browsers may upload straight into the storage and where resumable uploads wait.
 */
export interface StorageCapabilities {
  /**
   * `read(key, range)` streams only the asked bytes. Downloads then answer `Range` requests with 206, and
   * type sniffing reads only a file's first bytes; without it, downloads answer whole files and sniffing stops
   * reading after the first bytes.
   */
  readonly rangeReads: boolean;
  /**
   * A directory on the file system that holds the stored files. Scratch files made under it (a form upload in
   * flight, resumable uploads) become stored files with a rename instead of a copy. Absent for remote storage;
   * scratch files then go to the data directory or the OS temp directory.
   */
  readonly localDirectory?: string;
  /** Browsers can send bytes straight into the storage (presigned URLs), bypassing the app server. */
  readonly directUploads?: DirectUploads;
  /**
   * Browsers can read a key straight from the storage through a short-lived signed URL (which answers `Range`
   * requests itself), so media is streamed without passing through the app server.
   */
  readonly signedReads?: SignedReads;
  /**
   * Resumable (tus) uploads can be kept in the storage itself, each one landing at its file's own key when it
   * finishes. Without it they wait on local disk and move into storage when claimed.
   */
  resumableStore?(options: ResumableStoreOptions): ResumableStore;
}

/** Direct uploads: URLs a browser sends bytes to without them passing through the app server. */
export interface DirectUploads {
  /** The origin browsers send bytes to; it joins the page's Content Security Policy `connect-src`. */
  readonly origin: string;
  /**
   * A URL for one `PUT` of the whole object at `key`, and the headers that `PUT` must carry. With `size`, the
   * URL is good for exactly that many bytes (the store refuses another `Content-Length`), so an upload cannot
   * carry more than it declared and reserved against the quota; a store that cannot bind it may ignore it.
   */
  presignPut(
    key: string,
    options: { mime: string; expiresIn: number; size?: number },
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** Multipart uploads, for objects too big for one request; absent when the storage has none. */
  readonly multipart?: MultipartUploads;
}

/** Signed reads: a URL that serves one key's bytes for a short while. */
export interface SignedReads {
  /** A URL a browser can `GET` (with `Range`) for `expiresIn` seconds; `mime` is the type the answer carries. */
  presignGet(key: string, options: { expiresIn: number; mime?: string }): Promise<string>;
}

/** A part of a multipart upload as the storage lists it. */
export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** The multipart half of direct uploads: parts are PUT to signed URLs, then joined into one object. */
export interface MultipartUploads {
  /** Starts an upload that will become the object at `key`; answers its id. */
  create(key: string, options: { mime: string }): Promise<string>;
  /** The parts received so far, or null when the storage cannot list them (the browser then resends all). */
  listParts(key: string, uploadId: string): Promise<StoredPart[] | null>;
  /** A URL the browser `PUT`s one part to. */
  signPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { expiresIn: number },
  ): Promise<string>;
  /** Joins the parts, in part-number order, into the object at `key`. */
  complete(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<{ location?: string }>;
  /** Drops the upload and the parts it holds; an upload that is gone already is not an error. */
  abort(key: string, uploadId: string): Promise<void>;
}

/** How the uploads module wants a resumable store to behave. */
export interface ResumableStoreOptions {
  /** How long an upload may take, and how long a finished one waits to be claimed. */
  expirationMs: number;
  /** For stores that send parts: the size of every part but the last (the store's default when absent). */
  partSize?: number;
  /**
   * Upload ids are storage keys (where the finished bytes land); clients see a shorter upload key. These map
   * one to the other, so the store can name its own bookkeeping after the key.
   */
  uploadKeyOf(id: string): string;
  idOf(uploadKey: string): string;
  /** Whether a file entry already holds the bytes at `id`: removing the upload must then leave them alone. */
  isClaimed(id: string): Promise<boolean>;
}

/** What a resumable store recorded about an upload. */
export interface ResumableUploadInfo {
  /** The declared length; undefined while deferred. */
  size: number | undefined;
  metadata: Record<string, string | null>;
  creationDate: string | undefined;
}

/**
 * Resumable uploads kept in the storage itself. `datastore` is what @tus/server reads and writes through (a
 * @tus/server `DataStore`; typed loosely so @tus/server's types stay out of this package's public types); the
 * rest is what the uploads module needs to check owners, claim, expire and remove uploads.
 */
export interface ResumableStore {
  readonly datastore: unknown;
  /** The metadata recorded at creation (owner, name, type); may come from a per-process cache. */
  cachedMetadata(id: string): Promise<Record<string, string | null> | undefined>;
  /** The upload's record, read from the storage (never a cache); null once it is claimed or removed. */
  info(id: string): Promise<ResumableUploadInfo | null>;
  /** Whether the upload's bytes are complete at `id` with `size` bytes (finishing an empty upload if need be). */
  finished(id: string, size: number): Promise<boolean>;
  /** Drops the bookkeeping of a claimed (or refused) upload; the bytes at `id` are the caller's business. */
  release(id: string): Promise<void>;
  /** Removes an upload (its bytes too, unless claimed); false when it is gone already. */
  discard(id: string): Promise<boolean>;
  /** Every upload in flight, with when its record was last written. */
  list(): Promise<{ id: string; lastModified: Date | undefined }[]>;
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
