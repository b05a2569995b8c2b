import { createHash } from 'node:crypto';
import { errorReports } from '@backline/core/contract';
import { HttpError } from '../../http/errors';
import { listPage } from '../../http/list-endpoint';
import { defineModule } from '../../kit';
import { recordAudit } from '../admin/audit-log';

/** 30 reports a minute per IP: a page stuck in an error loop cannot flood the table. */
export const ERROR_REPORT_LIMIT = { points: 30, duration: 60 };

/** The same error from many browsers is one row: its message and the first line of its stack. */
const fingerprint = (message: string, stack?: string | null) =>
  createHash('sha256')
    .update(`${message}\n${(stack ?? '').split('\n').find((line) => line.trim().startsWith('at ')) ?? ''}`)
    .digest('hex');

/**
 * Client error reporting: `POST error-reports` stores each distinct error once and counts repeats (rate-limited
 * per IP; the noisy errors of `IGNORED_ERRORS` are dropped here too), `GET error-reports` lists them with counts
 * for admins (`error_reports.view`).
 */
export const errorReportsModule = () =>
  defineModule({
    id: 'error-reports',
    permissions: [
      { name: errorReports.ERROR_REPORTS_VIEW_PERMISSION, description: 'See reported client errors' },
      { name: errorReports.ERROR_REPORTS_DELETE_PERMISSION, description: 'Delete reported client errors' },
    ],
    migrations: {
      '001-error-reports': {
        async up(knex) {
          await knex.schema.createTable('error_reports', (t) => {
            t.increments('id');
            t.string('fingerprint', 64).notNullable().unique();
            t.text('message').notNullable();
            t.text('stack');
            t.text('url');
            t.integer('count').notNullable().defaultTo(1);
            t.timestamp('first_seen_at', { useTz: true }).notNullable();
            t.timestamp('last_seen_at', { useTz: true }).notNullable().index();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('error_reports');
        },
      },
    },
    routes(router) {
      router.route(errorReports.report).handle(async ({ body, ctx, kit }) => {
        await kit.rateLimits.consume('error-reports', ctx.ip, ERROR_REPORT_LIMIT);
        if (errorReports.isIgnoredError(body.message)) return undefined;
        const now = kit.now();
        // One statement, so concurrent reports of the same error count correctly.
        await kit
          .knex('error_reports')
          .insert({
            fingerprint: fingerprint(body.message, body.stack),
            message: body.message,
            stack: body.stack ?? null,
            url: body.url ?? null,
            count: 1,
            first_seen_at: now,
            last_seen_at: now,
          })
          .onConflict('fingerprint')
          .merge({ count: kit.knex.raw('error_reports.count + 1'), last_seen_at: now });
        return undefined;
      });

      router.route(errorReports.list).handle(async ({ query, kit }) => {
        const page = await listPage({
          base: kit.knex('error_reports').select('*'),
          input: query,
          orderBy: {
            last_seen_at: 'error_reports.last_seen_at',
            first_seen_at: 'error_reports.first_seen_at',
            count: 'error_reports.count',
            message: 'error_reports.message',
          },
          defaultOrder: ['error_reports.last_seen_at', 'desc'],
          idColumn: 'error_reports.id',
          search: ['error_reports.message', 'error_reports.url'],
        });
        return {
          pagination: {
            ...page.pagination,
            data: page.pagination.data.map((row: Record<string, unknown>) => ({
              id: Number(row.id),
              message: String(row.message),
              stack: (row.stack as string | null) ?? null,
              url: (row.url as string | null) ?? null,
              count: Number(row.count),
              first_seen_at: new Date(row.first_seen_at as string).toISOString(),
              last_seen_at: new Date(row.last_seen_at as string).toISOString(),
            })),
          },
        };
      });

      router.route(errorReports.destroy).handle(async ({ params, ctx, kit }) => {
        await kit.knex.transaction(async (trx) => {
          const row = await trx('error_reports').where({ id: params.id }).first('id', 'message', 'count');
          if (!row) throw new HttpError(404, 'Not found.');
          await trx('error_reports').where({ id: params.id }).delete();
          // The audit row joins the delete's transaction (when the admin module and its log are installed).
          await recordAudit(trx, ctx, kit, {
            action: 'error_report.delete',
            target_type: 'error_report',
            target_id: params.id,
            before: { message: row.message, count: Number(row.count) },
            after: null,
          });
        });
        return undefined;
      });
    },
  });
