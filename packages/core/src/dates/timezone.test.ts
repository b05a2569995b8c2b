import { describe, expect, it } from 'vitest';
import { EMPTY_BOOTSTRAP } from '../bootstrap/bootstrap-store';
import type { BootstrapData, User } from '../bootstrap/types';
import { formatDate, isValidTimezone, resolveTimezone } from './timezone';

const user = (timezone: string | null): User => ({ id: 1, email: 'a@example.com', timezone });
const data = (timezone: string | null, fallback?: string): BootstrapData => ({
  ...EMPTY_BOOTSTRAP,
  user: timezone === undefined ? null : user(timezone),
  settings: fallback ? { dates: { default_timezone: fallback } } : {},
});
// 23:30 UTC on June 15 is already June 16 in Tokyo and still June 15 in New York.
const moment = '2026-06-15T23:30:00Z';

describe('timezone-aware dates', () => {
  it("uses the user's timezone first, then dates.default_timezone, then the runtime's", () => {
    expect(resolveTimezone(data('Asia/Tokyo', 'Europe/Paris'))).toBe('Asia/Tokyo');
    expect(resolveTimezone(data(null, 'Europe/Paris'))).toBe('Europe/Paris');
    expect(resolveTimezone({ ...EMPTY_BOOTSTRAP, settings: { dates: { default_timezone: 'UTC' } } })).toBe(
      'UTC',
    );
    expect(resolveTimezone(data(null))).toBeUndefined();
  });

  it('skips names Intl does not know instead of failing to render', () => {
    expect(isValidTimezone('Europe/Paris')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
    expect(resolveTimezone(data('Mars/Olympus', 'America/New_York'))).toBe('America/New_York');
  });

  it('formats the same moment on the calendar day of the timezone', () => {
    expect(formatDate(moment, { timezone: 'Asia/Tokyo', locale: 'en-US' })).toBe('Jun 16, 2026');
    expect(formatDate(moment, { timezone: 'America/New_York', locale: 'en-US' })).toBe('Jun 15, 2026');
    expect(formatDate(moment, { timezone: 'UTC', locale: 'en-US', format: 'time' })).toBe('11:30 PM');
    expect(formatDate(moment, { timezone: 'Asia/Tokyo', locale: 'en-US', format: 'time' })).toBe('8:30 AM');
    expect(formatDate(moment, { timezone: 'UTC', locale: 'es', format: 'date' })).toBe('15 jun 2026');
  });

  it('answers an empty string for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
