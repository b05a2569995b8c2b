import { localization } from '@backline/core/contract';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { setI18nLines } from '@backline/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleResponse } from '../shared/types';

/**
 * Switches the interface language: `POST users/me/locale` (for a visitor it sets a cookie, for a user it
 * also saves `users.language`), then the answer's lines are swapped into i18next and the bootstrap store, so
 * every visible string changes without a reload.
 */
export function useChangeLocale(): (locale: string) => Promise<LocaleResponse['locale']> {
  const http = useHttp();
  const store = useBootstrapStore();
  const { i18n } = useTranslation();
  return useCallback(
    async (locale: string) => {
      const answer = await http.call(localization.changeLocale, { body: { locale } });
      const { language, lines } = answer.locale;
      await setI18nLines(i18n, { language, lines });
      store.update((data) => ({
        ...data,
        i18n: { language, lines },
        user: data.user ? { ...data.user, language } : data.user,
      }));
      if (typeof document !== 'undefined') document.documentElement.lang = language;
      return answer.locale;
    },
    [http, store, i18n],
  );
}
