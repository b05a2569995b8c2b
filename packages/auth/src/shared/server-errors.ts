import {
  DEFAULT_ERROR_MESSAGE,
  type ErrorAction,
  errorFeedback,
  errorMessage,
  isHttpError,
} from '@backline/core';

/** What a form shows for a failed call: errors on its own fields, or else one toast. */
export interface FormFeedback {
  /** First message per field, only for fields this form has. */
  fieldErrors: Record<string, string>;
  /** Set when no field of this form carries the feedback. */
  toast: { message: string; action: ErrorAction | undefined } | undefined;
}

/**
 * Spec accounts §5 and §8 for one form: server field errors land on the form's fields (the form then
 * focuses the first). Without any for this form, a toast shows the server's message, else the error of a
 * field the form does not show, else "There was an issue. Please try again later.".
 */
export function formFeedback(
  error: unknown,
  fields: readonly string[],
  translate?: (key: string) => string,
): FormFeedback {
  const feedback = errorFeedback(error, translate ? { translate } : {});
  if (feedback.toast) return { fieldErrors: {}, toast: feedback.toast };
  const own = new Set(fields);
  const fieldErrors: Record<string, string> = {};
  let elsewhere: string | undefined;
  for (const [field, message] of Object.entries(feedback.fieldErrors)) {
    if (own.has(field)) fieldErrors[field] = message;
    else elsewhere ??= message;
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, toast: undefined };
  const message =
    errorMessage(error) ??
    elsewhere ??
    (translate ? translate(DEFAULT_ERROR_MESSAGE) : DEFAULT_ERROR_MESSAGE);
  return { fieldErrors, toast: { message, action: isHttpError(error) ? error.action : undefined } };
}
