import * as z from 'zod/mini';
import { idParam, requiredString } from '../fields';
import { route } from '../route';
import { AccessToken } from '../schemas/user';

/** The permission a user needs to create and use personal access tokens. */
export const API_ACCESS_PERMISSION = 'api.access';

/**
 * What a token may do: `read` calls the routes whose contract grants tokens `read` (GET routes by default), `write`
 * every route that takes tokens at all. A token without `abilities` in its request gets both: full access, as a
 * token created from the account page (which sends only `tokenName`) always had.
 */
export const TOKEN_ABILITIES = ['read', 'write'] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];
/** The abilities a token gets when its creator names none. */
export const DEFAULT_TOKEN_ABILITIES: readonly TokenAbility[] = ['read', 'write'];

/**
 * `POST access-tokens`: a new personal access token; its plain text is answered here only, never again. Refused
 * over a Bearer token (`token: false`): a stolen token must not mint fresh ones that outlive its revocation.
 */
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
    /** `['read']` for a read-only token; both (the default) for full access. */
    abilities: z.optional(z.array(z.enum(TOKEN_ABILITIES)).check(z.minLength(1), z.maxLength(2))),
  }),
  response: z.object({ token: AccessToken, plainTextToken: z.string() }),
  token: false,
});

/**
 * `DELETE access-tokens/{id}`: revokes one of your tokens. Needs no `api.access`: a user can always end their own
 * tokens. Another user's token answers 404, like a missing one. Refused over a Bearer token.
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
  // Only the account page revokes tokens: a stolen token must not be able to delete its owner's other tokens.
  token: false,
});
