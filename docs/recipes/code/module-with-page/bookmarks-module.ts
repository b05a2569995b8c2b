import { defineModule } from '@backline/server';
import { addBookmark, listBookmarks } from './contract';

export const bookmarksModule = () =>
  defineModule({
    id: 'bookmarks',
    migrations: {
      // Rows go with their user: the cascade is the account-deletion hook.
      '001-bookmarks': {
        async up(knex) {
          await knex.schema.createTable('bookmarks', (t) => {
            t.increments('id');
            t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
            t.string('url', 2000).notNullable();
            t.string('title', 200).notNullable();
            t.timestamps(true, true);
          });
        },
        async down(knex) {
          await knex.schema.dropTable('bookmarks');
        },
      },
    },
    // Shown in the roles editor; give it to the roles that may add bookmarks.
    permissions: [{ name: 'bookmarks.create', description: 'Add bookmarks' }],
    routes(router) {
      // `auth: true` and `permission` routes never run for visitors (the guard answers 401), so `user` is set.
      router.route(listBookmarks).handle(async ({ ctx, kit }) => {
        const bookmarks = await kit
          .knex('bookmarks')
          .where({ user_id: ctx.state.user!.id })
          .orderBy('id', 'desc')
          .select('id', 'url', 'title');
        return { bookmarks };
      });
      router.route(addBookmark).handle(async ({ body, ctx, kit }) => {
        const [row] = await kit
          .knex('bookmarks')
          .insert({ user_id: ctx.state.user!.id, url: body.url, title: body.title })
          .returning(['id', 'url', 'title']);
        return { bookmark: row };
      });
    },
  });
