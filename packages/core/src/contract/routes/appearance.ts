import * as z from 'zod/mini';
import {
  APPEARANCE_EDITOR_SOURCE,
  APPEARANCE_PERMISSION,
  COOKIE_NOTICE_POSITIONS,
  CSS_COLOR_PATTERN,
  CSS_VARIABLE_PATTERN,
  CUSTOM_CODE_MAX,
  MAX_MENU_ITEMS,
  MAX_MENUS,
  MAX_THEME_COLORS,
  MAX_THEMES,
} from '../constants';
import { idParam, MAX_ID } from '../fields';
import { noContent, route } from '../route';
import { Menu, Theme } from '../schemas/bootstrap';

// The plain constants live in the schema-free constants module, so the site's first chunk can read them (the
// editor-mode flag, the cookie notice's cookie, the custom-code element's id) without loading these schemas.
export {
  APPEARANCE_EDITOR_PARAM,
  APPEARANCE_EDITOR_SOURCE,
  APPEARANCE_PERMISSION,
  COOKIE_NOTICE_COOKIE,
  COOKIE_NOTICE_DAYS,
  COOKIE_NOTICE_POSITIONS,
  CSS_COLOR_PATTERN,
  CSS_VARIABLE_PATTERN,
  CUSTOM_CODE_ID,
  CUSTOM_CODE_MAX,
  MAX_MENU_ITEMS,
  MAX_MENUS,
  MAX_THEME_COLORS,
  MAX_THEMES,
  MENU_POSITIONS,
} from '../constants';

/** A row id as the database stores it: a positive 32-bit integer (a bigger one would fail the query, not validate). */
const rowId = () => z.number('Enter an id.').check(z.int(), z.minimum(1), z.maximum(MAX_ID));

const text = (max: number, required = false) =>
  z.string('Enter text.').check(
    z.maxLength(max, `Enter at most ${max} characters.`),
    z.refine((value) => !required || value.trim().length > 0, 'This field is required.'),
  );

/** A theme as the editor sends it: the id is absent for a new theme. */
export const ThemeInput = z.object({
  name: text(100, true),
  is_dark: z.boolean('Choose on or off.'),
  default_light: z.optional(z.boolean('Choose on or off.')),
  default_dark: z.optional(z.boolean('Choose on or off.')),
  colors: z
    .record(
      z.string().check(z.regex(CSS_VARIABLE_PATTERN, 'Use a CSS variable name such as --be-primary.')),
      z.string().check(z.regex(CSS_COLOR_PATTERN, 'Enter a colour such as #1d4ed8 or rgb(29 78 216).')),
    )
    .check(
      z.refine(
        (value) => Object.keys(value).length <= MAX_THEME_COLORS,
        `Use at most ${MAX_THEME_COLORS} colours.`,
      ),
    ),
});
export type ThemeInput = z.infer<typeof ThemeInput>;

