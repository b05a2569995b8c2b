import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPE_AHEAD_RESET } from '../constants';
import { createTypeAhead, findTypeAheadMatch } from './type-ahead';

const items = ['Account settings', 'Billing', 'Dark mode', 'Delete', 'Log out', 'Éditer'];

describe('type-ahead buffer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects keys typed within 500 ms and forgets them 500 ms after the last one', () => {
    expect(TYPE_AHEAD_RESET).toBe(500);
    const typeAhead = createTypeAhead();
    expect(typeAhead.type('d')).toBe('d');
    vi.advanceTimersByTime(499);
    expect(typeAhead.type('e')).toBe('de');
    vi.advanceTimersByTime(499);
    expect(typeAhead.search).toBe('de');
    vi.advanceTimersByTime(1);
    expect(typeAhead.search).toBe('');
    expect(typeAhead.type('b')).toBe('b');
  });

  it('can be reset at once', () => {
    const typeAhead = createTypeAhead();
    typeAhead.type('l');
    typeAhead.reset();
    expect(typeAhead.search).toBe('');
    vi.advanceTimersByTime(1000);
    expect(typeAhead.type('o')).toBe('o');
  });
});

describe('type-ahead match', () => {
  it('finds the first item starting with the text, ignoring case', () => {
    expect(findTypeAheadMatch(items, 'b', -1)).toBe(1);
    expect(findTypeAheadMatch(items, 'LOG', -1)).toBe(4);
    expect(findTypeAheadMatch(items, 'x', -1)).toBe(-1);
    expect(findTypeAheadMatch(items, '', -1)).toBe(-1);
  });

  it('keeps the focused item when a longer word still matches it', () => {
    expect(findTypeAheadMatch(items, 'de', 3)).toBe(3);
    expect(findTypeAheadMatch(items, 'da', 3)).toBe(2);
  });

  it('cycles through items with the same first letter when one letter is repeated', () => {
    expect(findTypeAheadMatch(items, 'd', -1)).toBe(2);
    expect(findTypeAheadMatch(items, 'dd', 2)).toBe(3);
    expect(findTypeAheadMatch(items, 'ddd', 3)).toBe(2);
  });

  it('ignores accents', () => {
    expect(findTypeAheadMatch(items, 'edi', -1)).toBe(5);
  });
});
