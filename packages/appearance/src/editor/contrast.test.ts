import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastProblems, contrastRatio } from './contrast';

describe('contrastRatio', () => {
  it('gives 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#5b3fd9', '#5b3fd9')).toBeCloseTo(1, 5);
  });

  it('reads rgb() and hsl() as well as hex', () => {
    expect(contrastRatio('rgb(0, 0, 0)', 'hsl(0, 0%, 100%)')).toBeCloseTo(21, 5);
  });

  it('answers null for a value that is not a colour', () => {
    expect(contrastRatio('var(--x)', '#fff')).toBeNull();
  });
});

describe('contrastProblems', () => {
  it('passes a readable theme', () => {
    expect(contrastProblems({ '--bl-fg': '#14161a', '--bl-bg': '#ffffff' })).toEqual([]);
  });

  it('flags light grey text on white, with its ratio', () => {
    const [problem, ...rest] = contrastProblems({ '--bl-fg': '#bbbbbb', '--bl-bg': '#ffffff' });
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ foreground: '--bl-fg', background: '--bl-bg', minimum: AA_TEXT });
    expect(problem?.ratio).toBeLessThan(AA_TEXT);
  });
});
