import { admin } from '@backline/core/contract';
import { listPage } from '../../http/list-endpoint';
import type { BacklineRouter } from '../../http/routes';
import { displayName } from '../users/serialize-user';

interface LogRow {
  id: number;
  user_id: number | null;
  impersonator_id: number | null;
  action: string;
  target_type: string | null;
  target_id: number | null;
  changes: unknown;
  ip_address: string | null;
  created_at: Date;
  user_email: string | null;
  user_first_name: string | null;
  user_last_name: string | null;
}

const nextDay = (date: string) => new Date(new Date(`${date}T00:00:00.000Z`).getTime() + 86_400_000);

/** `GET admin/logs`: the audit log with its actor. */
export function logRoutes(router: BacklineRouter): void {
  router.route(admin.listLogs).handle(async ({ query, kit }) =>
    listPage({
      base: kit
        .knex('audit_logs as l')
        .leftJoin('users as u', 'u.id', 'l.user_id')
        .select(
          'l.*',
          'u.email as user_email',
          'u.first_name as user_first_name',
          'u.last_name as user_last_name',
        ),
      input: query,
      orderBy: { id: 'l.id', created_at: 'l.created_at', action: 'l.action' },
      defaultOrder: ['l.id', 'desc'],
      idColumn: 'l.id',
      search: ['l.action', 'l.target_type', 'u.email'],
      filters: {
        action: (q, action) => q.where('l.action', action),
        user_id: (q, id) => q.where('l.user_id', id),
        target_type: (q, type) => q.where('l.target_type', type),
        created_from: (q, date) => q.where('l.created_at', '>=', new Date(`${date}T00:00:00.000Z`)),
        created_to: (q, date) => q.where('l.created_at', '<', nextDay(date)),
      },
      serialize: (rows) =>
        (rows as unknown as LogRow[]).map((row) => ({
          id: row.id,
          user_id: row.user_id,
          user:
            row.user_id !== null && row.user_email !== null
              ? {
                  id: row.user_id,
                  email: row.user_email,
                  display_name: displayName({
                    email: row.user_email,
                    first_name: row.user_first_name,
                    last_name: row.user_last_name,
                  }),
                }
              : null,
          impersonator_id: row.impersonator_id,
          action: row.action,
          target_type: row.target_type,
          target_id: row.target_id,
          changes: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as Record<
            string,
            { before: unknown; after: unknown }
          >,
          ip_address: row.ip_address,
          created_at: row.created_at,
        })),
    }),
  );
}
