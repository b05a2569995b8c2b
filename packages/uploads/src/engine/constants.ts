/** One mebibyte; sizes in the spec ("4 MB", "100 MB") are binary megabytes, as in the size messages. */
export const MB = 1024 * 1024;

/** Uploads running at once (spec accounts §9). */
export const UPLOAD_CONCURRENCY = 3;
/** Milliseconds without progress before an upload fails with "Upload timed out". */
export const UPLOAD_TIMEOUT = 30_000;

/** Files of this size and up go through tus, unless `uploads.disable_tus` is on. */
export const TUS_THRESHOLD = 4 * MB;
/** Resumable retry delays, in milliseconds. */
export const TUS_RETRY_DELAYS: readonly number[] = [0, 3000, 5000, 10_000, 20_000];
/** The tus endpoint, under the API prefix. */
export const TUS_ENDPOINT = 'tus/upload';

/** With direct cloud storage, files of this size and up use S3 multipart; smaller ones one presigned PUT. */
export const MULTIPART_THRESHOLD = 100 * MB;
/** A multipart chunk is at least this big… */
export const MULTIPART_MIN_CHUNK = 20 * MB;
/** …and at least this fraction of the file (S3 allows at most 10 000 parts). */
export const MULTIPART_MAX_PARTS = 10_000;
/** S3 refuses parts smaller than this (except the last one). */
export const MULTIPART_MIN_PART = 5 * MB;
/** Part URLs signed per `batch-sign-part-urls` call. */
export const MULTIPART_SIGN_BATCH = 10;
/** Parts uploaded in parallel. */
export const MULTIPART_PARALLEL_PARTS = 5;
