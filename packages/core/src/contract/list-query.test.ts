import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { wholeNumberParam } from './list-query';

describe('wholeNumberParam', () => {
  const param = wholeNumberParam('page', 100);

  it.each([
    ['1', 1],
    ['100', 100],
    [7, 7],
  ])('reads %j as %d', (input, expected) => {
    expect(z.parse(param, input)).toBe(expected);
  });

  it.each([
    '',
    '0',
    '-1',
    '101',
    '1.5',
    '1e2',
    '0x10',
    ' 7',
    '+7',
    '07',
    'abc',
    1.5,
    0,
    Number.NaN,
    null,
    true,
  ])('refuses %j with the field message', (input) => {
    const result = z.safeParse(param, input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The page must be a whole number between 1 and 100.');
  });

  it('takes every value up to the largest id without rounding', () => {
    expect(z.parse(wholeNumberParam('id', 2_147_483_647), '2147483647')).toBe(2_147_483_647);
    expect(z.safeParse(wholeNumberParam('id', 2_147_483_647), '2147483648').success).toBe(false);
    expect(z.safeParse(wholeNumberParam('id', 2_147_483_647), '99999999999').success).toBe(false);
  });
});
