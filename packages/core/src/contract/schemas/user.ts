import * as z from 'zod/mini';
import { timestamp } from './common';

/** One restriction of a permission grant: a name and the value this assignment gives it. */
export const Restriction = z.object({ name: z.string(), value: z.optional(z.unknown()) });
export type Restriction = z.infer<typeof Restriction>;

/** A permission held by a user or role; a permission named `admin` grants every permission. */
export const Permission = z.object({ name: z.string(), restrictions: z.optional(z.array(Restriction)) });
export type Permission = z.infer<typeof Permission>;

/** A role as a user lists it; the guest role also carries its permissions. */
export const Role = z.object({
  id: z.number(),
  name: z.optional(z.string()),
  permissions: z.optional(z.array(Permission)),
});
export type Role = z.infer<typeof Role>;

/** A subscription as the user carries it: `valid` while it grants its plan. */
export const UserSubscription = z.looseObject({ id: z.optional(z.number()), valid: z.boolean() });

/** A connected social account, as a user lists it (never its tokens). */
export const SocialProfile = z.object({
  id: z.number(),
  service_name: z.string(),
  username: z.nullable(z.string()),
  created_at: z.optional(timestamp),
});
export type SocialProfile = z.infer<typeof SocialProfile>;

/** A personal access token; `last_used_at` is empty until the token is used ("Never"). */
export const AccessToken = z.object({
  id: z.number(),
  name: z.string(),
  abilities: z.optional(z.array(z.string())),
  last_used_at: z.nullable(timestamp),
  created_at: timestamp,
});
export type AccessToken = z.infer<typeof AccessToken>;

/**
 * The user as the browser sees it. Modules add their own fields (two-factor's status, social profiles, a
 * product's profile fields), so the object is open: fields listed here are checked, others pass through.
 */
export const User = z.looseObject({
  id: z.number(),
  email: z.string(),
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
  /** The name the user chose (see the profile routes), else first and last name, else the address before the @. */
  display_name: z.optional(z.string()),
  avatar: z.optional(z.nullable(z.string())),
  language: z.optional(z.nullable(z.string())),
  country: z.optional(z.nullable(z.string())),
  timezone: z.optional(z.nullable(z.string())),
  email_verified_at: z.optional(z.nullable(timestamp)),
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
  roles: z.optional(z.array(Role)),
  permissions: z.optional(z.array(Permission)),
  subscriptions: z.optional(z.array(UserSubscription)),
  two_factor_confirmed_at: z.optional(z.nullable(timestamp)),
  two_factor_recovery_codes: z.optional(z.array(z.string())),
  /** Whether two-factor is enabled (confirmed or not); the owner's own record only. */
  two_factor_enabled: z.optional(z.boolean()),
  unread_notifications_count: z.optional(z.number()),
  social_profiles: z.optional(z.array(SocialProfile)),
  tokens: z.optional(z.array(AccessToken)),
});
export type User = z.infer<typeof User>;

/** `{user}`: what the account routes answer after a change, with the user as it now is. */
export const UserAnswer = z.object({ user: User });
export type UserAnswer = z.infer<typeof UserAnswer>;
