import { describe, expect, it } from 'vitest';
import { demoCredentials } from './demo-credentials';

const fixed = { email: 'admin@admin.com', password: 'admin' };

describe('demo credentials (site.loginPageDefaults)', () => {
  it('pre-fill the fixed demo admin by default', () => {
    expect(demoCredentials(undefined, fixed)).toEqual(fixed);
    expect(demoCredentials('singleAccount', fixed)).toEqual(fixed);
  });

  it('pick one of 100 numbered demo admins, with three digits', () => {
    expect(demoCredentials('randomAccount', fixed, () => 0)).toEqual({
      email: 'admin@demo001.com',
      password: 'admin',
    });
    expect(demoCredentials('randomAccount', fixed, () => 0.4199).email).toBe('admin@demo042.com');
    expect(demoCredentials('randomAccount', fixed, () => 0.999999).email).toBe('admin@demo100.com');
    const seen = new Set(Array.from({ length: 2000 }, () => demoCredentials('randomAccount', fixed).email));
    for (const email of seen) expect(email).toMatch(/^admin@demo(0\d\d|100)\.com$/);
    expect(seen.has('admin@demo000.com')).toBe(false);
  });
});
