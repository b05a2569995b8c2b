import { listQuery, paginated, route } from '@backline/core/contract';
import * as z from 'zod/mini';

export const AdminBookmark = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  email: z.string(),
});

export const listAllBookmarks = route({
  method: 'GET',
  path: 'admin/bookmarks',
  tag: 'bookmarks',
  summary: "List every user's bookmarks",
  permission: 'bookmarks.moderate',
  // page, perPage, orderBy on this allow-list, orderDir and query: anything else answers 422.
  query: listQuery(['id', 'title', 'email']),
  response: paginated(AdminBookmark),
});
