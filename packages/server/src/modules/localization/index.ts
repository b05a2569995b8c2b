import { localization } from '@backline/core/contract';
import type { Context } from 'koa';
import { ValidationError } from '../../http/errors';
import { defineModule, type Kit, type Localization } from '../../kit';
import { User } from '../users/user-model';
import {
  buildLocalizations,
  ENGLISH,
  LOCALE_COOKIE,
  loadStoredLocalizations,
  localizationsOf,
} from './registry';

const YEAR_MS = 365 * 24 * 3600 * 1000;

export interface LocalizationOptions {
  /** Languages to install besides English (modules may also declare `localizations`). */
  localizations?: Localization[];
}

/**
 * The caller's language: the user's saved `language`, else the `locale` cookie, else the setting
 * `i18n.default_localization` — each only when installed — else English. With `i18n.enable` off, always the default.
 */
async function chosenLocalization(ctx: Context, kit: Kit): Promise<Localization> {
  const { byLanguage } = localizationsOf(ctx);
  const saved = ctx.state.user?.language;
  const cookie = ctx.cookies.get(LOCALE_COOKIE);
  // The setting reads are only paid for when a choice exists or the default is needed.
  const chosen = (saved && byLanguage.get(saved)) || (cookie && byLanguage.get(cookie)) || undefined;
  if (chosen && (await kit.settings.get<boolean>('i18n.enable', true))) return chosen;
  const fallback = await kit.settings.get<string>('i18n.default_localization', ENGLISH.language);
  return byLanguage.get(fallback) ?? byLanguage.get(ENGLISH.language)!;
}

/**
 * Installed languages (English plus registered ones, `{language, name, lines}` with lines keyed by the English
 * text), the bootstrap data's `i18n`, and `POST users/me/locale` for users and visitors alike.
 */
export const localizationModule = (options: LocalizationOptions = {}) => {
  // Fails at start-up, not on the first request, when a language code is malformed.
  buildLocalizations(options.localizations ?? []);
  return defineModule({
    id: 'localization',
    // Declared like any module's languages, so every reader finds them through the app's module list.
    localizations: options.localizations ?? [],
    migrations: {
      // Languages the admin adds and lines the admin translates, laid over the languages declared in code.
      '001-localizations': {
        async up(knex) {
          await knex.schema.createTable('localizations', (t) => {
            t.string('language', 20).primary();
            t.string('name', 100).notNullable();
            t.jsonb('lines').notNullable().defaultTo('{}');
            t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
          });
        },
        async down(knex) {
          await knex.schema.dropTable('localizations');
        },
      },
    },
    // Every request reads languages synchronously (bootstrap data, locale changes): load the stored ones first.
    middleware: [
      async (ctx, next) => {
        await loadStoredLocalizations(ctx.app, (ctx.app as unknown as { kit: Kit }).kit.knex);
        await next();
      },
    ],
    settings: {
      'i18n.default_localization': { value: ENGLISH.language, public: true },
    },
    routes(router) {
      router.route(localization.changeLocale).handle(async ({ body, ctx, kit }) => {
        const locale = localizationsOf(ctx).byLanguage.get(body.locale);
        if (!locale) throw new ValidationError({ locale: ['The selected locale is invalid.'] });
        ctx.cookies.set(LOCALE_COOKIE, locale.language, {
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.secure || kit.config.secureCookies,
          overwrite: true,
          maxAge: YEAR_MS,
        });
        const user = ctx.state.user;
        if (user && user.language !== locale.language) {
          await User.query(kit.knex)
            .findById(user.id)
            .patch({ language: locale.language, updated_at: kit.now() });
          user.language = locale.language;
        }
        return { locale };
      });
    },
    async bootstrap(ctx, data, kit) {
      data.i18n = await chosenLocalization(ctx, kit);
    },
  });
};

export { LOCALE_COOKIE, localizationsOf } from './registry';
