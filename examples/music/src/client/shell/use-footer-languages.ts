import { useChangeLocale } from '@backline/account';
import { formFeedback } from '@backline/auth';
import { valueLists } from '@backline/core/contract';
import { useBootstrap, useHttp, useSettings } from '@backline/core/react';
import { type FooterProps, toast } from '@backline/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * The footer's language picker (spec accounts §2, Footer): only when `i18n.enable` is on, listing the
 * installed localizations (`GET value-lists/localizations`, cached for the session), and switching with
 * `POST users/me/locale`, which works for visitors too and swaps the lines live.
 */
export function useFooterLanguages(): FooterProps['languages'] {
  const enabled = useSettings<boolean>('i18n.enable', true);
  const http = useHttp();
  const { i18n } = useBootstrap();
  const changeLocale = useChangeLocale();
  const { t } = useTranslation();
  const localizations = useQuery({
    queryKey: ['value-lists', 'localizations'],
    queryFn: ({ signal }) =>
      http
        .call(valueLists.show, { params: { names: 'localizations' }, signal })
        .then((answer) => answer.localizations ?? []),
    enabled: Boolean(enabled),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  if (!enabled || !localizations.data || localizations.data.length < 2) return null;
  return {
    options: localizations.data,
    current: i18n.language,
    onChange: (language) => {
      if (language !== i18n.language)
        changeLocale(language).catch((error) => {
          const feedback = formFeedback(error, [], (line) => t(line));
          if (feedback.toast) toast.danger(feedback.toast.message);
        });
    },
  };
}
