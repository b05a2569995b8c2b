import { adminFiles, apiPath, fillPath, uploads } from '@backline/core/contract';
import { HttpError } from '../../http/errors';
import { listPage } from '../../http/list-endpoint';
import { defineModule } from '../../kit';
import { recordAudit } from '../admin/audit-log';
import { storageKey } from '../uploads/file-entry-model';

interface FileRow {
  id: number;
  name: string;
  file_name: string;
  mime: string;
  extension: string | null;
  size: string | number;
  disk: string;
  created_at: Date;
  owner_id: number | null;
  owner_email: string | null;
}

const nextDay = (date: string) => new Date(new Date(`${date}T00:00:00.000Z`).getTime() + 86_400_000);

/**
 * The admin's files page, server half: every stored file with its owner (`GET admin/files`), storage used per user
 * (`GET admin/files/usage`) and deleting a file for good (`DELETE admin/files/{id}`, audited; the bytes go after
 * the commit, so a rolled-back delete never loses a file).
 */
export const adminFilesModule = () =>
  defineModule({
    id: 'admin-files',
    permissions: [{ name: adminFiles.FILES_PERMISSION, description: 'See and delete every uploaded file' }],
    routes(router) {
      router.route(adminFiles.list).handle(async ({ query, kit }) =>
        listPage({
          base: kit
            .knex('file_entries as f')
            .leftJoin('users as u', 'u.id', 'f.owner_id')
            .whereNull('f.deleted_at')
            .select('f.*', 'u.email as owner_email'),
          input: query,
          orderBy: { id: 'f.id', name: 'f.name', size: 'f.size', mime: 'f.mime', created_at: 'f.created_at' },
          defaultOrder: ['f.created_at', 'desc'],
          idColumn: 'f.id',
          search: ['f.name', 'u.email'],
          filters: {
            owner_id: (q, value) => q.where('f.owner_id', value),
            // The kind is one of a fixed list (the contract's enum), matched as a MIME prefix.
            kind: (q, value) => q.where('f.mime', 'like', `${value}/%`),
            created_from: (q, value) => q.where('f.created_at', '>=', new Date(`${value}T00:00:00.000Z`)),
            created_to: (q, value) => q.where('f.created_at', '<', nextDay(value)),
          },
          serialize: (rows) =>
            (rows as unknown as FileRow[]).map((row) => ({
              id: row.id,
              name: row.name,
              mime: row.mime,
              extension: row.extension,
              size: Number(row.size),
              disk: row.disk,
              url: `/${apiPath(fillPath(uploads.download.path, { id: row.id }))}`,
              created_at: new Date(row.created_at).toISOString(),
              owner: row.owner_id && row.owner_email ? { id: row.owner_id, email: row.owner_email } : null,
            })),
        }),
      );

      router.route(adminFiles.usage).handle(async ({ query, kit }) =>
        listPage({
          base: kit
            .knex('file_entries as f')
            .leftJoin('users as u', 'u.id', 'f.owner_id')
            .whereNull('f.deleted_at')
            .groupBy('f.owner_id', 'u.email')
            .select(
              'f.owner_id as user_id',
              'u.email',
              kit.knex.raw('count(*)::int as files'),
              kit.knex.raw('coalesce(sum(f.size), 0)::bigint as bytes'),
            ),
          input: query,
          orderBy: { bytes: 'bytes', files: 'files' },
          defaultOrder: ['bytes', 'desc'],
          idColumn: 'f.owner_id',
          search: ['u.email'],
          serialize: (rows) =>
            rows.map((row) => ({
              user_id: (row.user_id as number | null) ?? null,
              email: (row.email as string | null) ?? null,
              files: Number(row.files),
              bytes: Number(row.bytes),
            })),
        }),
      );

      router.route(adminFiles.remove).handle(async ({ params, ctx, kit }) => {
        const keys = await kit.knex.transaction(async (trx) => {
          const entry = await trx('file_entries').where({ id: params.id }).whereNull('deleted_at').first();
          if (!entry) throw new HttpError(404, 'Not found.');
          // A folder takes its contents with it.
          const all: { id: number; file_name: string }[] = await trx('file_entries')
            .where('id', entry.id)
            // An empty path would match every file below the root: only a real path selects contents.
            .modify((q) => (entry.path ? q.orWhere('path', 'like', `${entry.path}/%`) : q))
            .select('id', 'file_name');
          await trx('file_entries')
            .whereIn(
              'id',
              all.map((row) => row.id),
            )
            .delete();
          await recordAudit(trx, ctx, kit, {
            action: 'file.delete',
            target_type: 'file',
            target_id: entry.id,
            before: { name: entry.name, size: Number(entry.size), owner_id: entry.owner_id },
            after: null,
          });
          return all.map((row) => storageKey(row.file_name));
        });
        await kit.storage.delete(keys);
        return {};
      });
    },
  });
