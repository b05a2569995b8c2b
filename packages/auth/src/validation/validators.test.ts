import { describe, expect, it } from 'vitest';
import {
  confirmationRule,
  emailRule,
  normalizeCode,
  recoveryCodeRule,
  requiredRule,
  twoFactorCodeRule,
} from './validators';

describe('client rules (spec accounts §5)', () => {
  it('require a value, ignoring whitespace', () => {
    expect(requiredRule('')).toBe('This field is required.');
    expect(requiredRule('   ')).toBe('This field is required.');
    expect(requiredRule('x')).toBeNull();
  });

  it('check emails the way type="email" does', () => {
    expect(emailRule('')).toBe('This field is required.');
    expect(emailRule('not-an-address')).toBe('Enter a valid email address.');
    expect(emailRule('a@@b.com')).toBe('Enter a valid email address.');
    expect(emailRule('a b@example.com')).toBe('Enter a valid email address.');
    expect(emailRule('ada@example.com')).toBeNull();
    expect(emailRule(' ada@example.com ')).toBeNull();
    // The HTML standard accepts a host without a dot; the server may still refuse it.
    expect(emailRule('ada@localhost')).toBeNull();
  });

  it('match a confirmation to its password', () => {
    expect(confirmationRule('secret one')('')).toBe('This field is required.');
    expect(confirmationRule('secret one')('secret two')).toBe('The passwords do not match.');
    expect(confirmationRule('secret one')('secret one')).toBeNull();
  });

  it('want 6 characters for a two-factor code, spaces between groups aside', () => {
    expect(twoFactorCodeRule('')).toBe('This field is required.');
    expect(twoFactorCodeRule('12345')).toBe('The code must be 6 characters.');
    expect(twoFactorCodeRule('1234567')).toBe('The code must be 6 characters.');
    expect(twoFactorCodeRule('123456')).toBeNull();
    expect(twoFactorCodeRule('123 456')).toBeNull();
    expect(normalizeCode(' 123 456 ')).toBe('123456');
  });

  it('want exactly 21 characters for a recovery code', () => {
    expect(recoveryCodeRule('')).toBe('This field is required.');
    expect(recoveryCodeRule('a'.repeat(20))).toBe('The recovery code must be 21 characters.');
    expect(recoveryCodeRule('a'.repeat(22))).toBe('The recovery code must be 21 characters.');
    expect(recoveryCodeRule('abcdefghij-klmnopqrst')).toBeNull();
  });
});
