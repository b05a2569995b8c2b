import type { Theme } from '@backline/core';
import { CSS_COLOR_PATTERN, CSS_VARIABLE_PATTERN } from '@backline/core/contract';

/**
 * A theme's colours as a `style` attribute value (`--be-primary: #1d4ed8; …`), for the server to render on `<html>`
 * so the first paint already has the right colours. Names and values that do not match the contract's patterns are
 * left out: the text goes into an HTML attribute.
 */
export function themeStyleText(theme: Pick<Theme, 'colors'>): string {
  return Object.entries(theme.colors)
    .filter(([name, value]) => CSS_VARIABLE_PATTERN.test(name) && CSS_COLOR_PATTERN.test(value))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}

/** The default light theme, else the first light one (and the same for dark): what the toggles switch between. */
export function defaultThemeFor(themes: readonly Theme[], dark: boolean): Theme | undefined {
  return (
    themes.find((theme) => theme.is_dark === dark && (dark ? theme.default_dark : theme.default_light)) ??
    themes.find((theme) => theme.is_dark === dark)
  );
}
