/**
 * The queue's constants. The wire's (the resumable endpoint, the switch-over sizes, multipart limits) are the
 * contract's and only re-exported here; the rest is how this queue behaves.
 */
export {
  MB,
  MULTIPART_MAX_PARTS,
  MULTIPART_MIN_CHUNK,
  MULTIPART_MIN_PART,
  MULTIPART_SIGN_BATCH,
  MULTIPART_THRESHOLD,
  TUS_ENDPOINT,
  TUS_THRESHOLD,
} from '@backline/core/contract';

/** Uploads running at once (spec accounts §9). */
export const UPLOAD_CONCURRENCY = 3;
/** Milliseconds without progress before an upload fails with "Upload timed out". */
export const UPLOAD_TIMEOUT = 30_000;

/** Resumable retry delays, in milliseconds. */
export const TUS_RETRY_DELAYS: readonly number[] = [0, 3000, 5000, 10_000, 20_000];

/** Parts uploaded in parallel. */
export const MULTIPART_PARALLEL_PARTS = 5;
