import type { BootstrapData } from '../bootstrap/types';
import { getByPath } from '../settings/settings';

/** The setting naming the site's timezone, used for visitors and users who have not picked one. */
export const DEFAULT_TIMEZONE_SETTING = 'dates.default_timezone';

const known = new Map<string, boolean>();

/** True for a timezone `Intl` can format in (an IANA name such as `Europe/Paris`, or `UTC`). */
export function isValidTimezone(timezone: unknown): timezone is string {
  if (typeof timezone !== 'string' || timezone === '') return false;
  let valid = known.get(timezone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: timezone });
      valid = true;
    } catch {
      valid = false;
    }
    known.set(timezone, valid);
  }
  return valid;
}

/**
 * The timezone dates are shown in: the user's own, else the site's `dates.default_timezone`, else
 * undefined (the browser's). A name `Intl` does not know is skipped rather than throwing at render time.
 */
export function resolveTimezone(data: Pick<BootstrapData, 'user' | 'settings'>): string | undefined {
  const own = data.user?.timezone;
  if (isValidTimezone(own)) return own;
  const fallback = getByPath<unknown>(data.settings, DEFAULT_TIMEZONE_SETTING);
  return isValidTimezone(fallback) ? fallback : undefined;
}

/** Named date formats: `date` (Jun 15, 2026), `datetime` (Jun 15, 2026, 2:05 PM), `time` (2:05 PM), `long`. */
export type DatePreset = 'date' | 'datetime' | 'time' | 'long';

const PRESETS: Record<DatePreset, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  long: { dateStyle: 'long', timeStyle: 'short' },
};

export interface FormatDateOptions {
  /** A preset, or explicit `Intl.DateTimeFormat` options; `date` by default. */
  format?: DatePreset | Intl.DateTimeFormatOptions;
  /** An IANA timezone (see `resolveTimezone`); the runtime's by default. */
  timezone?: string;
  /** A BCP 47 locale; the runtime's by default. */
  locale?: string | string[];
}

/**
 * Formats a date in the given timezone and locale (`formatDate(user.created_at, { timezone })`).
 * Answers '' for a missing or unreadable date, so a row never shows "Invalid Date".
 */
export function formatDate(
  date: Date | number | string | null | undefined,
  { format = 'date', timezone, locale }: FormatDateOptions = {},
): string {
  if (date === null || date === undefined || date === '') return '';
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const options = typeof format === 'string' ? PRESETS[format] : format;
  const timeZone = isValidTimezone(timezone) ? timezone : undefined;
  try {
    return new Intl.DateTimeFormat(locale, { ...options, ...(timeZone && { timeZone }) }).format(value);
  } catch {
    // An unknown locale tag: the runtime's locale still gives a readable date.
    return new Intl.DateTimeFormat(undefined, { ...options, ...(timeZone && { timeZone }) }).format(value);
  }
}
