import { describe, expect, it } from 'vitest';
import type { AccessData } from '../permissions/permissions';
import {
  ONBOARDING_STORAGE_KEY,
  readOnboardingSelection,
  redirectTarget,
  safeRedirectPath,
} from './redirect-target';

const origin = 'https://music.test';
const storage = (value?: unknown) => ({
  getItem: (key: string) =>
    key === ONBOARDING_STORAGE_KEY && value !== undefined
      ? typeof value === 'string'
        ? value
        : JSON.stringify(value)
      : null,
});
const visitor: AccessData = { user: null, guest_role: null };
const member: AccessData = { user: { id: 1, email: 'a@b.c' }, guest_role: null };
const admin: AccessData = {
  user: { id: 2, email: 'x@b.c', permissions: [{ name: 'admin.access' }] },
  guest_role: null,
};
const superAdmin: AccessData = {
  user: { id: 3, email: 'y@b.c', permissions: [{ name: 'admin' }] },
  guest_role: null,
};

describe('redirect target', () => {
  it('sends a stored onboarding selection to checkout', () => {
    expect(ONBOARDING_STORAGE_KEY).toBe('be.onboarding.selected');
    const target = redirectTarget(member, { origin, storage: storage({ productId: 3, priceId: 'price_9' }) });
    expect(target).toBe('/checkout/3/price_9');
    // Even an admin with a pending plan goes to checkout first.
    expect(redirectTarget(admin, { origin, storage: storage({ productId: 1, priceId: 2 }) })).toBe(
      '/checkout/1/2',
    );
  });

  it('keeps a tampered selection on this site', () => {
    const target = redirectTarget(member, {
      origin,
      storage: storage({ productId: '../../x', priceId: '//evil.com' }),
    });
    expect(target).toBe('/checkout/..%2F..%2Fx/%2F%2Fevil.com');
    expect(readOnboardingSelection(storage('{not json'))).toBeUndefined();
    expect(readOnboardingSelection(storage({ productId: 1 }))).toBeUndefined();
    expect(readOnboardingSelection(storage({ productId: {}, priceId: 2 }))).toBeUndefined();
  });

  it('otherwise uses the configured redirect URI, default /', () => {
    expect(redirectTarget(member, { origin, storage: storage() })).toBe('/');
    expect(redirectTarget(visitor, { origin, storage: null })).toBe('/');
    expect(redirectTarget(member, { origin, storage: storage(), redirectUri: '/library?tab=albums' })).toBe(
      '/library?tab=albums',
    );
  });

  it('sends admins to /admin', () => {
    expect(redirectTarget(admin, { origin, storage: storage() })).toBe('/admin');
    expect(redirectTarget(superAdmin, { origin, storage: storage() })).toBe('/admin');
    expect(redirectTarget(admin, { origin, storage: storage(), adminRedirectUri: '/admin/reports' })).toBe(
      '/admin/reports',
    );
  });

  it('never follows a configured address off the site', () => {
    expect(redirectTarget(member, { origin, storage: storage(), redirectUri: 'https://evil.com/' })).toBe(
      '/',
    );
    expect(redirectTarget(admin, { origin, storage: storage(), adminRedirectUri: '//evil.com' })).toBe('/');
  });
});

describe('safeRedirectPath', () => {
  it.each([
    '//evil.com',
    '//evil.com/path',
    'https://other.test/',
    'http://music.test/', // another scheme is another origin
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
    '',
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target, origin)).toBeUndefined();
  });

  it('refuses non-strings', () => {
    expect(safeRedirectPath(undefined, origin)).toBeUndefined();
    expect(safeRedirectPath({ toString: () => '/' }, origin)).toBeUndefined();
  });

  it.each([
    ['/', '/'],
    ['/admin', '/admin'],
    ['/pricing?period=yearly#plans', '/pricing?period=yearly#plans'],
    ['admin', '/admin'],
    ['https://music.test/library', '/library'],
    ['/a/../b', '/b'],
  ])('follows %j as %j', (target, path) => {
    expect(safeRedirectPath(target, origin)).toBe(path);
  });
});
