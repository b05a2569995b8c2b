import type { ThemeRecord } from '../../bootstrap/bootstrap';

/** The two themes every site starts with; site owners edit them in the appearance editor. */
export const DEFAULT_THEMES: Omit<ThemeRecord, 'id'>[] = [
  {
    name: 'Light',
    is_dark: false,
    default_light: true,
    default_dark: false,
    colors: {
      '--bl-bg': '#ffffff',
      '--bl-bg-alt': '#f4f5f7',
      '--bl-bg-elevated': '#ffffff',
      '--bl-fg': '#14161a',
      '--bl-fg-muted': '#545b66',
      '--bl-border': '#d5d9df',
      '--bl-primary': '#5b3fd9',
      '--bl-primary-fg': '#ffffff',
      '--bl-danger': '#b42318',
      '--bl-positive': '#067647',
      '--bl-focus': '#5b3fd9',
    },
  },
  {
    name: 'Dark',
    is_dark: true,
    default_light: false,
    default_dark: true,
    colors: {
      '--bl-bg': '#121317',
      '--bl-bg-alt': '#1b1d23',
      '--bl-bg-elevated': '#23262d',
      '--bl-fg': '#f2f3f5',
      '--bl-fg-muted': '#a9afb9',
      '--bl-border': '#3a3f48',
      '--bl-primary': '#a797ff',
      '--bl-primary-fg': '#121317',
      '--bl-danger': '#ff8a80',
      '--bl-positive': '#6ce9a6',
      '--bl-focus': '#a797ff',
    },
  },
];
