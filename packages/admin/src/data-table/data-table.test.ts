import { describe, expect, it } from 'vitest';
import { reorderedIds } from './data-table';

describe('reorderedIds', () => {
  const ids = [1, 2, 3, 4];

  it('moves a row before or after the drop target', () => {
    expect(reorderedIds(ids, new Set([4]), 1, 'before')).toEqual([4, 1, 2, 3]);
    expect(reorderedIds(ids, new Set([1]), 3, 'after')).toEqual([2, 3, 1, 4]);
    expect(reorderedIds(ids, new Set([2]), 4, 'after')).toEqual([1, 3, 4, 2]);
  });

  it('keeps several moved rows in their own order', () => {
    expect(reorderedIds(ids, new Set([3, 1]), 4, 'after')).toEqual([2, 4, 1, 3]);
  });

  it('keeps every id exactly once, and the order as it was for an unknown target', () => {
    expect(reorderedIds(ids, new Set([2]), 2, 'before')).toEqual(ids);
    expect(reorderedIds(ids, new Set([2]), 9, 'before')).toEqual(ids);
  });
});
