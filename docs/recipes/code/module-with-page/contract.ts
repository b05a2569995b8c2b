// The routes, declared once: the server module implements them and the page calls them, both typed from here.
import { route } from '@backline/core/contract';
import * as z from 'zod/mini';

const Bookmark = z.object({ id: z.number(), url: z.string(), title: z.string() });

export const listBookmarks = route({
  method: 'GET',
  path: 'bookmarks', // serves /api/v1/bookmarks
  tag: 'bookmarks',
  summary: "List the signed-in user's bookmarks",
  auth: true,
  response: z.object({ bookmarks: z.array(Bookmark) }),
});

export const addBookmark = route({
  method: 'POST',
  path: 'bookmarks',
  tag: 'bookmarks',
  summary: 'Add a bookmark',
  permission: 'bookmarks.create',
  body: z.object({
    url: z.url(),
    title: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  response: z.object({ bookmark: Bookmark }),
});
