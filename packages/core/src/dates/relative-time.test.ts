import { describe, expect, it } from 'vitest';
import { A_FEW_SECONDS_AGO, formatRelativeTime } from './relative-time';

const now = Date.parse('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000);
const fmt = (seconds: number, numeric: 'auto' | 'always' = 'always') =>
  formatRelativeTime(ago(seconds), { now, locale: 'en', numeric });

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative time', () => {
  it('says "a few seconds ago" under 60 seconds', () => {
    expect(A_FEW_SECONDS_AGO).toBe('a few seconds ago');
    expect(fmt(0)).toBe('a few seconds ago');
    expect(fmt(59)).toBe('a few seconds ago');
    // A timestamp slightly ahead of this clock is still "just now".
    expect(fmt(-20)).toBe('a few seconds ago');
  });

  it('counts minutes, hours, days, weeks, months and years', () => {
    expect(fmt(60)).toBe('1 minute ago');
    expect(fmt(59 * MIN + 59)).toBe('59 minutes ago');
    expect(fmt(HOUR)).toBe('1 hour ago');
    expect(fmt(23 * HOUR)).toBe('23 hours ago');
    expect(fmt(DAY)).toBe('1 day ago');
    expect(fmt(6 * DAY)).toBe('6 days ago');
    expect(fmt(7 * DAY)).toBe('1 week ago');
    expect(fmt(29 * DAY)).toBe('4 weeks ago');
    expect(fmt(31 * DAY)).toBe('1 month ago');
    expect(fmt(364 * DAY)).toBe('11 months ago');
    expect(fmt(366 * DAY)).toBe('1 year ago');
    expect(fmt(3 * 366 * DAY)).toBe('3 years ago');
    expect(fmt(-2 * HOUR)).toBe('in 2 hours');
  });

  it('uses natural words by default and follows the locale', () => {
    expect(fmt(DAY, 'auto')).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * DAY), { now, locale: 'de' })).toBe('vor 3 Tagen');
    expect(formatRelativeTime(ago(2 * HOUR).toISOString(), { now, locale: 'en' })).toBe('2 hours ago');
  });

  it('routes "a few seconds ago" through the translate function', () => {
    const translate = (key: string) => (key === 'a few seconds ago' ? 'il y a quelques secondes' : key);
    expect(formatRelativeTime(ago(5), { now, translate })).toBe('il y a quelques secondes');
  });

  it('answers an empty string for an unreadable date', () => {
    expect(formatRelativeTime('not a date', { now })).toBe('');
  });
});
