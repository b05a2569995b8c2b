import { type HttpClient, HttpError } from '@backline/core';
import {
  type CallInput,
  type CallOutput,
  fillPath,
  METHOD_OVERRIDE_HEADER,
  METHOD_OVERRIDE_PARAM,
  type RouteContract,
  XSRF_HEADER,
} from '@backline/core/contract';

export interface XhrRequest {
  method: 'POST' | 'PUT';
  url: string;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  /** Sends cookies (our own origin); off for presigned bucket URLs. */
  withCredentials?: boolean;
  signal?: AbortSignal;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number) => void;
}

export interface XhrResponse {
  status: number;
  body: unknown;
  header(name: string): string | null;
}

/**
 * One request through XMLHttpRequest, because fetch reports no upload progress. Non-2xx answers reject
 * with the core's `HttpError` (so the server's `{message, errors}` is read the same way everywhere), a
 * network failure with status 0, and an abort with the signal's reason.
 */
export function sendXhr(request: XhrRequest): Promise<XhrResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = Boolean(request.withCredentials);
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => request.onProgress?.(event.loaded);
    xhr.onload = () => {
      done();
      const body = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ status: xhr.status, body, header: (name) => xhr.getResponseHeader(name) });
      } else {
        reject(new HttpError({ status: xhr.status, method: request.method, url: request.url, body }));
      }
    };
    xhr.onerror = () => {
      done();
      reject(
        new HttpError({
          status: 0,
          method: request.method,
          url: request.url,
          cause: new Error('Network error'),
        }),
      );
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(request.body);
  });
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if (/[/+]json\b/i.test(xhr.getResponseHeader('Content-Type') ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** A route whose body travels as a form or raw bytes: what `callWithProgress` sends. */
export type UploadRoute = RouteContract & { bodyType: 'multipart' | 'raw' };

/** What `callWithProgress` needs besides the route's input. */
export interface ProgressOptions {
  signal?: AbortSignal;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number) => void;
  /** The current `XSRF-TOKEN` cookie; echoed in the anti-forgery header. */
  xsrfToken(): string | undefined;
}

/**
 * Calls a route of the contract whose body is a form or raw bytes, like `http.call`, but through
 * XMLHttpRequest so the upload reports its progress (fetch cannot). The URL, the method override and the
 * anti-forgery header follow the same conventions; the answer is typed from the route's response schema.
 */
export async function callWithProgress<C extends UploadRoute>(
  http: HttpClient,
  route: C,
  input: Pick<CallInput<C>, 'params' | 'body'>,
  options: ProgressOptions,
): Promise<CallOutput<C>> {
  const path = fillPath(route.path, (input as { params?: Record<string, unknown> }).params);
  const overridden = route.method !== 'POST' && route.method !== 'GET';
  const token = options.xsrfToken();
  const response = await sendXhr({
    method: 'POST',
    url: http.url(path, overridden ? { [METHOD_OVERRIDE_PARAM]: route.method } : undefined),
    body: input.body as XMLHttpRequestBodyInit,
    headers: {
      Accept: 'application/json',
      ...(overridden ? { [METHOD_OVERRIDE_HEADER]: route.method } : {}),
      ...(token ? { [XSRF_HEADER]: token } : {}),
    },
    withCredentials: true,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  return response.body as CallOutput<C>;
}
