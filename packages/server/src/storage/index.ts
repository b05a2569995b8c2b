import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage, StorageOptions } from './storage';

export { LocalStorage } from './local-storage';
export { TUS_S3_PREFIX, TusS3Store } from './s3-resumable-store';
export { S3Storage } from './s3-storage';
export {
  assertSafeKey,
  type DirectUploads,
  type LocalStorageOptions,
  type MultipartUploads,
  type ResumableStore,
  type ResumableStoreOptions,
  type ResumableUploadInfo,
  type S3StorageOptions,
  type SignedReads,
  type Storage,
  type StorageCapabilities,
  type StorageOptions,
  type StoredPart,
} from './storage';

/**
 * Builds the storage a `storage` option describes: local disk under `{dataDir}/storage` by default (a temp
 * directory when the app has no data directory), or an S3-compatible bucket.
 */
export function createStorage(
  options: Storage | StorageOptions | undefined,
  dataDir: string | undefined,
): Storage {
  if (options && 'write' in options) return options;
  if (options?.driver === 's3') return new S3Storage(options);
  const root =
    options?.root ??
    (dataDir ? path.join(dataDir, 'storage') : mkdtempSync(path.join(tmpdir(), 'backline-storage-')));
  return new LocalStorage(root);
}

/** Origins the page must be allowed to connect to: where a storage with direct uploads takes browsers' bytes. */
export function storageConnectSources(storage: Storage): string[] {
  const origin = storage.capabilities.directUploads?.origin;
  return origin ? [origin] : [];
}
