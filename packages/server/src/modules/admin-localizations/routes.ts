import { adminLocalizations } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import type { BacklineRouter } from '../../http/routes';
import type { Kit } from '../../kit';
import { recordAudit } from '../admin/audit-log';
import { ENGLISH, loadStoredLocalizations, localizationsOf } from '../localization/registry';

const NOT_FOUND = 'This language is not installed.';

/** Every source line any installed language knows: the English text the site shows. */
function sourceKeys(ctx: Context): string[] {
  const keys = new Set<string>();
  for (const locale of localizationsOf(ctx).byLanguage.values())
    for (const key of Object.keys(locale.lines)) keys.add(key);
  return [...keys].sort((a, b) => a.localeCompare(b));
}

async function summary(ctx: Context, kit: Kit, language: string, keys = sourceKeys(ctx)) {
  const locale = localizationsOf(ctx).byLanguage.get(language);
  if (!locale) throw new HttpError(404, NOT_FOUND);
  const fallback = await kit.settings.get<string>('i18n.default_localization', ENGLISH.language);
  // English is the source: every line is "translated" by being itself.
  const translated =
    language === ENGLISH.language ? keys.length : keys.filter((key) => Boolean(locale.lines[key])).length;
  return { language, name: locale.name, translated, total: keys.length, is_default: fallback === language };
}

/** An audit row for a localization write (`recordAudit` skips it when the app has no audit log). */
async function audit(
  trx: Knex.Transaction,
  ctx: Context,
  kit: Kit,
  entry: { action: string; before?: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await recordAudit(trx, ctx, kit, { ...entry, target_type: 'localization' });
}

/**
 * The admin's localization routes: list languages with their progress, add one, read and save its lines (an edit
 * or an imported JSON file), and choose the default. Saved lines live in the `localizations` table, laid over the
 * languages modules declare; a write forgets the loaded copy, so the next page load carries the new lines.
 */
export function registerAdminLocalizationRoutes(router: BacklineRouter): void {
  router.route(adminLocalizations.list).handle(async ({ ctx, kit }) => {
    const keys = sourceKeys(ctx);
    const localizations = [];
    for (const { language } of localizationsOf(ctx).list)
      localizations.push(await summary(ctx, kit, language, keys));
    return { localizations };
  });

  router.route(adminLocalizations.create).handle(async ({ body, ctx, kit }) => {
    if (localizationsOf(ctx).byLanguage.has(body.language))
      throw new ValidationError({ language: ['This language is already installed.'] });
    await kit.knex.transaction(async (trx) => {
      await trx('localizations')
        .insert({ language: body.language, name: body.name.trim(), lines: JSON.stringify({}) })
        .onConflict('language')
        .ignore();
      await audit(trx, ctx, kit, {
        action: 'localization.create',
        after: { language: body.language, name: body.name.trim() },
      });
    });
    // Here and on every other instance.
    await kit.bus.invalidate('localizations');
    await ensureLoaded(ctx, kit);
    ctx.status = 201;
    return { localization: await summary(ctx, kit, body.language) };
  });

  router.route(adminLocalizations.show).handle(async ({ params, ctx, kit }) => {
    const locale = localizationsOf(ctx).byLanguage.get(params.language);
    if (!locale) throw new HttpError(404, NOT_FOUND);
    const keys = sourceKeys(ctx);
    const lines = keys.map((key) => ({
      key,
      translation:
        params.language === ENGLISH.language ? (locale.lines[key] ?? key) : (locale.lines[key] ?? null),
    }));
    return { localization: await summary(ctx, kit, params.language, keys), lines };
  });

  router.route(adminLocalizations.update).handle(async ({ params, body, ctx, kit }) => {
    const locale = localizationsOf(ctx).byLanguage.get(params.language);
    if (!locale) throw new HttpError(404, NOT_FOUND);
    await kit.knex.transaction(async (trx) => {
      const row = await trx('localizations')
        .where({ language: params.language })
        .forUpdate()
        .first('name', 'lines');
      const current: Record<string, string> = row
        ? typeof row.lines === 'string'
          ? JSON.parse(row.lines)
          : row.lines
        : {};
      for (const [key, value] of Object.entries(body.lines)) {
        if (value === '') delete current[key];
        else current[key] = value;
      }
      const name = body.name?.trim() || row?.name || locale.name;
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const key of Object.keys(body.lines)) {
        before[key] = locale.lines[key] ?? null;
        after[key] = current[key] ?? null;
      }
      if (name !== locale.name)
        Object.assign(before, { name: locale.name }) && Object.assign(after, { name });
      await audit(trx, ctx, kit, {
        action: 'localization.update',
        before: { language: params.language, ...before },
        after: { language: params.language, ...after },
      });
      await trx('localizations')
        .insert({ language: params.language, name, lines: JSON.stringify(current), updated_at: kit.now() })
        .onConflict('language')
        .merge();
    });
    // Here and on every other instance.
    await kit.bus.invalidate('localizations');
    await ensureLoaded(ctx, kit);
    return { localization: await summary(ctx, kit, params.language) };
  });

  router.route(adminLocalizations.setDefault).handle(async ({ params, ctx, kit }) => {
    if (!localizationsOf(ctx).byLanguage.has(params.language)) throw new HttpError(404, NOT_FOUND);
    const previous = await kit.settings.get<string>('i18n.default_localization', ENGLISH.language);
    await kit.knex.transaction(async (trx) => {
      await kit.settings.setMany({ 'i18n.default_localization': params.language }, { trx });
      await audit(trx, ctx, kit, {
        action: 'localization.default',
        before: { default: previous },
        after: { default: params.language },
      });
    });
    return { localization: await summary(ctx, kit, params.language) };
  });
}

/** Loads the stored languages again after a write, so the answer already counts the new lines. */
function ensureLoaded(ctx: Context, kit: Kit): Promise<void> {
  return loadStoredLocalizations(ctx.app, kit.knex);
}
