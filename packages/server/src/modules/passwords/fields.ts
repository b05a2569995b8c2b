import type { z } from 'zod';
import { requiredString } from '../../http/fields';

/** Length bounds only, no composition rules (OWASP ASVS 6.2.1, 6.2.9; NIST SP 800-63B). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A new password: 8 to 128 characters, counted as characters (code points), not UTF-16 units. */
export const newPasswordField = (field = 'password') =>
  requiredString(field)
    .refine((value) => [...value].length >= PASSWORD_MIN, {
      message: `The ${field.replace(/_/g, ' ')} field must be at least ${PASSWORD_MIN} characters.`,
    })
    .refine((value) => [...value].length <= PASSWORD_MAX, {
      message: `The ${field.replace(/_/g, ' ')} field must not be greater than ${PASSWORD_MAX} characters.`,
    });

/** A password being checked (login, confirmation): required, and bounded so no request hashes megabytes. */
export const passwordField = (field = 'password') =>
  requiredString(field).max(1024, `The ${field.replace(/_/g, ' ')} field is too long.`);

/** Adds the `password_confirmation` match to an object schema holding `password`. */
export function withConfirmation<
  T extends z.ZodObject<{ password: z.ZodType<string>; password_confirmation: z.ZodType<string> }>,
>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const { password, password_confirmation } = value as { password: string; password_confirmation: string };
    if (password !== password_confirmation)
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'The password field confirmation does not match.',
      });
  });
}
