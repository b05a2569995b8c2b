import { filterMenuItems, type Menu } from '@backline/core';
import { appearance, type FieldErrors } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { safeParse, type ZodMiniType } from 'zod/mini';
import type { ThemeRecord } from '../../bootstrap/bootstrap';
import { HttpError, ValidationError } from '../../http/errors';
import { defineModule, type Kit, type PageHead } from '../../kit';
import type { SettingDefinitions } from '../../settings/settings-service';
import { changedFields, recordAudit } from '../admin/audit-log';
import { themeRecords } from '../core/theme-cache';
import { customCodeHtml } from './custom-code';

export { customCodeHtml };

const { APPEARANCE_PERMISSION, APPEARANCE_SETTING_SCHEMAS, MENU_POSITIONS, MENU_POSITION_PATTERN } =
  appearance;

export interface AppearanceModuleOptions {
  /**
   * Menu positions the product reads beyond the shipped ones (`appearance.MENU_POSITIONS`), such as
   * `['player-sidebar']`. The editor offers them, and the server refuses a menu at any position not listed.
   */
  menuPositions?: readonly string[];
  /**
   * Settings a product's own editor section saves with the rest, each with its rule: `{'discover.intro':
   * z.string().check(z.maxLength(300))}`. The editor loads them in `values`, and the one save validates each by its
   * rule and writes it in the same transaction and audit row as the rest. The keys' defaults (and whether they are
   * public) come from the module that owns them, as for any setting.
   */
  settings?: Record<string, ZodMiniType>;
}

/** The rule for each setting the editor may write: the shipped ones plus the product's, checked once at start-up. */
function settingRules(extra: Record<string, ZodMiniType> = {}): Record<string, ZodMiniType> {
  for (const key of Object.keys(extra)) {
    // A product rule must not loosen a shipped one, and `menus` has its own part of the save.
    if (Object.hasOwn(APPEARANCE_SETTING_SCHEMAS, key) || key === MENUS_KEY)
      throw new Error(`appearanceModule: the setting "${key}" already has a rule in the appearance editor.`);
    if (!/^[a-z0-9_]+(?:\.[a-z0-9_]+)*$/i.test(key))
      throw new Error(`appearanceModule: "${key}" is not a dotted setting key.`);
  }
  return { ...APPEARANCE_SETTING_SCHEMAS, ...extra };
}

/** The shipped positions plus the product's, each checked against the position pattern at start-up. */
function menuPositionList(extra: readonly string[] = []): readonly string[] {
  for (const position of extra)
    if (!MENU_POSITION_PATTERN.test(position))
      throw new Error(
        `appearanceModule: "${position}" is not a menu position (use words-joined-by-hyphens).`,
      );
  return [...new Set([...MENU_POSITIONS, ...extra])];
}

/** The defaults of the appearance settings no other module owns. Custom code is not public: the server renders it. */
const SETTINGS: SettingDefinitions = {
  'branding.favicon': { value: '', public: true },
  'seo.default_title': { value: '', public: true },
  'seo.default_description': { value: '', public: true },
  'cookie_notice.enable': { value: false, public: true },
  'cookie_notice.position': { value: 'bottom', public: true },
  'cookie_notice.button': { value: null, public: true },
  'custom_code.css': { value: '' },
  'custom_code.html': { value: '' },
};

/** The settings key the menus live under (public: the bootstrap copy is filtered per viewer below). */
const MENUS_KEY = 'menus';

type ThemeInput = appearance.ThemeInput;

/** Checks each setting by its key's rule; answers what to store or throws a 422 naming each bad key. */
function validateSettings(
  input: Record<string, unknown>,
  rules: Record<string, ZodMiniType>,
): Record<string, unknown> {
  const errors: FieldErrors = {};
  const accepted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const schema = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!schema) {
      errors[`settings.${key}`] = ['This setting cannot be changed in the appearance editor.'];
      continue;
    }
    const result = safeParse(schema, value);
    if (result.success) accepted[key] = result.data;
    else errors[`settings.${key}`] = result.error.issues.map((issue) => issue.message);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return accepted;
}

