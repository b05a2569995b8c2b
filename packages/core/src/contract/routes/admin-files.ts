import * as z from 'zod/mini';
import { idParam } from '../fields';
import { dateFilter, listQuery } from '../list-query';
import { route } from '../route';
import { paginated } from '../schemas/common';

/** Seeing and deleting every uploaded file in the admin area. */
export const FILES_PERMISSION = 'files.update';

export const FILE_ORDER_BY = ['id', 'name', 'size', 'mime', 'created_at'] as const;
/** The kinds of file the list filters by, from the MIME type's first part. */
export const FILE_KINDS = ['image', 'audio', 'video', 'text', 'application'] as const;

/** One stored file as the admin sees it: owner, type, size, date and where its bytes live. */
export const AdminFileEntry = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  extension: z.nullable(z.string()),
  size: z.number(),
  disk: z.string(),
  url: z.string(),
  created_at: z.string(),
  owner: z.nullable(z.object({ id: z.number(), email: z.string() })),
});
export type AdminFileEntry = z.infer<typeof AdminFileEntry>;

/** `GET admin/files`: every file entry (not deleted), searchable by name, filtered by owner, kind and date. */
export const list = route({
  method: 'GET',
  path: 'admin/files',
  tag: 'admin',
  summary: 'Every uploaded file',
  auth: true,
  permission: FILES_PERMISSION,
  query: listQuery(FILE_ORDER_BY, {
    owner_id: z.optional(idParam('owner')),
    kind: z.optional(z.enum(FILE_KINDS, 'Choose a file type.')),
    created_from: dateFilter,
    created_to: dateFilter,
  }),
  response: paginated(AdminFileEntry),
});

/** `GET admin/files/usage`: storage used per user, biggest first. */
export const usage = route({
  method: 'GET',
  path: 'admin/files/usage',
  tag: 'admin',
  summary: 'Storage used per user',
  auth: true,
  permission: FILES_PERMISSION,
  query: listQuery(['bytes', 'files'] as const),
  response: paginated(
    z.object({
      user_id: z.nullable(z.number()),
      email: z.nullable(z.string()),
      files: z.number(),
      bytes: z.number(),
    }),
  ),
});

/** `DELETE admin/files/{id}`: deletes a file (and a folder's contents) for good, bytes included. */
export const remove = route({
  method: 'DELETE',
  path: 'admin/files/{id}',
  tag: 'admin',
  summary: 'Delete a file for good',
  auth: true,
  permission: FILES_PERMISSION,
  params: z.object({ id: idParam() }),
  response: z.object({}),
  errors: [404],
});
