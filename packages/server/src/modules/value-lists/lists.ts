import { createRequire } from 'node:module';
import type { TimezoneOption } from '@backline/core/contract';
import countries from 'i18n-iso-countries';

/** A timezone as a select offers it. */
export type { TimezoneOption };

let zones: { groups: Record<string, TimezoneOption[]>; valid: Set<string> } | undefined;

/** `GMT+01:00` → `UTC+01:00`; `GMT` → `UTC+00:00`. */
function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part?.replace(/^GMT/, '') || '+00:00';
  return `UTC${offset}`;
}

/**
 * Every IANA zone Intl knows, grouped by region (the part before the first `/`), each with its current UTC
 * offset in the text: `{value: 'Europe/Madrid', text: '(UTC+01:00) Madrid'}`. Computed once per process.
 */
export function timezoneGroups(): Record<string, TimezoneOption[]> {
  return timezones().groups;
}

function timezones() {
  if (zones) return zones;
  const now = new Date();
  const groups: Record<string, TimezoneOption[]> = { UTC: [{ value: 'UTC', text: '(UTC+00:00) UTC' }] };
  const valid = new Set(['UTC']);
  for (const value of Intl.supportedValuesOf('timeZone')) {
    const slash = value.indexOf('/');
    const region = slash > 0 ? value.slice(0, slash) : 'Other';
    const place = (slash > 0 ? value.slice(slash + 1) : value).replace(/_/g, ' ');
    const group = groups[region] ?? [];
    group.push({ value, text: `(${utcOffset(value, now)}) ${place}` });
    groups[region] = group;
    valid.add(value);
  }
  zones = { groups, valid };
  return zones;
}

/**
 * Whether a timezone can be saved: one of the listed zones, or another name Intl accepts (a browser may
 * report a legacy alias such as `Europe/Kiev`).
 */
export function isValidTimezone(value: string): boolean {
  if (timezones().valid.has(value)) return true;
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

let countryList: { code: string; name: string }[] | undefined;

/** ISO 3166-1 alpha-2 countries with their English names, sorted by name. Computed once per process. */
export function countryOptions(): { code: string; name: string }[] {
  if (!countryList) {
    if (!countries.langs().includes('en'))
      countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));
    countryList = Object.entries(countries.getNames('en', { select: 'official' }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countryList;
}

/** Whether `code` is an ISO 3166-1 alpha-2 country code (upper case). */
export function isValidCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countryOptions().some((country) => country.code === code);
}
