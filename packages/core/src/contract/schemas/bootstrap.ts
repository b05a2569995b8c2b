import * as z from 'zod/mini';
import { Role, User } from './user';

/** A colour theme: CSS variable name to value, plus which default it is. */
export const Theme = z.object({
  id: z.number(),
  name: z.string(),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  colors: z.record(z.string(), z.string()),
});
export type Theme = z.infer<typeof Theme>;

/** A menu entry; shown only to users holding ALL its role ids and ALL its permissions, and only with an action. */
export const MenuItem = z.object({
  id: z.union([z.number(), z.string()]),
  label: z.string(),
  icon: z.optional(z.nullable(z.string())),
  /** `link` (a URL, possibly external) or `route` (a path inside the app). */
  type: z.enum(['link', 'route']),
  /** The URL or path; items without one are never shown. */
  action: z.optional(z.nullable(z.string())),
  target: z.optional(z.nullable(z.string())),
  /** Role ids the user must all hold. */
  roles: z.optional(z.array(z.number())),
  /** Permission names the user must all hold. */
  permissions: z.optional(z.array(z.string())),
});
export type MenuItem = z.infer<typeof MenuItem>;

/** A navigation menu, placed at one or more positions (`auth-dropdown`, `footer`, …). */
export const Menu = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.optional(z.string()),
  positions: z.array(z.string()),
  items: z.array(MenuItem),
});
export type Menu = z.infer<typeof Menu>;

/** The caller's language: its code, its own name and its lines keyed by the English text. */
export const I18nData = z.object({
  language: z.string(),
  name: z.optional(z.string()),
  lines: z.record(z.string(), z.string()),
});
export type I18nData = z.infer<typeof I18nData>;

/**
 * The application state the server hands the browser; register, login and logout replace it wholesale.
 * Modules add top-level keys of their own, so the object is open.
 */
export const BootstrapData = z.looseObject({
  user: z.nullable(User),
  guest_role: z.nullable(Role),
  settings: z.record(z.string(), z.unknown()),
  themes: z.object({ all: z.array(Theme), selectedThemeId: z.nullable(z.number()) }),
  i18n: I18nData,
  /**
   * Set while an admin is logged in as this user ("log in as"): who they are, so the site can show the banner
   * with "Return to my account". Absent otherwise.
   */
  impersonator: z.optional(z.nullable(z.object({ id: z.number(), display_name: z.string() }))),
});
export type BootstrapData = z.infer<typeof BootstrapData>;

/**
 * The wire form of bootstrap data: the JSON text of the object (answers carry it in `bootstrapData`, and the
 * page in `window.bootstrapData`). Parsing the wire value checks the decoded object against `BootstrapData`.
 */
export const EncodedBootstrap = z.pipe(
  z.string(),
  z.pipe(
    z.transform((text: string, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'Bootstrap data is not JSON.', input: text });
        return z.NEVER;
      }
    }),
    BootstrapData,
  ),
);

/** Answers of register, login, logout and social connect: the new encoded bootstrap data. */
export const BootstrapAnswer = z.object({ bootstrapData: EncodedBootstrap });
