import { MB } from '../engine/constants';
import type { FileEntry, UploadItem, UploadStatus } from '../engine/types';
import type { UploadsState } from '../engine/uploader';

// Fixtures for the stories (not published): queue items and states in every status.

let seq = 0;

/** A file entry as the server answers it. */
export function storyEntry(id: number, name: string, size = 8 * MB): FileEntry {
  return {
    id,
    name,
    file_name: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    mime: 'audio/wav',
    extension: name.split('.').pop() ?? null,
    size,
    url: `/api/v1/file-entries/${id}`,
    parent_id: null,
    owner_id: 1,
    created_at: '2026-11-24T10:42:00.000Z',
    updated_at: '2026-11-24T10:42:00.000Z',
  };
}

/** An upload item in a given state. */
export function storyItem(name: string, status: UploadStatus, patch: Partial<UploadItem> = {}): UploadItem {
  seq += 1;
  const size = patch.size ?? 8 * MB;
  const percentage = patch.percentage ?? (status === 'completed' ? 100 : status === 'pending' ? 0 : 42);
  return {
    id: `story-${seq}`,
    name,
    size,
    mime: 'audio/wav',
    extension: name.split('.').pop() ?? '',
    relativePath: '',
    lastModified: 0,
    fingerprint: `story-${name}`,
    percentage,
    bytesUploaded: Math.round((size * percentage) / 100),
    status,
    entry: status === 'completed' ? storyEntry(seq, name, size) : null,
    errorMessage: null,
    driver: 'tus',
    speed: status === 'inProgress' ? 1.5 * MB : 0,
    eta: status === 'inProgress' ? 3 : null,
    refused: false,
    ...patch,
  };
}

/** The queue state for a list of items, with the totals the engine computes. */
export function storyState(items: UploadItem[]): UploadsState {
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  const live = items.filter((item) => item.status !== 'failed' && item.status !== 'aborted');
  const totalBytes = live.reduce((sum, item) => sum + item.size, 0);
  const uploadedBytes = live.reduce((sum, item) => sum + item.bytesUploaded, 0);
  const speed = items.reduce((sum, item) => sum + (item.status === 'inProgress' ? item.speed : 0), 0);
  const isUploading = count('pending') + count('inProgress') > 0;
  return {
    items,
    pending: count('pending'),
    inProgress: count('inProgress'),
    completed: count('completed'),
    failed: count('failed'),
    aborted: count('aborted'),
    totalBytes,
    uploadedBytes,
    percentage: totalBytes ? (uploadedBytes / totalBytes) * 100 : 0,
    speed,
    eta: isUploading && speed ? Math.ceil((totalBytes - uploadedBytes) / speed) : null,
    isUploading,
  };
}
