import type { ErrorBody, FieldErrors } from '@backline/core/contract';
import type { Context, Middleware } from 'koa';
import { $ZodError } from 'zod/v4/core';
import { isDatabaseUnavailable } from '../db/database';

export type { ErrorBody, FieldErrors };

/** Throw one of these from a handler to answer a clean 4xx. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly headers?: Record<string, string>,
    public readonly action?: { label: string; action: string },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 422 with field errors; the message is the first field error, as clients show it in a toast. */
export class ValidationError extends HttpError {
  constructor(errors: FieldErrors, message?: string) {
    super(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
    this.name = 'ValidationError';
  }
}

/** Turns a zod failure into field errors keyed by the dotted path of the field. */
export function zodFieldErrors(error: $ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

const GENERIC_5XX = 'There was an issue. Please try again later.';
const UNAVAILABLE = 'The site is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client should wait before retrying while the database is unreachable or saturated. */
const UNAVAILABLE_RETRY_AFTER = '5';

/**
 * Outermost middleware: every failure becomes `{message, errors?}` with the right status. Unknown errors
 * answer 500 with a generic message; their stack goes to the log, never to the client.
 */
export function errorHandler(log: (error: unknown, ctx: Context) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const body = toErrorBody(error);
      ctx.status = body.status;
      if (error instanceof HttpError && error.headers) ctx.set(error.headers);
      if (body.status === 503 && !(error instanceof HttpError))
        ctx.set('Retry-After', UNAVAILABLE_RETRY_AFTER);
      ctx.body = body.body;
      if (body.status >= 500) log(error, ctx);
    }
  };
}

function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { message: error.message };
    if (error.errors) body.errors = error.errors;
    if (error.action) body.action = error.action;
    return { status: error.status, body };
  }
  if (error instanceof $ZodError) {
    const errors = zodFieldErrors(error);
    return { status: 422, body: { message: Object.values(errors)[0]?.[0] ?? 'Invalid input.', errors } };
  }
  // Errors from koa-body, koa-send and ctx.throw carry a status and say whether the message is safe.
  const status =
    (error as { status?: unknown; statusCode?: unknown })?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const expose = (error as { expose?: boolean }).expose !== false;
    const message = expose && error instanceof Error && error.message ? error.message : 'Bad request.';
    return { status, body: { message } };
  }
  // The database down or every connection busy: a fast "try again", which clients and proxies know how to retry,
  // instead of a 500 that reads like a bug (or a request that hangs until the visitor gives up).
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: UNAVAILABLE } };
  return { status: 500, body: { message: GENERIC_5XX } };
}
