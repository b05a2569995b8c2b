import * as z from 'zod/mini';
import { idParam, requiredString } from '../fields';
import { route } from '../route';
import { AccessToken } from '../schemas/user';

/** The permission a user needs to create and use personal access tokens. */
export const API_ACCESS_PERMISSION = 'api.access';

/** `POST access-tokens`: a new personal access token; its plain text is answered here only, never again. */
export const create = route({
  method: 'POST',
  path: 'access-tokens',
  tag: 'access-tokens',
  summary: 'Create a personal access token; the plain text is answered only here',
  description: 'Needs the public setting `api.integrated` on (403 otherwise).',
  auth: true,
  permission: API_ACCESS_PERMISSION,
  body: z.object({
    tokenName: requiredString('tokenName').check(
      z.maxLength(100, 'The token name must not be greater than 100 characters.'),
    ),
  }),
  response: z.object({ token: AccessToken, plainTextToken: z.string() }),
});

/**
 * `DELETE access-tokens/{id}`: revokes one of your tokens. Needs no `api.access`: a user can always end their own
 * tokens. Another user's token answers 404, like a missing one.
 */
export const remove = route({
  method: 'DELETE',
  path: 'access-tokens/{id}',
  tag: 'access-tokens',
  summary: 'Revoke one of your personal access tokens',
  auth: true,
  params: z.object({ id: idParam() }),
  response: z.object({}),
  errors: [404],
});
