import type { User } from '@backline/core';

/** A connected social account, as a user resource lists it (never its tokens). */
export interface SocialProfile {
  id: number;
  service_name: string;
  username: string | null;
  created_at?: string;
}

/** A personal access token; `last_used_at` is empty until the token is used ("Never"). */
export interface AccessToken {
  id: number;
  name: string;
  last_used_at: string | null;
  created_at: string;
}

/** The user the account settings page edits: the bootstrap user plus the relations the page asks for. */
export interface AccountUser extends User {
  social_profiles?: SocialProfile[];
  tokens?: AccessToken[];
  two_factor_recovery_codes?: string[];
}

/** One active session (spec accounts §3, Session). */
export interface UserSession {
  id: number | string;
  platform: string | null;
  browser: string | null;
  city: string | null;
  country: string | null;
  ip_address: string | null;
  /** Set for sessions of API tokens. */
  token: string | null;
  device_type: 'mobile' | 'tablet' | 'other';
  last_active: string;
  is_current_device: boolean;
}

/** `GET value-lists/timezones,countries,localizations`. */
export interface ValueLists {
  timezones: Record<string, { value: string; text: string }[]>;
  countries: { code: string; name: string }[];
  localizations: { language: string; name: string }[];
}

/** `POST users/me/locale`. */
export interface LocaleResponse {
  locale: { language: string; name?: string; lines: Record<string, string> };
}
