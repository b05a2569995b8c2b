import type { FileEntry } from '../engine/types';
import type { UploadDriver } from './driver';
import { sendXhr } from './xhr';

/** A plain multipart form POST to `file-entries` (small files, or when tus is off). */
export const formDriver: UploadDriver = async ({
  file,
  item,
  http,
  signal,
  onProgress,
  metadata,
  xsrfToken,
}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(metadata)) form.append(name, String(value));
  if (item.relativePath) form.append('relativePath', item.relativePath);
  // The file goes last, so the server has read the other fields when the bytes start streaming.
  form.append('file', file, item.name);
  const token = xsrfToken();
  const response = await sendXhr({
    method: 'POST',
    url: http.url('file-entries'),
    body: form,
    headers: { Accept: 'application/json', ...(token ? { 'X-XSRF-TOKEN': token } : {}) },
    withCredentials: true,
    signal,
    onProgress: (loaded) => onProgress(Math.min(loaded, item.size)),
  });
  return (response.body as { fileEntry: FileEntry }).fileEntry;
};
