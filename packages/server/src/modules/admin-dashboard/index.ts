import { adminDashboard } from '@backline/core/contract';
import type { Knex } from 'knex';
import { defineModule, isInstalled } from '../../kit';

/** A daily count (or sum) over one of the app's own tables, shown on the dashboard next to the built-in ones. */
export interface DashboardSeriesMetric {
  key: string;
  /** English label; the admin client translates it. */
  label: string;
  table: string;
  /** The timestamp column that dates a row (`played_at`). */
  dateColumn: string;
  /** Sums this column instead of counting rows. */
  sumColumn?: string;
  format?: 'count' | 'bytes';
}

export interface AdminDashboardOptions {
  /** More figures, such as the music site's plays: `{key: 'plays', label: 'Plays', table: 'music_plays', dateColumn: 'played_at'}`. */
  metrics?: DashboardSeriesMetric[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const DAY_MS = 24 * 3600 * 1000;

/** `YYYY-MM-DD` of a date in UTC. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Counts (or sums) rows per UTC day since `from`, then fills the days without rows with 0. Table and column names
 * come from code (module options), never from the request, and are checked as plain identifiers anyway.
 */
async function daily(
  knex: Knex,
  metric: Pick<DashboardSeriesMetric, 'table' | 'dateColumn' | 'sumColumn'>,
  from: Date,
  days: number,
  where?: (query: Knex.QueryBuilder) => void,
): Promise<{ total: number; series: { date: string; value: number }[] }> {
  const day = knex.raw(`to_char((??) at time zone 'UTC', 'YYYY-MM-DD') as day`, [metric.dateColumn]);
  const value = metric.sumColumn
    ? knex.raw('coalesce(sum(??), 0)::bigint as value', [metric.sumColumn])
    : knex.raw('count(*)::bigint as value');
  const query = knex(metric.table).select(day, value).where(metric.dateColumn, '>=', from).groupByRaw('1');
  where?.(query);
  const rows: { day: string; value: string | number }[] = await query;
  const byDay = new Map(rows.map((row) => [row.day, Number(row.value)]));
  const series = Array.from({ length: days }, (_, index) => {
    const date = isoDay(new Date(from.getTime() + index * DAY_MS));
    return { date, value: byDay.get(date) ?? 0 };
  });
  return { total: series.reduce((sum, point) => sum + point.value, 0), series };
}

/**
 * `GET admin/dashboard`: new users, active sessions, uploads and storage used, plus the app's own figures, over the
 * last 7, 30 or 90 days (today included), each computed in SQL from the site's own tables.
 */
export const adminDashboardModule = (options: AdminDashboardOptions = {}) => {
  const extra = options.metrics ?? [];
  for (const metric of extra) {
    for (const name of [metric.table, metric.dateColumn, metric.sumColumn]) {
      if (name !== undefined && !IDENTIFIER.test(name))
        throw new Error(`Dashboard metric "${metric.key}": "${name}" is not a plain table or column name.`);
    }
  }
  return defineModule({
    id: 'admin-dashboard',
    // Sessions and uploads are modules an app may leave out; their figures are shown when they are installed.
    dependencies: { requires: ['users'], optional: ['sessions', 'uploads'] },
    routes(router) {
      router.route(adminDashboard.show).handle(async ({ query, ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        const days = Number(query.days ?? 30);
        const now = kit.now();
        // Today counts as one of the days: the range starts at midnight UTC, days − 1 days ago.
        const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
        const from = new Date(today - (days - 1) * DAY_MS);
        const metrics: adminDashboard.DashboardMetric[] = [];

        const users = await daily(kit.knex, { table: 'users', dateColumn: 'created_at' }, from, days);
        metrics.push({ key: 'new_users', label: 'New users', format: 'count', ...users });

        if (isInstalled(kit, 'sessions')) {
          const row = await kit
            .knex('sessions')
            .where('expires_at', '>', now)
            .whereNotNull('user_id')
            .count({ count: '*' })
            .first();
          metrics.push({
            key: 'active_sessions',
            label: 'Active sessions',
            format: 'count',
            total: Number(row?.count ?? 0),
          });
        }

        if (isInstalled(kit, 'uploads')) {
          const live = (query: Knex.QueryBuilder) => query.whereNull('deleted_at');
          const uploads = await daily(
            kit.knex,
            { table: 'file_entries', dateColumn: 'created_at' },
            from,
            days,
            live,
          );
          metrics.push({ key: 'uploads', label: 'Uploads', format: 'count', ...uploads });
          const stored = await kit
            .knex('file_entries')
            .whereNull('deleted_at')
            .sum({ bytes: 'size' })
            .first();
          metrics.push({
            key: 'storage_used',
            label: 'Storage used',
            format: 'bytes',
            total: Number(stored?.bytes ?? 0),
          });
        }

        for (const metric of extra) {
          const result = await daily(kit.knex, metric, from, days);
          metrics.push({ key: metric.key, label: metric.label, format: metric.format ?? 'count', ...result });
        }
        return { days, from: isoDay(from), metrics };
      });
    },
  });
};
