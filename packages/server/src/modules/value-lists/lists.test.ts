import { describe, expect, it } from 'vitest';
import { countryOptions, isValidCountry, isValidTimezone, timezoneGroups } from './lists';

describe('value lists', () => {
  it('accept listed zones, UTC and aliases Intl knows, and nothing else', () => {
    expect(isValidTimezone('Europe/Madrid')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    // A legacy name a browser may still report.
    expect(isValidTimezone('Europe/Kiev')).toBe(true);
    for (const bad of ['Mars/Olympus_Mons', '', '../../etc/passwd', 'Europe/', 'GMT+5', '+01:00'])
      expect(isValidTimezone(bad)).toBe(false);
  });

  it('accept ISO 3166-1 alpha-2 codes in upper case only', () => {
    expect(isValidCountry('ES')).toBe(true);
    expect(isValidCountry('es')).toBe(false);
    expect(isValidCountry('XX')).toBe(false);
    expect(isValidCountry('ESP')).toBe(false);
    expect(new Set(countryOptions().map((country) => country.code)).size).toBe(countryOptions().length);
  });

  it('group every zone once, with its offset', () => {
    const zones = Object.values(timezoneGroups()).flat();
    expect(new Set(zones.map((zone) => zone.value)).size).toBe(zones.length);
    for (const zone of zones) expect(zone.text).toMatch(/^\(UTC[+-]\d{2}:\d{2}\) \S/);
  });
});
