import type { Readable } from 'node:stream';
import { TUS_PATH, XSRF_COOKIE, XSRF_HEADER } from '@backline/server/testing';
import { type DetailedError, Upload } from 'tus-js-client';
import type { HttpSession } from './http-session';

export { type DetailedError, Upload as TusUpload } from 'tus-js-client';

/** Options for `tusUpload`: metadata, chunking, resuming, and a hook to stop part-way. */
export interface TusUploadOptions {
  metadata?: Record<string, string>;
  chunkSize?: number;
  /** Resume this upload instead of creating one. */
  uploadUrl?: string;
  /** Needed for a stream source. */
  uploadSize?: number;
  /** Called after each chunk; return true to abort there (the promise then resolves with `aborted`). */
  onChunk?(bytesAccepted: number, bytesTotal: number): boolean | undefined;
}

/**
 * Uploads through the real tus-js-client in Node, as the signed-in `http` session (cookie and XSRF header,
 * PATCH sent as POST with `X-HTTP-Method-Override` like the browser client). Resolves with the upload URL,
 * its key (the last path segment) and whether it was aborted by `onChunk`; rejects with tus' DetailedError.
 */
export function tusUpload(
  http: HttpSession,
  data: Buffer | Readable,
  options: TusUploadOptions = {},
): Promise<{ url: string; key: string; aborted: boolean }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Cookie: http.cookieHeader() };
    const xsrf = http.cookies.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    const done = (aborted: boolean) => {
      const url = upload.url ?? '';
      resolve({ url, key: url.split('/').pop() ?? '', aborted });
    };
    const upload: Upload = new Upload(data, {
      endpoint: new URL(TUS_PATH, http.baseUrl).href,
      uploadUrl: options.uploadUrl,
      headers,
      metadata: options.metadata,
      // tus-js-client 4 in Node sends an empty body for a whole Buffer in one request (chunkSize Infinity).
      chunkSize: options.chunkSize ?? 5 * 1024 * 1024,
      uploadSize: options.uploadSize,
      overridePatchMethod: true,
      retryDelays: null,
      storeFingerprintForResuming: false,
      onChunkComplete(_size, accepted, total) {
        if (options.onChunk?.(accepted, total)) {
          upload.abort().then(() => done(true), reject);
        }
      },
      onSuccess: () => done(false),
      onError: (error) => reject(error as DetailedError),
    });
    upload.start();
  });
}

/** A hand-built multipart body with one `file` part, so the file name reaches the server byte for byte. */
export function multipartBody(
  filename: string,
  content: Buffer,
  type = 'application/octet-stream',
  fields: Record<string, string> = {},
) {
  const boundary = `----backline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      'binary',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: Buffer.concat(parts),
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  };
}
