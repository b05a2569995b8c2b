import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validValueOf } from './schema-arbitrary';

const none = () => undefined;

describe('valid values from a JSON Schema', () => {
  it('draws strings for a pattern longer than the plain-text cap (a push key of 80 to 100 characters)', () => {
    const pattern = '^[A-Za-z0-9_-]{80,100}={0,2}$';
    const values = fc.sample(validValueOf({ type: 'string', pattern }, none), { numRuns: 20, seed: 7 });
    expect(values).toHaveLength(20);
    for (const value of values) expect(value).toMatch(new RegExp(pattern));
  });

  it('keeps a pattern within a declared maxLength', () => {
    const values = fc.sample(
      validValueOf({ type: 'string', pattern: '^[a-z]{1,30}$', maxLength: 10 }, none),
      {
        numRuns: 20,
        seed: 7,
      },
    );
    for (const value of values) expect((value as string).length).toBeLessThanOrEqual(10);
  });

  it('draws whole numbers inside the bounds of an integer', () => {
    const values = fc.sample(validValueOf({ type: 'integer', minimum: 1, maximum: 50 }, none), {
      numRuns: 50,
      seed: 7,
    });
    for (const value of values) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(50);
    }
  });
});
