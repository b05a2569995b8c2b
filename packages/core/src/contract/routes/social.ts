import * as z from 'zod/mini';
import { SOCIAL_SERVICES } from '../constants';
import { booleanish, passwordField } from '../fields';
import { raw, route } from '../route';
import { SocialProfile } from '../schemas/user';
import { LoginAnswer } from './auth';

export {
  SOCIAL_MESSAGE_TYPE,
  SOCIAL_SERVICES,
  SOCIAL_STATUSES,
  type SocialService,
  type SocialStatus,
} from '../constants';

/** Where the provider routes live: popup starts and provider callbacks. */
export const SOCIAL_PREFIX = '/secure/auth/social';

/** What the popup's window message carries besides its type and status. */
export const SocialCallbackData = z.object({
  bootstrapData: z.optional(z.string()),
  errorMessage: z.optional(z.string()),
  /** The login needs its second factor (the account has two-factor on). */
  two_factor: z.optional(z.boolean()),
  /** The address of the account a REQUEST_PASSWORD asks the password of. */
  email: z.optional(z.string()),
});
export type SocialCallbackData = z.infer<typeof SocialCallbackData>;

const ServiceParams = z.object({ service: z.enum(SOCIAL_SERVICES, { error: 'Unknown social service.' }) });

/**
 * The popup pages: they redirect to the provider, and the callback page posts its outcome to the opener
 * (`SUCCESS` with bootstrap data, `REQUEST_PASSWORD`, `ALREADY_LOGGED_IN` or `ERROR` with a message).
 */
const popup = raw('text/html', 'A redirect to the provider, or the page that reports to the opener');

/** `GET secure/auth/social/{service}/login`: sign in with a provider, in a popup. */
export const login = route({
  method: 'GET',
  path: 'secure/auth/social/{service}/login',
  tag: 'social',
  summary: 'Sign in with a provider (popup)',
  params: ServiceParams,
  response: popup,
  token: false,
});

/** `GET secure/auth/social/{service}/connect`: link a provider to the signed-in account, in a popup. */
export const connectPopup = route({
  method: 'GET',
  path: 'secure/auth/social/{service}/connect',
  tag: 'social',
  summary: 'Link a provider (popup)',
  params: ServiceParams,
  response: popup,
  errors: [401],
  token: false,
});

/** `GET secure/auth/social/{service}/callback`: where the provider sends the popup back. */
export const callback = route({
  method: 'GET',
  path: 'secure/auth/social/{service}/callback',
  tag: 'social',
  summary: "The provider's redirect back into the popup",
  params: ServiceParams,
  query: z.record(z.string(), z.unknown()),
  response: popup,
  token: false,
});

/**
 * `POST secure/auth/social/connect`: links the provider account waiting in this browser's session to the
 * existing account with the same address, given that account's password; then signs in. Anything else the
 * client sends is ignored, never trusted.
 */
export const connect = route({
  method: 'POST',
  path: 'secure/auth/social/connect',
  tag: 'social',
  summary: 'Link the pending provider account to the existing account, with its password',
  body: z.catchall(z.object({ password: passwordField(), remember: z.optional(booleanish) }), z.unknown()),
  response: LoginAnswer,
  rateLimited: true,
  token: false,
});

/** `POST secure/auth/social/{service}/disconnect`: answers the profiles still linked. */
export const disconnect = route({
  method: 'POST',
  path: 'secure/auth/social/{service}/disconnect',
  tag: 'social',
  summary: 'Unlink a provider from the signed-in user',
  auth: true,
  params: ServiceParams,
  response: z.object({ social_profiles: z.array(SocialProfile) }),
  token: false,
});
