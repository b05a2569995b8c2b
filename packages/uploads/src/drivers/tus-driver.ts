import { HttpError } from '@backline/core';
import { TUS_ENDPOINT, TUS_THRESHOLD, uploads, XSRF_HEADER } from '@backline/core/contract';
import { type DetailedError, Upload } from 'tus-js-client';
import { TUS_RETRY_DELAYS } from '../engine/constants';
import type { FileEntry } from '../engine/types';
import { type DriverContext, stoppedByUser, type UploadDriver } from './driver';

/** Spec accounts §8: resumable uploads retry on non-client errors and on 409 and 423. */
export function shouldRetryTus(status: number): boolean {
  return status < 400 || status >= 500 || status === 409 || status === 423;
}

/** The upload key `tus/entries` wants: the last path segment of the upload URL. */
export function tusUploadKey(uploadUrl: string): string {
  return new URL(uploadUrl, 'http://x').pathname.split('/').filter(Boolean).pop() ?? '';
}

/**
 * tus 1.0 through tus-js-client at `api/v1/tus/upload`: PATCH travels as POST with the method override,
 * every request carries the XSRF header, and the upload URL is remembered by the file's fingerprint, so an
 * interrupted upload (a dropped connection, a reload) resumes from the server's offset. Takes files from 4 MB
 * unless the site turns tus off.
 */
export const tusDriver: UploadDriver = {
  name: 'tus',
  canUpload: (file, { disableTus }) => !disableTus && file.size >= TUS_THRESHOLD,
  upload: (context) => uploadResumably(context),
};

function uploadResumably({
  file,
  item,
  http,
  signal,
  onProgress,
  metadata,
  xsrfToken,
}: DriverContext): Promise<FileEntry> {
  return new Promise<string>((resolve, reject) => {
    const endpoint = new URL(http.url(TUS_ENDPOINT), globalThis.location?.href ?? 'http://localhost').href;
    const upload = new Upload(file, {
      endpoint,
      retryDelays: [...TUS_RETRY_DELAYS],
      overridePatchMethod: true,
      metadata: {
        name: item.name,
        mime: item.mime || 'application/octet-stream',
        ...(item.relativePath ? { relativePath: item.relativePath } : {}),
        ...Object.fromEntries(Object.entries(metadata).map(([name, value]) => [name, String(value)])),
      },
      fingerprint: () => Promise.resolve(`backline-tus:${item.fingerprint}:${endpoint}`),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        // Read per request: the token may rotate while a long upload runs.
        const token = xsrfToken();
        if (token) request.setHeader(XSRF_HEADER, token);
        const xhr = request.getUnderlyingObject() as XMLHttpRequest | undefined;
        if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
      },
      onShouldRetry: (error) => shouldRetryTus(error.originalResponse?.getStatus() ?? 0),
      onProgress: (sent) => onProgress(sent),
      onSuccess: () => resolve(upload.url ?? ''),
      onError: (error) => reject(tusError(error, endpoint)),
    });
    const onAbort = () => {
      // A user abort also removes the partial upload on the server; a time-out keeps it for a retry.
      upload.abort(stoppedByUser(signal)).catch(() => undefined);
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal.aborted) return;
        const resumable = previous.find((candidate) => candidate.size === item.size && candidate.uploadUrl);
        if (resumable) upload.resumeFromPreviousUpload(resumable);
        upload.start();
      })
      .catch(reject);
  }).then(async (uploadUrl) => {
    const { fileEntry } = await http.call(uploads.tusEntries, {
      body: { uploadKey: tusUploadKey(uploadUrl) },
      signal,
    });
    return fileEntry;
  });
}

/** Turns tus-js-client's error into the core's HttpError, so the server's message reaches the item. */
function tusError(error: Error | DetailedError, endpoint: string): Error {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return error;
  let body: unknown = response.getBody();
  try {
    body = JSON.parse(String(body));
  } catch {
    // A plain-text answer (tus servers often send one) stays as text.
  }
  const method = 'originalRequest' in error ? (error.originalRequest?.getMethod() ?? 'POST') : 'POST';
  return new HttpError({ status: response.getStatus(), method, url: endpoint, body, cause: error });
}
