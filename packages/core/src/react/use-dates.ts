import { useMemo } from 'react';
import { formatRelativeTime } from '../dates/relative-time';
import { type DatePreset, formatDate, resolveTimezone } from '../dates/timezone';
import { useBootstrap } from './hooks';

export interface DateFormatter {
  /** The timezone in force: the user's, else `dates.default_timezone`, else undefined (the browser's). */
  timezone: string | undefined;
  /** The site language (bootstrap `i18n.language`), used as the locale. */
  locale: string;
  /** Formats a date in that timezone and locale; '' for a missing date. */
  format(
    date: Date | number | string | null | undefined,
    format?: DatePreset | Intl.DateTimeFormatOptions,
  ): string;
  /** "5 minutes ago" in the site language; `translate` covers "a few seconds ago". */
  relative(date: Date | number | string, translate?: (key: string) => string): string;
}

/** Date formatting that follows the signed-in user's timezone and language; re-renders when they change. */
export function useDates(): DateFormatter {
  const data = useBootstrap();
  const timezone = resolveTimezone(data);
  const locale = data.i18n.language || 'en';
  return useMemo(
    () => ({
      timezone,
      locale,
      format: (date, format) => formatDate(date, { format, timezone, locale }),
      relative: (date, translate) => formatRelativeTime(date, { locale, translate }),
    }),
    [timezone, locale],
  );
}
