import { social } from '@backline/core/contract';
import type { GrantConfig, GrantProvider } from 'grant';

/** The social providers Backline signs in with. */
export const SOCIAL_SERVICES = social.SOCIAL_SERVICES;
export type SocialService = social.SocialService;

/** Where social routes live; grant builds `{prefix}/{service}/callback` as the redirect URI from it. */
export const SOCIAL_PREFIX = social.SOCIAL_PREFIX;

/** One provider's credentials and, for self-hosted or test identity servers, its endpoints. */
export interface SocialProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The authorization endpoint (the browser is sent here). */
  authorizeUrl?: string;
  /** The token endpoint (the server swaps the code here). */
  accessUrl?: string;
  /** The user-info endpoint (the server reads the profile here with the access token). */
  profileUrl?: string;
  /** Scopes to ask for instead of the defaults. */
  scope?: string[];
}

/** Credentials per provider; a provider without them stays off whatever its setting says. */
export interface SocialOptions {
  providers?: Partial<Record<SocialService, SocialProviderOptions>>;
}

/** The public endpoints and scopes of each provider, overridden per deployment by `SocialProviderOptions`. */
const PROVIDER_DEFAULTS: Record<SocialService, GrantProvider> = {
  // OpenID Connect: the userinfo answer carries `sub`, `email`, `email_verified` and the names.
  google: {
    scope: ['openid', 'email', 'profile'],
    nonce: true,
    profile_url: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    scope: ['email', 'public_profile'],
    profile_url: 'https://graph.facebook.com/me?fields=id,name,email,first_name,last_name',
  },
  // OAuth 2.0 with PKCE (grant's own `twitter` entry is OAuth 1.0a, which has neither state nor PKCE).
  twitter: {
    oauth: 2,
    authorize_url: 'https://twitter.com/i/oauth2/authorize',
    access_url: 'https://api.twitter.com/2/oauth2/token',
    scope_delimiter: ' ',
    scope: ['users.read', 'tweet.read', 'users.email'],
    profile_url: 'https://api.twitter.com/2/users/me?user.fields=confirmed_email',
  },
};

/**
 * The grant configuration for the configured providers: state on every request, PKCE everywhere (all three
 * accept it), the profile fetched server-side, and the result handed to the next middleware in `ctx.state`
 * (transport `state`) instead of a redirect carrying tokens.
 */
export function grantConfig(options: SocialOptions): GrantConfig {
  const config: GrantConfig = {
    defaults: {
      prefix: SOCIAL_PREFIX,
      transport: 'state',
      state: true,
      pkce: true,
      response: ['tokens', 'raw', 'profile'],
      // No query parameter may override any part of a provider (its redirect URI, say). An empty list rather
      // than none: grant reads the list whenever the server passes its own per-request overrides.
      dynamic: [],
    },
  };
  // Every provider is present, with or without credentials in code: keys saved in the admin settings are passed
  // to grant per request (`credentialsFor`), and grant only accepts per-request values for a provider it knows.
  for (const service of SOCIAL_SERVICES) {
    const provider = options.providers?.[service];
    config[service] = {
      ...PROVIDER_DEFAULTS[service],
      ...(provider?.clientId && { key: provider.clientId }),
      ...(provider?.clientSecret && { secret: provider.clientSecret }),
      ...(provider?.scope && { scope: provider.scope }),
      ...(provider?.authorizeUrl && { authorize_url: provider.authorizeUrl }),
      ...(provider?.accessUrl && { access_url: provider.accessUrl }),
      ...(provider?.profileUrl && { profile_url: provider.profileUrl }),
    };
  }
  return config;
}

/** What Backline keeps of a provider's profile, whichever provider it came from. */
export interface SocialIdentity {
  /** The provider's stable user id. */
  id: string;
  /** Only an address the provider vouches for; null otherwise. */
  email: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

/** Reads a provider's profile answer into a `SocialIdentity`; null when it has no user id. */
export function readIdentity(service: SocialService, profile: unknown): SocialIdentity | null {
  if (!profile || typeof profile !== 'object') return null;
  const raw = profile as Record<string, unknown>;
  if (service === 'twitter') {
    const data = (raw.data ?? raw) as Record<string, unknown>;
    const id = text(data.id);
    if (!id) return null;
    const [first, ...rest] = (text(data.name) ?? '').split(' ');
    return {
      id,
      email: text(data.confirmed_email ?? data.email),
      username: text(data.username) ?? text(data.name),
      firstName: first || null,
      lastName: rest.join(' ') || null,
    };
  }
  const id = text(service === 'google' ? (raw.sub ?? raw.id) : raw.id);
  if (!id) return null;
  // Google says whether it checked the address; an unchecked one must not open an existing account.
  const verified = service !== 'google' || raw.email_verified === true || raw.email_verified === 'true';
  const email = verified ? text(raw.email) : null;
  return {
    id,
    email,
    username: text(raw.email) ?? text(raw.name),
    firstName: text(raw.given_name ?? raw.first_name),
    lastName: text(raw.family_name ?? raw.last_name),
  };
}
