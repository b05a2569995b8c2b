/*
 * The contract's plain constants, in a module without schemas: sign-in screens read them on pages that must not
 * load zod (the `/login` budget), while the route modules that need them re-export them from here.
 */

/** Two-factor codes: six characters from an authenticator app. */
export const TWO_FACTOR_CODE_LENGTH = 6;
/** Recovery codes: exactly 21 characters (`xxxxxxxxxx-xxxxxxxxxx`). */
export const RECOVERY_CODE_LENGTH = 21;

/** The providers a user can sign in with. */
export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter'] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

/** The outcomes a social popup reports to its opener. */
export const SOCIAL_STATUSES = ['SUCCESS', 'REQUEST_PASSWORD', 'ALREADY_LOGGED_IN', 'ERROR'] as const;
export type SocialStatus = (typeof SOCIAL_STATUSES)[number];

/** The window message the popup posts to its opener (addressed to the site's own origin only). */
export const SOCIAL_MESSAGE_TYPE = 'social-auth';
