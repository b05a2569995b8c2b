import { storageKey } from './file-entry-model';

/**
 * How resumable uploads are named when they wait in the storage itself: the upload's id is the key its bytes
 * land at (`uploads/{uuid}`, a file entry's own key), and the upload key clients see (the URL's last segment,
 * `tus/entries {uploadKey}`) is that UUID's 32 hex digits, the same shape as the local file store's keys.
 */

const UUID = /^uploads\/([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;

/** The upload key clients see for a store id. */
export function tusKeyOf(id: string): string {
  const match = UUID.exec(id);
  if (!match) throw new Error(`Not a resumable upload id: ${id}`);
  return match.slice(1).join('');
}

/** The store id (`uploads/{uuid}`, the key the finished bytes land at) for an upload key. */
export function tusIdOf(key: string): string {
  return storageKey(
    `${key.slice(0, 8)}-${key.slice(8, 12)}-${key.slice(12, 16)}-${key.slice(16, 20)}-${key.slice(20)}`,
  );
}

/** The file entry name (`file_name`) an upload kept in the storage becomes: its UUID. */
export function tusFileNameOf(id: string): string {
  return id.slice('uploads/'.length);
}
