import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('avatar initials', () => {
  it('take the first letters of the first two words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace  brewster murray hopper ')).toBe('GB');
  });

  it('take one letter of an email address', () => {
    expect(initials('ada.lovelace@example.com')).toBe('A');
  });

  it('keep letters outside the basic plane whole', () => {
    expect(initials('𝒜da Ł')).toBe('𝒜Ł');
  });

  it('are empty for an empty name', () => {
    expect(initials('   ')).toBe('');
  });
});
