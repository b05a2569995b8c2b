/** The text shown for anything under a minute old (a translation key: the spec's English text). */
export const A_FEW_SECONDS_AGO = 'a few seconds ago';

export interface RelativeTimeOptions {
  /** The moment to compare with; now by default. */
  now?: Date | number | string;
  /** A BCP 47 locale for `Intl.RelativeTimeFormat`; the runtime's by default. */
  locale?: string | string[];
  /** `auto` ("yesterday", "last week") by default; `always` gives "1 day ago". */
  numeric?: 'auto' | 'always';
  /** Translates "a few seconds ago"; the other units come translated from Intl. */
  translate?: (key: string) => string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;

/**
 * "a few seconds ago" under 60 seconds, then minutes, hours, days, weeks, months and years through
 * `Intl.RelativeTimeFormat` ("5 minutes ago", "in 3 days"). Answers '' for an unreadable date.
 */
export function formatRelativeTime(date: Date | number | string, options: RelativeTimeOptions = {}): string {
  const then = toTime(date);
  const now = options.now === undefined ? Date.now() : toTime(options.now);
  if (Number.isNaN(then) || Number.isNaN(now)) return '';
  const seconds = (then - now) / 1000;
  const abs = Math.abs(seconds);
  // Clock skew makes "just now" timestamps land a little in the future; they are still "a few seconds ago".
  if (abs < MINUTE) return options.translate ? options.translate(A_FEW_SECONDS_AGO) : A_FEW_SECONDS_AGO;
  const [value, unit] = pickUnit(abs);
  const format = new Intl.RelativeTimeFormat(options.locale, { numeric: options.numeric ?? 'auto' });
  return format.format(seconds < 0 ? -value : value, unit);
}

function pickUnit(abs: number): [number, Intl.RelativeTimeFormatUnit] {
  if (abs < HOUR) return [Math.floor(abs / MINUTE), 'minute'];
  if (abs < DAY) return [Math.floor(abs / HOUR), 'hour'];
  if (abs < WEEK) return [Math.floor(abs / DAY), 'day'];
  if (abs < MONTH) return [Math.floor(abs / WEEK), 'week'];
  if (abs < YEAR) return [Math.max(1, Math.floor(abs / MONTH)), 'month'];
  return [Math.floor(abs / YEAR), 'year'];
}

function toTime(value: Date | number | string): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}