/** A menu item's action: a path inside the site (`route`), or an http(s) URL or a path (`link`); never a script. */
export function isSafeMenuAction(type: 'link' | 'route', action: string): boolean {
  if (type === 'route') return action.startsWith('/') && !action.startsWith('//');
  if (action.startsWith('/') && !action.startsWith('//')) return true;
  try {
    const url = new URL(action);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

export const MenuItemInput = z.object({
  id: z.union([z.number(), z.string().check(z.maxLength(64))]),
  label: text(100, true),
  icon: z.optional(z.nullable(text(64))),
  type: z.enum(['link', 'route'], 'Choose link or route.'),
  action: text(2048, true),
  target: z.optional(z.nullable(z.enum(['_self', '_blank'], 'Choose _self or _blank.'))),
  roles: z.optional(z.array(rowId()).check(z.maxLength(50))),
  permissions: z.optional(z.array(text(100, true)).check(z.maxLength(50))),
});

/** A menu position's form: lower-case words joined by hyphens (`footer-secondary`). */
export const MENU_POSITION_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A menu as the editor saves it. Its name is required (the editor lists menus by name); which positions exist, and
 * that no two menus share one, is checked by the server against the positions it knows (`menuPositions`).
 */
export const MenuInput = z
  .object({
    id: z.union([z.number(), z.string().check(z.minLength(1), z.maxLength(64))]),
    name: text(100, true),
    positions: z
      .array(z.string().check(z.regex(MENU_POSITION_PATTERN, 'Use a position such as navbar.')))
      .check(z.maxLength(20)),
    items: z.array(MenuItemInput).check(z.maxLength(MAX_MENU_ITEMS, `Use at most ${MAX_MENU_ITEMS} items.`)),
  })
  .check(
    z.refine(
      (menu) => menu.items.every((item) => isSafeMenuAction(item.type, item.action)),
      'Each item needs a path starting with / or an http(s) URL.',
    ),
  );
export type MenuInput = z.infer<typeof MenuInput>;

/** The cookie notice's optional link ("Learn more"), saved under `cookie_notice.button`. */
export const CookieNoticeLink = z.object({
  label: text(100),
  type: z.enum(['link', 'route']),
  action: text(2048),
});
export type CookieNoticeLink = z.infer<typeof CookieNoticeLink>;

/** The landing page's content (spec: "Landing appearance content"), saved under `homepage.appearance`. */
export const LandingAppearance = z.looseObject({
  headerTitle: z.optional(text(200)),
  headerSubtitle: z.optional(text(500)),
  headerImage: z.optional(text(2048)),
  headerImageOpacity: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  headerOverlayColor1: z.optional(text(100)),
  headerOverlayColor2: z.optional(text(100)),
  actions: z.optional(z.looseObject({})),
  primaryFeatures: z.optional(z.array(z.looseObject({})).check(z.maxLength(20))),
  secondaryFeatures: z.optional(z.array(z.looseObject({})).check(z.maxLength(20))),
  pricingTitle: z.optional(text(200)),
  pricingSubtitle: z.optional(text(500)),
  footerImage: z.optional(text(2048)),
  footerTitle: z.optional(text(200)),
  footerSubtitle: z.optional(text(500)),
});

/**
 * The settings the appearance editor may write, each with its rule. Anything else in `settings` is refused
 * (422 under the key), so the editor cannot become a back door to the other settings.
 */
export const APPEARANCE_SETTING_SCHEMAS = {
  'branding.site_name': text(100, true),
  'branding.logo_light': text(2048),
  'branding.logo_dark': text(2048),
  'branding.logo_light_mobile': text(2048),
  'branding.logo_dark_mobile': text(2048),
  'branding.favicon': text(2048),
  'themes.user_change': z.boolean('Choose on or off.'),
  'themes.default_id': z.number().check(z.int(), z.minimum(0), z.maximum(MAX_ID)),
  'homepage.appearance': LandingAppearance,
  'seo.default_title': text(200),
  'seo.default_description': text(500),
  'cookie_notice.enable': z.boolean('Choose on or off.'),
  'cookie_notice.position': z.enum(COOKIE_NOTICE_POSITIONS, 'Choose top or bottom.'),
  'cookie_notice.button': z.nullable(CookieNoticeLink),
  'custom_code.css': text(CUSTOM_CODE_MAX),
  'custom_code.html': text(CUSTOM_CODE_MAX),
} as Record<string, z.ZodMiniType>;

/** What the editor loads: every appearance setting, every theme and every menu (unfiltered). */
export const AppearanceState = z.object({
  values: z.record(z.string(), z.unknown()),
  themes: z.array(Theme),
  menus: z.array(Menu),
  /** The positions a menu may be placed at: `MENU_POSITIONS` plus the product's own (`appearanceModule`). */
  menuPositions: z.optional(z.array(z.string())),
});
export type AppearanceState = z.infer<typeof AppearanceState>;

/** Themes to create, update and delete in one save; `key` lets the editor match a created theme to its answer. */
export const ThemeChanges = z.object({
  create: z.optional(
    z
      .array(z.extend(ThemeInput, { key: z.optional(z.string().check(z.maxLength(64))) }))
      .check(z.maxLength(MAX_THEMES)),
  ),
  update: z.optional(z.array(z.extend(ThemeInput, { id: rowId() })).check(z.maxLength(MAX_THEMES))),
  delete: z.optional(z.array(rowId()).check(z.maxLength(MAX_THEMES))),
});
export type ThemeChanges = z.infer<typeof ThemeChanges>;

export const AppearanceSave = z.object({
  /** Values by key, each checked by `APPEARANCE_SETTING_SCHEMAS` (landing content, custom code, SEO, cookie notice…). */
  settings: z.optional(z.record(z.string().check(z.maxLength(191)), z.unknown())),
  themes: z.optional(ThemeChanges),
  /** The whole menu list; replaces the stored one. */
  menus: z.optional(z.array(MenuInput).check(z.maxLength(MAX_MENUS, `Use at most ${MAX_MENUS} menus.`))),
});
export type AppearanceSave = z.infer<typeof AppearanceSave>;

/** `GET admin/appearance`: what the editor starts from. */
export const show = route({
  method: 'GET',
  path: 'admin/appearance',
  tag: 'appearance',
  summary: 'Read the appearance settings, themes and menus',
  auth: true,
  permission: APPEARANCE_PERMISSION,
  response: AppearanceState,
});

/**
 * `POST admin/appearance`: saves settings, custom code, SEO, cookie notice, theme creations/updates/deletions and
 * the menus in ONE transaction: a part that fails validation or writing saves nothing. Answers the new state, with
 * `created` mapping each new theme's `key` to its id.
 */
export const save = route({
  method: 'POST',
  path: 'admin/appearance',
  tag: 'appearance',
  summary: 'Save everything the appearance editor edits, all or nothing',
  auth: true,
  permission: APPEARANCE_PERMISSION,
  body: AppearanceSave,
  response: z.extend(AppearanceState, { created: z.record(z.string(), z.number()) }),
});

/** `GET admin/themes` */
export const listThemes = route({
  method: 'GET',
  path: 'admin/themes',
  tag: 'appearance',
  summary: 'List the themes',
  auth: true,
  permission: APPEARANCE_PERMISSION,
  response: z.object({ themes: z.array(Theme) }),
});

/** `POST admin/themes` */
export const createTheme = route({
  method: 'POST',
  path: 'admin/themes',
  tag: 'appearance',
  summary: 'Create a theme',
  auth: true,
  permission: APPEARANCE_PERMISSION,
  body: ThemeInput,
  response: z.object({ theme: Theme }),
  status: 201,
});

/** `PUT admin/themes/{id}` */
export const updateTheme = route({
  method: 'PUT',
  path: 'admin/themes/{id}',
  tag: 'appearance',
  summary: 'Update a theme',
  auth: true,
  permission: APPEARANCE_PERMISSION,
  params: z.object({ id: idParam() }),
  body: ThemeInput,
  response: z.object({ theme: Theme }),
  errors: [404],
});

/** `DELETE admin/themes/{id}`: the last theme cannot be deleted (422). */
export const deleteTheme = route({
  method: 'DELETE',
  path: 'admin/themes/{id}',
  tag: 'appearance',
  summary: 'Delete a theme',
  auth: true,
  permission: APPEARANCE_PERMISSION,
  params: z.object({ id: idParam() }),
  response: noContent,
  errors: [404],
});

// ---------------------------------------------------------------------------------------------------------------
// The bridge: window messages from the editor (parent window) to the site in its preview frame.

const base = { source: z.literal(APPEARANCE_EDITOR_SOURCE) };

/** `navigate`: go to the route in `to` (a path inside the site). */
export const NavigateMessage = z.object({ ...base, type: z.literal('navigate'), to: z.string() });
/** `setValues`: merge `appearance.themes.all` and the settings into the bootstrap data. */
export const SetValuesMessage = z.object({
  ...base,
  type: z.literal('setValues'),
  values: z.object({
    settings: z.optional(z.record(z.string(), z.unknown())),
    appearance: z.optional(z.object({ themes: z.optional(z.object({ all: z.optional(z.array(Theme)) })) })),
  }),
});
/** `setThemeColor`: set one CSS variable (`name`) to `value` on the root element. */
export const SetThemeColorMessage = z.object({
  ...base,
  type: z.literal('setThemeColor'),
  name: z.string().check(z.regex(CSS_VARIABLE_PATTERN)),
  value: z.string().check(z.regex(CSS_COLOR_PATTERN)),
});
/** `setActiveTheme`: apply the theme with this id from the theme list; ignored when there is none. */
export const SetActiveThemeMessage = z.object({
  ...base,
  type: z.literal('setActiveTheme'),
  themeId: z.number(),
});
/** `setCustomCode`: replace the custom HTML (`div` in the body) or CSS (`style` in the head); empty removes it. */
export const SetCustomCodeMessage = z.object({
  ...base,
  type: z.literal('setCustomCode'),
  mode: z.enum(['html', 'css']),
  value: z.string(),
});

export const AppearanceEditorMessage = z.discriminatedUnion('type', [
  NavigateMessage,
  SetValuesMessage,
  SetThemeColorMessage,
  SetActiveThemeMessage,
  SetCustomCodeMessage,
]);
export type AppearanceEditorMessage = z.infer<typeof AppearanceEditorMessage>;
export type AppearanceEditorMessageType = AppearanceEditorMessage['type'];
