import { describe, expect, it } from 'vitest';
import {
  COOKIE_DEFAULT_DAYS,
  createMemoryCookies,
  getCookie,
  parseCookies,
  removeCookie,
  serializeCookie,
  setCookie,
} from './cookies';

describe('cookies', () => {
  it('live 7 days on path / with SameSite=Lax by default', () => {
    expect(COOKIE_DEFAULT_DAYS).toBe(7);
    const line = serializeCookie('be-active-theme', '2');
    expect(line).toMatch(/^be-active-theme=2; /);
    expect(line).toContain(`Max-Age=${7 * 24 * 60 * 60}`);
    expect(line).toContain('Path=/');
    expect(line).toContain('SameSite=Lax');
    expect(line).not.toContain('Secure');
    const expires = Date.parse(/Expires=([^;]+)/.exec(line)![1]!);
    const sevenDays = Date.now() + 7 * 24 * 60 * 60 * 1000;
    // Within a minute of seven days from now (the Expires form has one-second precision).
    expect(Math.abs(expires - sevenDays)).toBeLessThan(60_000);
  });

  it('take another lifetime, path, domain and flags when asked', () => {
    const line = serializeCookie('notice', 'ok', {
      days: 30,
      path: '/app',
      domain: 'music.test',
      secure: true,
    });
    expect(line).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(line).toContain('Path=/app');
    expect(line).toContain('Domain=music.test');
    expect(line).toContain('Secure');
  });

  it('round-trip through a document-like source, encoded', () => {
    const jar = createMemoryCookies();
    setCookie('name', 'a value; with=specials', {}, jar);
    setCookie('n', 5, {}, jar);
    expect(getCookie('name', jar)).toBe('a value; with=specials');
    expect(getCookie('n', jar)).toBe('5');
    expect(getCookie('missing', jar)).toBeUndefined();
    removeCookie('name', {}, jar);
    expect(getCookie('name', jar)).toBeUndefined();
    expect(jar.cookie).toBe('n=5');
  });

  it('parse a Cookie header', () => {
    expect([...parseCookies('a=1; b=x%20y; broken; =x; a=2')]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
    ]);
  });

  it('expire in the memory source as in a browser', () => {
    const jar = createMemoryCookies({ kept: '1' });
    jar.cookie = 'gone=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    jar.cookie = 'zero=1; Max-Age=0';
    jar.cookie = 'later=1; Max-Age=60; Path=/';
    expect(jar.cookie).toBe('kept=1; later=1');
  });
});
