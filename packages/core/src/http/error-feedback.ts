import { type ErrorAction, HttpError, normalizeFieldErrors } from './http-error';

/** The toast text when a failed call names no field and the server sent no message (spec §8). */
export const DEFAULT_ERROR_MESSAGE = 'There was an issue. Please try again later.';

/** What a screen does with a failed call: mark fields, or show a toast (with the server's action). */
export interface ErrorFeedback {
  /** The first message of each field the server named. */
  fieldErrors: Record<string, string>;
  /** The field to focus: the first one named, in the server's order. */
  firstField: string | undefined;
  /** The toast to show when no field errors apply; undefined when the fields carry the feedback. */
  toast: { message: string; action: ErrorAction | undefined } | undefined;
}

export interface ErrorFeedbackOptions {
  /** Ask for this field's error as the toast message (a form with a single file field, say). */
  field?: string;
  /** The fallback when the server sent nothing usable; "There was an issue. Please try again later." by default. */
  fallback?: string;
  /** Translates the fallback (the spec's English text is the key). Server messages arrive translated. */
  translate?: (key: string) => string;
}

/**
 * The message for an error: the named field's first error when `field` is given and present, else the
 * server's message, else undefined.
 */
export function errorMessage(error: unknown, field?: string): string | undefined {
  const { errors, message } = readError(error);
  if (field && errors[field]?.[0]) return errors[field][0];
  return message;
}

/**
 * Turns any error into feedback (spec accounts §5 and §8): field errors go to their fields and the first
 * one is focused; without field errors, a toast shows the server's message or the generic text, with the
 * response's action attached.
 */
export function errorFeedback(error: unknown, options: ErrorFeedbackOptions = {}): ErrorFeedback {
  const { errors, action } = readError(error);
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) if (messages[0]) fieldErrors[field] = messages[0];
  const firstField = Object.keys(fieldErrors)[0];
  if (firstField && !options.field) return { fieldErrors, firstField, toast: undefined };
  const fallback = options.fallback ?? DEFAULT_ERROR_MESSAGE;
  const message =
    errorMessage(error, options.field) ?? (options.translate ? options.translate(fallback) : fallback);
  return { fieldErrors, firstField, toast: { message, action } };
}

function readError(error: unknown): {
  errors: Record<string, string[]>;
  message: string | undefined;
  action: ErrorAction | undefined;
} {
  if (error instanceof HttpError) {
    return { errors: error.errors, message: error.serverMessage, action: error.action };
  }
  // Anything else shaped like a server answer (a stored response body, another client's error).
  const body = (error as { body?: unknown } | null)?.body ?? error;
  if (body && typeof body === 'object' && !(body instanceof Error)) {
    const { message, errors, action } = body as { message?: unknown; errors?: unknown; action?: unknown };
    const validAction =
      action &&
      typeof action === 'object' &&
      typeof (action as ErrorAction).label === 'string' &&
      typeof (action as ErrorAction).action === 'string'
        ? (action as ErrorAction)
        : undefined;
    return {
      errors: normalizeFieldErrors(errors),
      message: typeof message === 'string' && message ? message : undefined,
      action: validAction,
    };
  }
  return { errors: {}, message: undefined, action: undefined };
}
