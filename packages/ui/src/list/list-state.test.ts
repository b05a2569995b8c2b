import { describe, expect, it } from 'vitest';
import {
  countItems,
  LIST_EMPTY_MESSAGE,
  LIST_LOADING_MESSAGE,
  listStatus,
  listStatusMessage,
} from './list-state';

describe('list state', () => {
  it('is loading while items load and none are there yet', () => {
    expect(listStatus({ isLoading: true, itemCount: 0 })).toBe('loading');
    expect(listStatusMessage('loading')).toBe('Loading...');
    expect(LIST_LOADING_MESSAGE).toBe('Loading...');
  });

  it('is empty when loading finished without items', () => {
    expect(listStatus({ isLoading: false, itemCount: 0 })).toBe('empty');
    expect(listStatus({ itemCount: 0 })).toBe('empty');
    expect(listStatusMessage('empty')).toBe('There are no items matching your query');
    expect(LIST_EMPTY_MESSAGE).toBe('There are no items matching your query');
  });

  it('keeps showing items while more load', () => {
    expect(listStatus({ isLoading: true, itemCount: 3 })).toBe('ready');
    expect(listStatus({ itemCount: 1 })).toBe('ready');
    expect(listStatusMessage('ready')).toBeNull();
  });

  it('counts arrays, sets, generators and nothing', () => {
    expect(countItems([1, 2, 3])).toBe(3);
    expect(countItems(new Set(['a', 'b']))).toBe(2);
    expect(
      countItems(
        (function* () {
          yield 1;
          yield 2;
        })(),
      ),
    ).toBe(2);
    expect(countItems(undefined)).toBe(0);
  });
});
