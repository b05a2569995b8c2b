import type { ErrorAction, FieldErrors } from '../contract/schemas/common';

/** A link the server attaches to an error (shown as the toast's action), and field name to its messages. */
export type { ErrorAction, FieldErrors };

/**
 * The error shape as the client reads it: the contract's `ErrorBody`, read leniently (a server outside Backline
 * may send one message per field as a bare string; the client always turns it into a list).
 */
export interface ErrorResponseBody {
  message?: string;
  errors?: Record<string, string | string[]>;
  action?: ErrorAction;
}

export interface HttpErrorInit {
  status: number;
  method: string;
  url: string;
  body?: unknown;
  headers?: Headers;
  cause?: unknown;
}

/**
 * A failed call. `status` is 0 when no answer arrived (network failure). `errors` holds the server's
 * field errors, normalised to lists; `serverMessage` is the server's own message, if it sent one.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The parsed response body (JSON or text), if any. */
  readonly body: unknown;
  readonly headers: Headers | undefined;
  readonly errors: FieldErrors;
  readonly action: ErrorAction | undefined;
  readonly serverMessage: string | undefined;

  constructor(init: HttpErrorInit) {
    const parsed = readErrorBody(init.body);
    super(
      parsed.message ??
        (init.status ? `Request failed with status ${init.status}` : 'The request could not be sent'),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'HttpError';
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    this.headers = init.headers;
    this.errors = parsed.errors;
    this.action = parsed.action;
    this.serverMessage = parsed.message;
  }

  /** True when the request never got an answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Narrows an unknown error to an `HttpError`. */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** Normalises `{field: string | string[]}` into `{field: string[]}`, dropping empty and non-string entries. */
export function normalizeFieldErrors(errors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return out;
  for (const [field, value] of Object.entries(errors)) {
    const list = (Array.isArray(value) ? value : [value]).filter(
      (message): message is string => typeof message === 'string' && message !== '',
    );
    if (list.length) out[field] = list;
  }
  return out;
}

function readErrorBody(body: unknown): { message?: string; errors: FieldErrors; action?: ErrorAction } {
  if (!body || typeof body !== 'object') return { errors: {} };
  const { message, errors, action } = body as ErrorResponseBody;
  const validAction =
    action &&
    typeof action === 'object' &&
    typeof action.label === 'string' &&
    typeof action.action === 'string'
      ? { label: action.label, action: action.action }
      : undefined;
  return {
    message: typeof message === 'string' && message ? message : undefined,
    errors: normalizeFieldErrors(errors),
    action: validAction,
  };
}
