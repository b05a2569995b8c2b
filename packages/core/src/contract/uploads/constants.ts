/**
 * Upload facts both ends rely on: where the resumable endpoint lives, the shape of the keys the server hands
 * out, the sizes at which the browser switches transport and the limits of a multipart upload. Sizes are binary
 * (1 MB = 1024 × 1024 bytes), as in the size messages.
 */

/** One mebibyte. */
export const MB = 1024 * 1024;

/** The resumable (tus 1.0) endpoint, under the API prefix: `/api/v1/tus/upload`, uploads at `…/{uploadKey}`. */
export const TUS_ENDPOINT = 'tus/upload';

/** A resumable upload's key, the last segment of its URL and what `tus/entries` claims: 32 hex digits. */
export const TUS_UPLOAD_KEY = /^[a-f0-9]{32}$/;

/** The key of a direct upload as the server hands it out (`uploads/{uuid}`); nothing else is accepted. */
export const DIRECT_UPLOAD_KEY = /^uploads\/[0-9a-f-]{36}$/;

/** Files of this size and up go through the resumable endpoint, unless `uploads.disable_tus` is on. */
export const TUS_THRESHOLD = 4 * MB;

/** With direct uploads, files of this size and up use a multipart upload; smaller ones one presigned PUT. */
export const MULTIPART_THRESHOLD = 100 * MB;
/** A multipart chunk is at least this big… */
export const MULTIPART_MIN_CHUNK = 20 * MB;
/** …and a multipart upload has at most this many parts (S3's limit), numbered from 1. */
export const MULTIPART_MAX_PARTS = 10_000;
/** Object stores refuse parts smaller than this, except the last one. */
export const MULTIPART_MIN_PART = 5 * MB;
/** Part URLs signed per `s3/multipart/batch-sign-part-urls` call, at most. */
export const MULTIPART_SIGN_BATCH = 10;

/** The public settings that steer uploads, as the bootstrap data carries them. */
export const UPLOAD_SETTINGS = {
  /** Browsers send bytes straight to the storage (presigned URLs). */
  direct: 'uploads.direct',
  /** Turns the resumable endpoint off (it answers 404); big files then go as forms. */
  disableTus: 'uploads.disable_tus',
  maxSize: 'uploads.max_size',
  allowedExtensions: 'uploads.allowed_extensions',
  blockedExtensions: 'uploads.blocked_extensions',
  allowedMimes: 'uploads.allowed_mimes',
  blockedMimes: 'uploads.blocked_mimes',
} as const;
