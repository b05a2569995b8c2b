import * as z from 'zod/mini';
import { requiredString } from '../fields';
import { route } from '../route';
import { Localization } from '../schemas/localization';

/** The cookie that keeps a visitor's chosen language. */
export const LOCALE_COOKIE = 'locale';

/**
 * `POST users/me/locale`: switches the caller's language (saved on the user, and in a cookie for visitors too);
 * answers the language's lines.
 */
export const changeLocale = route({
  method: 'POST',
  path: 'users/me/locale',
  tag: 'localization',
  summary: "Switch the caller's language; answers the lines",
  body: z.object({
    locale: requiredString('locale').check(z.maxLength(20, 'The selected locale is invalid.')),
  }),
  response: z.object({ locale: Localization }),
});
