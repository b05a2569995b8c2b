import { uploads } from '@backline/core/contract';
import type { UploadDriver } from './driver';
import { callWithProgress } from './xhr';

/**
 * A plain multipart form POST to `file-entries` (`uploads.upload`): the driver of last resort, which takes
 * every file (small ones, and big ones when tus is off and direct uploads are not on).
 */
export const formDriver: UploadDriver = {
  name: 'form',
  canUpload: () => true,
  async upload({ file, item, http, signal, onProgress, metadata, xsrfToken }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(metadata)) form.append(name, String(value));
    if (item.relativePath) form.append('relativePath', item.relativePath);
    // The file goes last, so the server has read the other fields when the bytes start streaming.
    form.append('file', file, item.name);
    const { fileEntry } = await callWithProgress(
      http,
      uploads.upload,
      { body: form },
      { signal, xsrfToken, onProgress: (loaded) => onProgress(Math.min(loaded, item.size)) },
    );
    return fileEntry;
  },
};
