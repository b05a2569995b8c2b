import * as z from 'zod/mini';
import { booleanish, CONTROL_CHARACTERS, idParam } from '../fields';
import { route } from '../route';
import { BootstrapAnswer } from '../schemas/bootstrap';
import { UserAnswer } from '../schemas/user';

/**
 * The account routes: read and update a user, the avatar, and account deletion. Each acts on the signed-in
 * user (`me` or their own id); holders of `users.update` may also read others. A path id that is neither answers
 * 422 "Not found." without saying whether the user exists.
 */
export const UserParams = z.object({ id: z.union([z.literal('me'), idParam()], { error: 'Not found.' }) });

/** The relations `GET users/{id}?with=` can add. */
export const USER_RELATIONS = ['roles', 'social_profiles', 'tokens'] as const;

/** `GET users/{id}?with=roles,social_profiles,tokens`: the user, with the relations asked for. */
export const show = route({
  method: 'GET',
  path: 'users/{id}',
  tag: 'account',
  summary: 'A user, with `with=roles,social_profiles,tokens`',
  description:
    'Token names are only listed for the owner; recovery codes only right after a password confirmation.',
  auth: true,
  params: UserParams,
  query: z.catchall(
    z.object({
      // `with=roles,tokens`, or the key repeated.
      with: z.pipe(
        z.optional(
          z.union([
            z.string().check(z.maxLength(200)),
            z.array(z.string().check(z.maxLength(200))).check(z.maxLength(10)),
          ]),
        ),
        z.transform((value) => [value ?? []].flat().join(',')),
      ),
    }),
    z.unknown(),
  ),
  response: UserAnswer,
  errors: [404],
});

/** A name part: trimmed, at most 100 characters; empty clears it. */
const optionalName = (field: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: `The ${field} field must be a string.` }).check(
          z.trim(),
          z.maxLength(100, `The ${field} field must not be greater than 100 characters.`),
          // NUL and other control characters: PostgreSQL refuses NUL in text outright, and no name holds one.
          z.refine((value) => !CONTROL_CHARACTERS.test(value), {
            message: `The ${field} field contains characters that are not allowed.`,
          }),
        ),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  );
/** A language, country or timezone code; checked against the installed lists by the server. */
const optionalCode = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64))));

/** The profile fields a user may change; empty strings clear the field. */
export const ProfileFields = z.object({
  first_name: optionalName('first name'),
  last_name: optionalName('last name'),
  language: optionalCode,
  country: optionalCode,
  timezone: optionalCode,
});
export type ProfileFields = z.input<typeof ProfileFields>;

/** `PUT users/{id}`: change your name, language, country and timezone. */
export const update = route({
  method: 'PUT',
  path: 'users/{id}',
  tag: 'account',
  summary: 'Update your name, language, country and timezone',
  auth: true,
  params: UserParams,
  body: ProfileFields,
  response: UserAnswer,
});

/** The avatar's limits: images only, at most 2 MB. */
export const AVATAR_RESTRICTIONS = { allowedMimes: ['image/*'], maxSize: 2 * 1024 * 1024 } as const;

/**
 * `POST users/{id}/avatar`: a multipart `file` (an image, at most 2 MB), or JSON `{url}` naming an image the user
 * already uploaded to this site (`/api/v1/file-entries/{id}`); remote URLs are refused, never fetched.
 */
export const uploadAvatar = route({
  method: 'POST',
  path: 'users/{id}/avatar',
  tag: 'account',
  summary:
    'Set your avatar: multipart `file` (an image, at most 2 MB) or the `url` of an image uploaded here',
  auth: true,
  params: UserParams,
  bodyType: 'multipart',
  body: z.object({ url: z.optional(z.string()) }),
  response: UserAnswer,
  errors: [413, 503],
});

/** `DELETE users/{id}/avatar`. */
export const removeAvatar = route({
  method: 'DELETE',
  path: 'users/{id}/avatar',
  tag: 'account',
  summary: 'Remove your avatar',
  auth: true,
  params: UserParams,
  response: UserAnswer,
});

/**
 * `DELETE users/{id}?deleteCurrentUser=true`: deletes your own account and everything modules keep for it, then
 * answers the visitor's bootstrap data. Needs the browser session: an API token cannot erase its owner.
 */
export const destroy = route({
  method: 'DELETE',
  path: 'users/{id}',
  tag: 'account',
  summary: 'Delete your own account (`deleteCurrentUser=true`); answers the guest bootstrap data',
  auth: true,
  params: UserParams,
  query: z.catchall(z.object({ deleteCurrentUser: z.optional(booleanish) }), z.unknown()),
  response: BootstrapAnswer,
  token: false,
});
