import type { FileEntry } from '../engine/types';
import type { DriverContext, UploadDriver } from './driver';
import { sendXhr } from './xhr';

/** The file's type for S3 (`Content-Type` of the PUT must match what was signed). */
export const s3Mime = (mime: string) => mime || 'application/octet-stream';

/** The fields `s3/entries` turns into a file entry once the bytes are in the bucket. */
export function s3EntryPayload({ item, metadata }: DriverContext, key: string) {
  return {
    ...(Object.keys(metadata).length || item.relativePath
      ? { metadata: { ...metadata, ...(item.relativePath ? { relativePath: item.relativePath } : {}) } }
      : {}),
    clientMime: s3Mime(item.mime),
    clientName: item.name,
    filename: key,
    size: item.size,
    clientExtension: item.extension,
  };
}

/** One presigned PUT straight to the bucket (`s3/simple/presign`, then `s3/entries`). */
export const s3PresignDriver: UploadDriver = async (context) => {
  const { file, item, http, signal, onProgress } = context;
  const presign = await http.post<{ url: string; key: string; headers?: Record<string, string> }>(
    's3/simple/presign',
    { filename: item.name, mime: s3Mime(item.mime), size: item.size, extension: item.extension },
    { signal },
  );
  await sendXhr({
    method: 'PUT',
    url: presign.url,
    body: file,
    // Never our cookies or XSRF token to the bucket.
    headers: { ...presign.headers, 'Content-Type': s3Mime(item.mime) },
    signal,
    onProgress,
  });
  const { fileEntry } = await http.post<{ fileEntry: FileEntry }>(
    's3/entries',
    s3EntryPayload(context, presign.key),
    {
      signal,
    },
  );
  return fileEntry;
};
