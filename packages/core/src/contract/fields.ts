import * as z from 'zod/mini';

/**
 * Field schemas shared by the contract's routes and by forms that check input before sending it. Messages
 * name the field the way the server's answers do ("The email field is required."), so a form that checks
 * locally shows exactly what the server would have said.
 */

/** `current_password` → `current password`, the way messages name a field. */
const label = (field: string) => field.replace(/_/g, ' ');

/** Longest string any text field accepts unless it says otherwise; nothing legitimate is longer. */
export const TEXT_MAX = 10_000;

/**
 * NUL and the other C0 control characters (tab, line feed and carriage return excepted) have no place in
 * text a person typed; PostgreSQL refuses NUL in text columns outright, so they are refused up front.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A required string whose messages name the field; control characters are refused. */
export function requiredString(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${label(field)} field is required.`
          : `The ${label(field)} field must be a string.`,
    })
    .check(
      z.minLength(1, `The ${label(field)} field is required.`),
      z.refine((value) => !CONTROL_CHARACTERS.test(value), {
        message: `The ${label(field)} field contains characters that are not allowed.`,
        abort: true,
      }),
    );
}

/** An optional, nullable string of at most `max` characters; control characters are refused. */
export function optionalString(field: string, max = 255) {
  return z.optional(
    z.nullable(
      z.string({ error: `The ${label(field)} field must be a string.` }).check(
        z.maxLength(max, `The ${label(field)} field must not be greater than ${max} characters.`),
        z.refine((value) => !CONTROL_CHARACTERS.test(value), {
          message: `The ${label(field)} field contains characters that are not allowed.`,
        }),
      ),
    ),
  );
}

/** A required string bounded to `max` characters. */
export function boundedString(field: string, max = 255) {
  return requiredString(field).check(
    z.maxLength(max, `The ${label(field)} field must not be greater than ${max} characters.`),
  );
}

/** A boolean that also accepts the ways HTML forms and query strings spell one (`1`, `on`, `"false"`). */
export const booleanish = z.union([
  z.boolean(),
  z.pipe(
    z.literal(1),
    z.transform(() => true),
  ),
  z.pipe(
    z.literal(0),
    z.transform(() => false),
  ),
  z.pipe(
    z.enum(['true', '1', 'on', 'yes']),
    z.transform(() => true),
  ),
  z.pipe(
    z.enum(['false', '0', 'off', 'no', '']),
    z.transform(() => false),
  ),
]);

/** Largest id a 32-bit `integer` key column holds; larger ids cannot exist, so they answer 404, not a 500. */
export const MAX_ID = 2_147_483_647;

/**
 * A database id as it arrives in a path or query string: a positive integer within the key column's range.
 * Anything else ("abc", "1e3", "2147483648") is refused with the field's message.
 */
export function idParam(field = 'id') {
  return z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], { error: `The ${label(field)} must be a positive whole number.` }),
      z.pipe(
        z.transform((value: string | number) => String(value)),
        z.string().check(z.regex(/^[1-9]\d{0,9}$/, `The ${label(field)} must be a positive whole number.`)),
      ),
    ),
    z.pipe(
      z.transform((value: string) => Number(value)),
      z.number().check(z.lte(MAX_ID, `The ${label(field)} must be a positive whole number.`)),
    ),
  );
}

/** A database id in a JSON body: a positive integer within the key column's range. */
export function idField(field = 'id') {
  return z
    .number({ error: `The ${label(field)} must be a positive whole number.` })
    .check(
      z.int(`The ${label(field)} must be a positive whole number.`),
      z.gte(1, `The ${label(field)} must be a positive whole number.`),
      z.lte(MAX_ID, `The ${label(field)} must be a positive whole number.`),
    );
}

/**
 * The one normal form of an address: NFKC folds compatibility look-alikes (full-width `ａｄｍｉｎ`, ligatures)
 * into plain letters, then lower case. Storage, look-up and every rate-limit key use it, so `ADMIN@…`,
 * `Admin@…` and `ａｄｍｉｎ@…` are one account and one counter, never several.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** An email field: required, at most 255 characters, normalised, then checked as an address. */
export const emailField = z.pipe(
  requiredString('email').check(z.maxLength(255, 'The email field must not be greater than 255 characters.')),
  z.pipe(z.transform(normalizeEmail), z.email('The email field must be a valid email address.')),
);

/** Length bounds only, no composition rules (OWASP ASVS 6.2.1, 6.2.9; NIST SP 800-63B). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A new password: 8 to 128 characters, counted as characters (code points), not UTF-16 units. */
export function newPasswordField(field = 'password') {
  return requiredString(field).check(
    z.refine((value) => [...value].length >= PASSWORD_MIN, {
      message: `The ${label(field)} field must be at least ${PASSWORD_MIN} characters.`,
    }),
    z.refine((value) => [...value].length <= PASSWORD_MAX, {
      message: `The ${label(field)} field must not be greater than ${PASSWORD_MAX} characters.`,
    }),
  );
}

/** A password being checked (login, confirmation): required, and bounded so no request hashes megabytes. */
export function passwordField(field = 'password') {
  return requiredString(field).check(z.maxLength(1024, `The ${label(field)} field is too long.`));
}

/** The message a mismatched confirmation answers with. */
export const PASSWORD_MISMATCH = 'The password field confirmation does not match.';

/** Adds the `password_confirmation` match to an object schema holding `password`. */
export function withConfirmation<
  S extends z.ZodMiniType<{ password: string; password_confirmation: string }>,
>(schema: S): S {
  return schema.check(
    z.superRefine((value, ctx) => {
      if (value.password !== value.password_confirmation)
        ctx.issues.push({
          code: 'custom',
          path: ['password_confirmation'],
          message: PASSWORD_MISMATCH,
          input: value.password_confirmation,
        });
    }),
  );
}
