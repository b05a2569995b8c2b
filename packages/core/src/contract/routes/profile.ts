import * as z from 'zod/mini';
import { route } from '../route';
import { UserAnswer } from '../schemas/user';

/** The most characters a display name may have. */
export const DISPLAY_NAME_MAX = 100;

/**
 * The public profile fields a user sets for themselves. `display_name` is the name shown on their profile and
 * next to what they share; empty or null clears it, and the user is shown by first and last name (or the part of
 * the address before the @) again.
 */
export const ProfileBody = z.object({
  display_name: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: 'The display name field must be a string.' }).check(
          z.trim(),
          z.maxLength(
            DISPLAY_NAME_MAX,
            `The display name field must not be greater than ${DISPLAY_NAME_MAX} characters.`,
          ),
          // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
          z.refine((value) => !/[\u0000-\u001f\u007f]/.test(value), {
            message: 'The display name field contains characters that are not allowed.',
          }),
        ),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  ),
});
export type ProfileBody = z.input<typeof ProfileBody>;

/** `PUT users/me/profile`: change your public profile fields; answers the user as they now are. */
export const update = route({
  method: 'PUT',
  path: 'users/me/profile',
  tag: 'profile',
  summary: 'Update your public profile (display name)',
  auth: true,
  body: ProfileBody,
  response: UserAnswer,
});
