import { z } from 'zod';

/** `the current_password` → `current password`, the way messages name a field. */
const label = (field: string) => field.replace(/_/g, ' ');

/** A required string whose messages name the field ("The email field is required."). */
export function requiredString(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${label(field)} field is required.`
          : `The ${label(field)} field must be a string.`,
    })
    .min(1, `The ${label(field)} field is required.`);
}

/** A boolean that also accepts the ways HTML forms and query strings spell one (`1`, `on`, `"false"`). */
export const booleanish = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z.enum(['true', '1', 'on', 'yes']).transform(() => true),
  z.enum(['false', '0', 'off', 'no', '']).transform(() => false),
]);
