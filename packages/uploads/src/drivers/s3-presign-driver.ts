import { uploads } from '@backline/core/contract';
import type { DriverContext, UploadDriver } from './driver';
import { sendXhr } from './xhr';

/** The file's type for the storage (the `Content-Type` of the PUT must match what was signed). */
export const s3Mime = (mime: string) => mime || 'application/octet-stream';

/** The fields `s3/entries` turns into a file entry once the bytes are in the storage. */
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

/** What the direct-upload routes are told about a file before anything is signed. */
export function declaredFile({ item }: DriverContext) {
  return { filename: item.name, mime: s3Mime(item.mime), size: item.size, extension: item.extension };
}

/**
 * One presigned PUT straight into the storage (`s3/simple/presign`, the PUT, then `s3/entries`), for files
 * below the multipart threshold when the site turns direct uploads on.
 */
export const s3PresignDriver: UploadDriver = {
  name: 's3-presign',
  canUpload: (_file, { direct }) => direct,
  async upload(context) {
    const { file, item, http, signal, onProgress } = context;
    const presign = await http.call(uploads.s3Presign, { body: declaredFile(context), signal });
    await sendXhr({
      method: 'PUT',
      url: presign.url,
      body: file,
      // Never our cookies or XSRF token to the storage.
      headers: { ...presign.headers, 'Content-Type': s3Mime(item.mime) },
      signal,
      onProgress,
    });
    const { fileEntry } = await http.call(uploads.s3Entries, {
      body: s3EntryPayload(context, presign.key),
      signal,
    });
    return fileEntry;
  },
};
