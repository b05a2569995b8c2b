import type { AnswerOf, localization } from '@backline/core/contract';

/**
 * The resources the account page shows, inferred from the contract (`@backline/core/contract`), so the page
 * reads exactly what the server answers.
 */
export type {
  AccessToken,
  Session as UserSession,
  SocialProfile,
  User as AccountUser,
  ValueLists,
} from '@backline/core/contract';

/** `POST users/me/locale`. */
export type LocaleResponse = AnswerOf<typeof localization.changeLocale>;
