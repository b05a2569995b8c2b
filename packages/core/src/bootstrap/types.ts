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
