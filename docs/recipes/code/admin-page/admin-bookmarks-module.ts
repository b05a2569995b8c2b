import { defineModule, listPage } from '@backline/server';
import { listAllBookmarks } from './contract';

export const adminBookmarksModule = () =>
  defineModule({
    id: 'admin-bookmarks',
    // An admin (the `admin` permission) holds it already; give it to a moderators role in the roles editor.
    permissions: [{ name: 'bookmarks.moderate', description: "See every user's bookmarks" }],
    routes(router) {
      router.route(listAllBookmarks).handle(({ query, kit }) =>
        listPage({
          base: kit
            .knex('bookmarks')
            .join('users', 'users.id', 'bookmarks.user_id')
            .select('bookmarks.id', 'bookmarks.title', 'bookmarks.url', 'users.email'),
          input: query,
          // Sort and search names reach SQL only through these maps.
          orderBy: { id: 'bookmarks.id', title: 'bookmarks.title', email: 'users.email' },
          defaultOrder: ['bookmarks.id', 'desc'],
          idColumn: 'bookmarks.id',
          search: ['bookmarks.title', 'users.email'],
        }),
      );
    },
  });
