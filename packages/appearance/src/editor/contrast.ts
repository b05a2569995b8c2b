import { parseColor } from 'react-aria-components';

/**
 * WCAG 2.1 AA: normal text needs a contrast ratio of at least 4.5:1 against its background; user-interface
 * parts (borders of controls, focus rings) need 3:1.
 */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** A foreground/background pair of theme variables the site draws together, with the ratio it must reach. */
export interface ContrastPair {
  foreground: string;
  background: string;
  minimum: number;
}

/**
 * The pairs the shipped components put together: body and muted text on each surface, button text on the primary
 * colour, and the focus ring on the page. A theme that fails one of them is hard to read somewhere on the site.
 */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  { foreground: '--bl-fg', background: '--bl-bg', minimum: AA_TEXT },
  { foreground: '--bl-fg', background: '--bl-bg-alt', minimum: AA_TEXT },
  { foreground: '--bl-fg', background: '--bl-bg-elevated', minimum: AA_TEXT },
  { foreground: '--bl-fg-muted', background: '--bl-bg', minimum: AA_TEXT },
  { foreground: '--bl-fg-muted', background: '--bl-bg-alt', minimum: AA_TEXT },
  { foreground: '--bl-primary-fg', background: '--bl-primary', minimum: AA_TEXT },
  { foreground: '--bl-primary', background: '--bl-bg', minimum: AA_NON_TEXT },
  { foreground: '--bl-danger', background: '--bl-bg', minimum: AA_TEXT },
  { foreground: '--bl-positive', background: '--bl-bg', minimum: AA_TEXT },
  { foreground: '--bl-focus', background: '--bl-bg', minimum: AA_NON_TEXT },
];

/** WCAG relative luminance of a CSS colour (hex, rgb(), hsl()), or null when it cannot be parsed. */
export function relativeLuminance(value: string): number | null {
  let rgb: ReturnType<typeof parseColor>;
  try {
    rgb = parseColor(value.trim()).toFormat('rgb');
  } catch {
    return null;
  }
  const channel = (name: 'red' | 'green' | 'blue') => {
    const c = rgb.getChannelValue(name) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel('red') + 0.7152 * channel('green') + 0.0722 * channel('blue');
}

/** The WCAG contrast ratio of two colours (1 to 21), or null when either cannot be parsed. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [light, dark] = la > lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

export interface ContrastProblem extends ContrastPair {
  ratio: number;
}

/** The pairs of `colors` that fall below their AA minimum; pairs with a missing or unreadable colour are skipped. */
export function contrastProblems(
  colors: Record<string, string>,
  pairs: readonly ContrastPair[] = CONTRAST_PAIRS,
): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const pair of pairs) {
    const fg = colors[pair.foreground];
    const bg = colors[pair.background];
    if (!fg || !bg) continue;
    const ratio = contrastRatio(fg, bg);
    if (ratio !== null && ratio < pair.minimum) problems.push({ ...pair, ratio });
  }
  return problems;
}
