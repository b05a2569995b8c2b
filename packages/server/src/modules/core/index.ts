import { ACTIVE_THEME_COOKIE, system } from '@backline/core/contract';
import type { Context } from 'koa';
import { encodeBootstrapString, type ThemeRecord } from '../../bootstrap/bootstrap';
import { defineModule } from '../../kit';
import { themeRecords } from './theme-cache';
import { DEFAULT_THEMES } from './themes';

/**
 * A probe's 503: an error, so it carries the error shape's message, with the fields a monitor's or balancer's log
 * shows, and `Retry-After`. Written to the context (the handler answers undefined), as the error shape is not the
 * route's declared success answer.
 */
function unavailable(ctx: Context, message: string, fields: Record<string, unknown>): undefined {
  ctx.status = 503;
  ctx.set('Retry-After', '5');
  ctx.body = { message, ...fields };
  return undefined;
}

/**
 * The module every app has: the settings and themes tables, `GET health` (liveness), `GET health/ready`
 * (readiness for a load balancer) and `GET bootstrap-data`.
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
      router.route(system.health).handle(async ({ ctx, kit }) => {
        const status = await kit.db.ping();
        const database = { kind: kit.db.kind, status };
        if (status === 'up') return { status: 'ok', database };
        return unavailable(ctx, 'The database cannot be reached.', { status: 'error', database });
      });
      router.route(system.ready).handle(async ({ ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        const database = kit.draining ? 'up' : await kit.db.ping();
        const connected = kit.bus.connected;
        const status = kit.draining ? 'draining' : database === 'up' && connected ? 'ready' : 'unavailable';
        const answer = { status, database, bus: { kind: kit.bus.kind, connected } } as const;
        if (status === 'ready') return answer;
        return unavailable(
          ctx,
          status === 'draining'
            ? 'This instance is shutting down.'
            : 'This instance cannot reach the database or the other instances.',
          answer,
        );
      });
      router.route(system.bootstrapData).handle(async ({ ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        // `{data: {data: encoded}}`, written out directly: Koa would otherwise walk the object again.
        ctx.type = 'application/json';
        ctx.body = `{"data":{"data":${encodeBootstrapString(await kit.bootstrap(ctx))}}}`;
        return undefined;
      });
    },
    async bootstrap(ctx, data, kit) {
      // Cached: a query per bootstrap answer was most of its cost (see docs/benchmarks.md).
      const rows = await themeRecords(kit.knex);
      const chosen = Number(ctx.cookies.get(ACTIVE_THEME_COOKIE));
      const userChange = await kit.settings.get<boolean>('themes.user_change', true);
      const defaultId = await kit.settings.get<number>('themes.default_id', 0);
      let byChoice: ThemeRecord | undefined;
      let byDefault: ThemeRecord | undefined;
      for (const theme of rows) {
        if (theme.id === chosen) byChoice = theme;
        if (theme.id === defaultId) byDefault = theme;
      }
      const selected = (userChange && byChoice) || byDefault || rows[0];
      data.themes = { all: rows, selectedThemeId: selected?.id ?? null };
    },
  });