/**
 * Each menu needs its own id, and may only sit at positions the site knows. No two menus share a position: the
 * chrome shows the first menu at a position (`menuAt`), so a second one there would be saved but never seen.
 * Answers the menus to store, each position listed once.
 */
function validateMenus(
  menus: readonly appearance.MenuInput[],
  positions: readonly string[],
): appearance.MenuInput[] {
  const known = new Set(positions);
  const errors: FieldErrors = {};
  const ids = new Set<string>();
  const taken = new Map<string, string>();
  menus.forEach((menu, m) => {
    const id = String(menu.id);
    if (ids.has(id)) errors[`menus.${m}.id`] = ['Each menu needs its own id.'];
    ids.add(id);
    const problems: string[] = [];
    for (const position of new Set(menu.positions)) {
      if (!known.has(position)) problems.push(`This site shows no menu at "${position}".`);
      else if (taken.has(position))
        problems.push(
          `“${taken.get(position)}” is already shown at "${position}"; a position holds one menu.`,
        );
      else taken.set(position, menu.name.trim());
    }
    if (problems.length) errors[`menus.${m}.positions`] = problems;
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return menus.map((menu) => ({ ...menu, name: menu.name.trim(), positions: [...new Set(menu.positions)] }));
}

/** `themes.default_id` names a theme that exists once the save's theme changes are written (0: the first theme). */
async function checkDefaultTheme(trx: Knex.Transaction, settings: Record<string, unknown>): Promise<void> {
  const id = settings['themes.default_id'];
  if (id === undefined || id === 0) return;
  const row = await trx('themes').where('id', Number(id)).first('id');
  if (!row)
    throw new ValidationError(
      { 'settings.themes.default_id': ['Choose an existing theme.'] },
      'Choose an existing theme.',
    );
}

/** Menu items may only name roles that exist: a typo would hide the item from everyone, silently. */
async function validateMenuRoles(kit: Kit, menus: readonly appearance.MenuInput[]): Promise<void> {
  const wanted = new Set(menus.flatMap((menu) => menu.items.flatMap((item) => item.roles ?? [])));
  if (wanted.size === 0) return;
  const rows: { id: number }[] = await kit
    .knex('roles')
    .whereIn('id', [...wanted])
    .select('id');
  const known = new Set(rows.map((row) => Number(row.id)));
  const errors: FieldErrors = {};
  menus.forEach((menu, m) => {
    menu.items.forEach((item, i) => {
      if ((item.roles ?? []).some((id) => !known.has(id)))
        errors[`menus.${m}.items.${i}.roles`] = ['Choose existing roles.'];
    });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

function themeRow(input: ThemeInput) {
  return {
    name: input.name.trim(),
    is_dark: input.is_dark,
    // A light theme cannot be the default dark one, and the other way round.
    default_light: !input.is_dark && input.default_light === true,
    default_dark: input.is_dark && input.default_dark === true,
    colors: JSON.stringify(input.colors),
  };
}

/** Keeps one default light and one default dark theme: the newest theme marked default wins. */
async function settleDefaults(trx: Knex.Transaction, id: number, row: ReturnType<typeof themeRow>) {
  if (row.default_light) await trx('themes').whereNot('id', id).update({ default_light: false });
  if (row.default_dark) await trx('themes').whereNot('id', id).update({ default_dark: false });
}

async function createTheme(trx: Knex.Transaction, input: ThemeInput): Promise<number> {
  const row = themeRow(input);
  const [inserted] = await trx('themes').insert(row).returning('id');
  const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
  await settleDefaults(trx, id, row);
  return id;
}

async function updateTheme(
  trx: Knex.Transaction,
  id: number,
  input: ThemeInput,
  field: string,
): Promise<void> {
  const row = themeRow(input);
  const count = await trx('themes')
    .where('id', id)
    .update({ ...row, updated_at: trx.fn.now() });
  if (!count)
    throw new ValidationError({ [field]: ['This theme does not exist.'] }, 'This theme does not exist.');
  await settleDefaults(trx, id, row);
}

/** Deletes themes; at least one must remain (the site always needs a theme to paint). */
async function deleteThemes(trx: Knex.Transaction, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const count = await trx('themes').whereIn('id', ids).delete();
  if (count !== new Set(ids).size)
    throw new ValidationError({ [field]: ['This theme does not exist.'] }, 'This theme does not exist.');
  const [left] = (await trx('themes').count({ total: '*' })) as { total: string | number }[];
  if (Number(left?.total ?? 0) === 0)
    throw new ValidationError({ [field]: ['Keep at least one theme.'] }, 'Keep at least one theme.');
}

interface ThemeTableRow {
  id: number;
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  colors: unknown;
}

/**
 * A theme as the audit log records it: each colour is its own field (`colors.--bl-primary`), so an edit logs
 * the variables that changed rather than the whole palette twice.
 */
function auditedTheme(row: Omit<ThemeTableRow, 'id'>): Record<string, unknown> {
  const colors = (typeof row.colors === 'string' ? JSON.parse(row.colors) : row.colors) as Record<
    string,
    string
  >;
  return {
    name: row.name,
    is_dark: Boolean(row.is_dark),
    default_light: Boolean(row.default_light),
    default_dark: Boolean(row.default_dark),
    ...Object.fromEntries(Object.entries(colors ?? {}).map(([name, value]) => [`colors.${name}`, value])),
  };
}

/** The themes with these ids as they are now, inside `trx`, by id. */
async function themesById(
  trx: Knex.Transaction,
  ids: readonly number[],
): Promise<Map<number, ThemeTableRow>> {
  if (ids.length === 0) return new Map();
  const rows: ThemeTableRow[] = await trx('themes')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name', 'is_dark', 'default_light', 'default_dark', 'colors');
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** Audit rows for theme writes, inside the write's transaction: one per theme created, updated or deleted. */
async function auditThemes(
  trx: Knex.Transaction,
  ctx: Context,
  kit: Kit,
  change: {
    created?: number[];
    updated?: number[];
    deleted?: ThemeTableRow[];
    before: Map<number, ThemeTableRow>;
  },
): Promise<void> {
  const now = await themesById(trx, [...(change.created ?? []), ...(change.updated ?? [])]);
  for (const id of change.created ?? [])
    await recordAudit(trx, ctx, kit, {
      action: 'theme.create',
      target_type: 'theme',
      target_id: id,
      before: null,
      after: auditedTheme(now.get(id)!),
    });
  for (const id of change.updated ?? []) {
    const before = change.before.get(id);
    if (!before) continue;
    const after = auditedTheme(now.get(id)!);
    // A theme saved unchanged (the editor sends every theme it touched) is no change to log.
    if (Object.keys(changedFields(auditedTheme(before), after)).length === 0) continue;
    await recordAudit(trx, ctx, kit, {
      action: 'theme.update',
      target_type: 'theme',
      target_id: id,
      before: auditedTheme(before),
      after,
    });
  }
  for (const row of change.deleted ?? [])
    await recordAudit(trx, ctx, kit, {
      action: 'theme.delete',
      target_type: 'theme',
      target_id: Number(row.id),
      before: auditedTheme(row),
      after: null,
    });
}

const settingText = async (kit: Kit, key: string) => {
  const value = await kit.settings.get<unknown>(key, '');
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The site's default head from the SEO section: the default title (else the site name) and description, with
 * their Open Graph and Twitter tags, for pages without a head of their own. Nothing while both are empty, so the
 * HTML template's own title and description stay.
 */
export async function seoDefaultHead(kit: Kit): Promise<PageHead | null> {
  const title = await settingText(kit, 'seo.default_title');
  const description = await settingText(kit, 'seo.default_description');
  if (!title && !description) return null;
  const siteName = await settingText(kit, 'branding.site_name');
  const shown = title || siteName;
  return {
    ...(shown && { title: shown }),
    ...(description && { description }),
    meta: [
      { property: 'og:type', content: 'website' },
      ...(shown ? [{ property: 'og:title', content: shown }] : []),
      ...(description ? [{ property: 'og:description', content: description }] : []),
      ...(siteName ? [{ property: 'og:site_name', content: siteName }] : []),
      { name: 'twitter:card', content: 'summary' },
      ...(shown ? [{ name: 'twitter:title', content: shown }] : []),
      ...(description ? [{ name: 'twitter:description', content: description }] : []),
    ],
  };
}

/** Every appearance value (the product's keys too), theme and menu, unfiltered: what the editor starts from. */
async function state(kit: Kit, rules: Record<string, ZodMiniType>, menuPositions: readonly string[]) {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(rules)) values[key] = await kit.settings.get<unknown>(key, null);
  const menus = await kit.settings.get<unknown>(MENUS_KEY, []);
  return {
    values,
    themes: [...(await themeRecords(kit.knex))] as ThemeRecord[],
    menus: (Array.isArray(menus) ? menus : []) as Menu[],
    menuPositions: [...menuPositions],
  };
}

/**
 * The appearance module: the theme routes (`admin/themes`), the editor's `GET`/`POST admin/appearance` (one save for
 * settings, custom code, SEO, cookie notice, themes and menus, in ONE transaction), menus filtered by the viewer's
 * roles and permissions in the bootstrap data, and the custom CSS/HTML rendered into every page with the CSP
 * nonce. The themes table itself belongs to the core module (it seeds the light and dark themes).
 */
export const appearanceModule = (options: AppearanceModuleOptions = {}) => {
  const rules = settingRules(options.settings);
  const menuPositions = menuPositionList(options.menuPositions);
  return defineModule({
    id: 'appearance',
    permissions: [
      {
        name: APPEARANCE_PERMISSION,
        description: 'Edit themes, menus, the landing page, custom code, SEO and the cookie notice',
      },
    ],
    settings: SETTINGS,
    routes(router) {
      router.route(appearance.show).handle(async ({ ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        return state(kit, rules, menuPositions);
      });

      router.route(appearance.save).handle(async ({ body, ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        // Everything is checked before anything is written; what only the database can tell (an unknown theme
        // id, the last theme deleted) fails inside the transaction, which then rolls back the rest.
        const settings = validateSettings(body.settings ?? {}, rules);
        const menus = body.menus ? validateMenus(body.menus, menuPositions) : undefined;
        if (menus) await validateMenuRoles(kit, menus);
        const created: Record<string, number> = {};
        // The settings service reads its table before a write; read it now, outside the transaction: a database
        // with one connection (PGlite) would otherwise wait on itself. The same reads give the audit its "before".
        const before: Record<string, unknown> = {};
        for (const key of Object.keys(settings)) before[key] = await kit.settings.get<unknown>(key, null);
        if (menus) before[MENUS_KEY] = await kit.settings.get<unknown>(MENUS_KEY, null);
        else await kit.settings.get(MENUS_KEY, null);
        try {
          await kit.knex.transaction(async (trx) => {
            const changes = body.themes ?? {};
            const deleting = changes.delete ?? [];
            const updating = (changes.update ?? []).map((theme) => theme.id);
            const previous = await themesById(trx, [...deleting, ...updating]);
            await deleteThemes(trx, deleting, 'themes.delete');
            for (const [index, theme] of (changes.update ?? []).entries())
              await updateTheme(trx, theme.id, theme, `themes.update.${index}.id`);
            for (const [index, theme] of (changes.create ?? []).entries()) {
              const id = await createTheme(trx, theme);
              created[theme.key ?? String(index)] = id;
            }
            // Menus are public whoever defined the setting: the bootstrap hook filters them per viewer. Written
            // straight into the transaction, since the settings service takes one `public` flag per write.
            if (menus)
              await trx('settings')
                .insert({
                  key: MENUS_KEY,
                  value: JSON.stringify(menus),
                  public: true,
                  updated_at: trx.fn.now(),
                })
                .onConflict('key')
                .merge();
            // After the theme writes, so a default naming a theme this same save deletes is refused.
            await checkDefaultTheme(trx, settings);
            if (Object.keys(settings).length) await kit.settings.setMany(settings, { trx });
            await auditThemes(trx, ctx, kit, {
              created: Object.values(created),
              updated: updating,
              deleted: deleting.flatMap((id) => previous.get(id) ?? []),
              before: previous,
            });
            const after = { ...settings, ...(menus ? { [MENUS_KEY]: menus } : {}) };
            // Settings, custom code, SEO, the cookie notice and menus: one row with the keys that changed.
            if (Object.keys(changedFields(before, after)).length)
              await recordAudit(trx, ctx, kit, {
                action: 'appearance.update',
                target_type: 'appearance',
                before,
                after,
              });
          });
        } finally {
          // Here and on every other instance (the bus also runs the forgetting here at once).
          await kit.bus.invalidate('themes');
          await kit.bus.invalidate('settings');
        }
        return { ...(await state(kit, rules, menuPositions)), created };
      });

      router.route(appearance.listThemes).handle(async ({ ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        return { themes: [...(await themeRecords(kit.knex))] as ThemeRecord[] };
      });

      router.route(appearance.createTheme).handle(async ({ body, ctx, kit }) => {
        let id = 0;
        try {
          await kit.knex.transaction(async (trx) => {
            id = await createTheme(trx, body);
            await auditThemes(trx, ctx, kit, { created: [id], before: new Map() });
          });
        } finally {
          await kit.bus.invalidate('themes');
        }
        return { theme: (await themeRecords(kit.knex)).find((theme) => theme.id === id)! };
      });

      router.route(appearance.updateTheme).handle(async ({ params, body, ctx, kit }) => {
        const id = Number(params.id);
        try {
          await kit.knex.transaction(async (trx) => {
            const before = await themesById(trx, [id]);
            if (!before.has(id)) throw new HttpError(404, 'Theme not found.');
            await updateTheme(trx, id, body, 'id');
            await auditThemes(trx, ctx, kit, { updated: [id], before });
          });
        } finally {
          await kit.bus.invalidate('themes');
        }
        return { theme: (await themeRecords(kit.knex)).find((theme) => theme.id === id)! };
      });

      router.route(appearance.deleteTheme).handle(async ({ params, ctx, kit }) => {
        const id = Number(params.id);
        try {
          await kit.knex.transaction(async (trx) => {
            const before = await themesById(trx, [id]);
            if (!before.has(id)) throw new HttpError(404, 'Theme not found.');
            await deleteThemes(trx, [id], 'id');
            await auditThemes(trx, ctx, kit, { deleted: [...before.values()], before });
          });
        } finally {
          await kit.bus.invalidate('themes');
        }
        return undefined;
      });
    },

    // Menus reach the browser already filtered: an item limited to a role or permission is not even sent to
    // people without it (the client filters again, for the editor's unsaved values).
    bootstrap(_ctx, data) {
      const menus = (data.settings as { menus?: unknown }).menus;
      if (!Array.isArray(menus)) return;
      const access = { user: data.user, guest_role: data.guest_role } as Parameters<
        typeof filterMenuItems
      >[1];
      // The settings tree is shared between requests: replace, never mutate.
      data.settings = {
        ...data.settings,
        menus: (menus as Menu[]).map((menu) => ({
          ...menu,
          items: filterMenuItems(menu.items ?? [], access),
        })),
      };
    },

    defaultPageHead: (_ctx, kit) => seoDefaultHead(kit),

    async pageHtml(_ctx, kit, { nonce }) {
      const css = await kit.settings.get<string>('custom_code.css', '');
      const html = await kit.settings.get<string>('custom_code.html', '');
      return customCodeHtml({ css, html }, nonce);
    },
  });
};
