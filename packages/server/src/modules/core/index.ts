import { z } from 'zod';
import { encodeBootstrap, type ThemeRecord } from '../../bootstrap/bootstrap';
import { defineRoute } from '../../http/routes';
import { defineModule } from '../../kit';
import { DEFAULT_THEMES } from './themes';

const ACTIVE_THEME_COOKIE = 'be-active-theme';

/**
 * The module every app has: the settings and themes tables, `GET health` and `GET bootstrap-data`.
 */
export const coreModule = () =>
  defineModule({
    id: 'core',
    migrations: {
      '001-settings': {
        async up(knex) {
          await knex.schema.createTable('settings', (t) => {
            t.string('key', 191).primary();
            t.jsonb('value');
            t.boolean('public').notNullable().defaultTo(false);
            t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
          });
        },
        async down(knex) {
          await knex.schema.dropTable('settings');
        },
      },
      '002-themes': {
        async up(knex) {
          await knex.schema.createTable('themes', (t) => {
            t.increments('id');
            t.string('name', 100).notNullable();
            t.boolean('is_dark').notNullable().defaultTo(false);
            t.boolean('default_light').notNullable().defaultTo(false);
            t.boolean('default_dark').notNullable().defaultTo(false);
            t.jsonb('colors').notNullable();
            t.timestamps(true, true);
          });
          await knex('themes').insert(
            DEFAULT_THEMES.map((theme) => ({ ...theme, colors: JSON.stringify(theme.colors) })),
          );
        },
        async down(knex) {
          await knex.schema.dropTable('themes');
        },
      },
    },
    settings: {
      'branding.site_name': { value: 'Backline', public: true },
      'branding.logo_light': { value: '', public: true },
      'branding.logo_dark': { value: '', public: true },
      'branding.logo_light_mobile': { value: '', public: true },
      'branding.logo_dark_mobile': { value: '', public: true },
      'themes.user_change': { value: true, public: true },
      'themes.default_id': { value: 0, public: true },
      'dates.default_timezone': { value: 'UTC', public: true },
      'i18n.enable': { value: true, public: true },
    },
    routes(router) {
      router.add(
        defineRoute({
          method: 'GET',
          path: 'health',
          summary: 'Liveness and database status',
          handler: async ({ ctx, kit }) => {
            const status = await kit.db.ping();
            ctx.status = status === 'up' ? 200 : 503;
            return { status: status === 'up' ? 'ok' : 'error', database: { kind: kit.db.kind, status } };
          },
        }),
      );
      router.add(
        defineRoute({
          method: 'GET',
          path: 'bootstrap-data',
          summary: 'The encoded bootstrap data, as injected into index.html',
          query: z.object({}).passthrough(),
          handler: async ({ ctx, kit }) => {
            ctx.set('Cache-Control', 'no-store');
            return { data: { data: encodeBootstrap(await kit.bootstrap(ctx)) } };
          },
        }),
      );
    },
    async bootstrap(ctx, data, kit) {
      const rows: ThemeRecord[] = await kit
        .knex('themes')
        .select('id', 'name', 'is_dark', 'default_light', 'default_dark', 'colors')
        .orderBy('id');
      const chosen = Number(ctx.cookies.get(ACTIVE_THEME_COOKIE));
      const userChange = await kit.settings.get<boolean>('themes.user_change', true);
      const defaultId = await kit.settings.get<number>('themes.default_id', 0);
      const pick = (id: number) => rows.find((theme) => theme.id === id);
      const selected = (userChange && pick(chosen)) || pick(defaultId) || rows[0];
      data.themes = { all: rows, selectedThemeId: selected?.id ?? null };
    },
  });
