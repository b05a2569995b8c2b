import { describe, expect, it } from 'vitest';
import { ipCountry } from './describe-session';

describe('ipCountry', () => {
  it('places public addresses with the offline GeoIP data, IPv4-mapped ones too', () => {
    expect(ipCountry('8.8.8.8')).toBe('US');
    expect(ipCountry('81.2.69.142')).toBe('GB');
    expect(ipCountry('::ffff:81.2.69.142')).toBe('GB');
  });

  it('gives null for loopback, private and link-local addresses, and for anything that is not an IP', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '172.20.0.5', '192.168.1.1', '169.254.0.1', 'fd00::1'])
      expect(ipCountry(ip), ip).toBeNull();
    for (const value of ['', 'localhost', null, undefined]) expect(ipCountry(value)).toBeNull();
  });
});
