import { useDates } from '@backline/core/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** `3:07`, or `1:02:07` past an hour: a track's length as players show it. */
export function clockDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Numbers, lengths and dates in the site language and the listener's time zone, so "1,234 plays" reads
 * "1.234" in Spanish and a release day is the day the listener sees on their calendar.
 */
export function useFormat() {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(dates.locale);
    const compact = new Intl.NumberFormat(dates.locale, { notation: 'compact', maximumFractionDigits: 1 });
    return {
      number: (value: number) => numbers.format(value),
      compact: (value: number) => compact.format(value),
      clock: clockDuration,
      /** A collection's length in words: "1 hr 12 min", "42 min". */
      length: (ms: number) => {
        const minutes = Math.round(ms / 60_000);
        const hours = Math.floor(minutes / 60);
        return hours > 0
          ? t(':hours hr :minutes min', {
              hours: numbers.format(hours),
              minutes: numbers.format(minutes % 60),
            })
          : t(':minutes min', { minutes: numbers.format(minutes) });
      },
      /** A release day (`YYYY-MM-DD`), a calendar date that no time zone may shift. */
      day: (value: string | null | undefined) =>
        value ? dates.format(`${value}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : '',
      year: (value: string | null | undefined) => (value ? value.slice(0, 4) : ''),
      date: (value: string | null | undefined) => (value ? dates.format(value, 'date') : ''),
      relative: (value: string) => dates.relative(value, t),
    };
  }, [dates, t]);
}
