/**
 * A menu item as the core's menu rule hands it over: already filtered for the user's roles and
 * permissions, and only items with an action. Extra fields (roles, permissions) are ignored.
 */
export interface ShellMenuItem {
  id: string | number;
  /** The English label, translated when rendered. */
  label: string;
  /** A path (type `route`) or a URL (type `link`); items without one are not shown. */
  action?: string | null;
  type?: 'link' | 'route';
  /** `_blank` opens a new tab. */
  target?: string | null;
  icon?: string | null;
}

/** The site's logo images, as in the `branding` settings; any may be missing. */
export interface Branding {
  siteName: string;
  /** Light-coloured logo, shown on the dark theme (`branding.logo_light`). */
  logoLight?: string | null;
  /** Dark-coloured logo, shown on the light theme (`branding.logo_dark`). */
  logoDark?: string | null;
  logoLightMobile?: string | null;
  logoDarkMobile?: string | null;
}

/**
 * The theme switch the shell offers; shown only when `canChange` (`themes.user_change`). The core's
 * `useTheme()` has this shape, so `theme={useTheme()}` works.
 */
export interface ThemeToggle {
  canChange: boolean;
  isDark: boolean;
  toggle: () => void;
}

/** A menu item that has an action, the only kind the shell shows. */
export type ShellLinkItem = ShellMenuItem & { action: string };

/** Keeps the items that have an action (the menu rule shows no others). */
export function linkItems(items: readonly ShellMenuItem[]): ShellLinkItem[] {
  return items.filter((item): item is ShellLinkItem => Boolean(item.action));
}
