/** A permission held by a user or role; a permission named `admin` grants every permission. */
export interface Permission {
  name: string;
  restrictions?: { name: string; value: unknown }[];
}

export interface Role {
  id: number;
  name?: string;
  permissions?: Permission[];
}

export interface User {
  id: number;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  display_name?: string;
  avatar?: string | null;
  language?: string | null;
  country?: string | null;
  timezone?: string | null;
  email_verified_at?: string | null;
  roles?: Role[];
  permissions?: Permission[];
  subscriptions?: { id?: number; valid: boolean }[];
  two_factor_confirmed_at?: string | null;
  unread_notifications_count?: number;
  [key: string]: unknown;
}

export interface Theme {
  id: number;
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  /** CSS variable name to value. */
  colors: Record<string, string>;
}

/** The application state the server hands the browser; register, login and logout replace it wholesale. */
export interface BootstrapData {
  user: User | null;
  guest_role: Role | null;
  settings: Record<string, unknown>;
  themes: { all: Theme[]; selectedThemeId: number | null };
  i18n: { language: string; lines: Record<string, string> };
  [key: string]: unknown;
}

/** A navigation menu, placed at one or more positions (`auth-dropdown`, `footer`, …). */
export interface Menu {
  id: number | string;
  name?: string;
  positions: string[];
  items: MenuItem[];
}

/** A menu entry; shown only to users holding ALL its role ids and ALL its permissions, and only with an action. */
export interface MenuItem {
  id: number | string;
  label: string;
  icon?: string | null;
  /** `link` (a URL, possibly external) or `route` (a path inside the app). */
  type: 'link' | 'route';
  /** The URL or path; items without one are never shown. */
  action?: string | null;
  target?: string | null;
  /** Role ids the user must all hold. */
  roles?: number[];
  /** Permission names the user must all hold. */
  permissions?: string[];
}
