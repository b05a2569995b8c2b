import { z } from 'zod';

/** `the current_password` → `current password`, the way messages name a field. */
const label = (field: string) => field.replace(/_/g, ' ');

/**
 * NUL and the other C0 control characters (tab, line feed and carriage return excepted) have no place in text a
 * person typed; PostgreSQL refuses NUL in text columns outright (a 500, found by fuzzing), so they are refused up
 * front, as the contract's fields do.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A required string whose messages name the field ("The email field is required."); control characters are refused. */
export function requiredString(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${label(field)} field is required.`
          : `The ${label(field)} field must be a string.`,
    })
    .min(1, `The ${label(field)} field is required.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      message: `The ${label(field)} field contains characters that are not allowed.`,
      abort: true,
    });
}

/** A boolean that also accepts the ways HTML forms and query strings spell one (`1`, `on`, `"false"`). */
export const booleanish = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z.enum(['true', '1', 'on', 'yes']).transform(() => true),
  z.enum(['false', '0', 'off', 'no', '']).transform(() => false),
]);
