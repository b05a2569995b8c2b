import type { ModuleMigrations } from '@backline/server';

/**
 * Backstage tables: requests to become an artist, and the link between users and the artists they manage.
 * A user has at most one pending request (a partial unique index, so two racing submissions cannot both land).
 * Both tables go with the user (cascade); a claimed artist's deletion takes its requests and links with it.
 */
export const backstageMigrations: ModuleMigrations = {
  '003-artist-requests': {
    async up(knex) {
      await knex.schema.createTable('music_artist_requests', (t) => {
        t.increments('id');
        t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
        t.string('type', 10).notNullable();
        t.string('status', 10).notNullable().defaultTo('pending');
        /** The artist claimed (claim), or the one an approval made (create). */
        t.integer('artist_id').references('music_artists.id').onDelete('CASCADE').index();
        t.string('name', 255).notNullable();
        t.jsonb('links').notNullable().defaultTo('[]');
        t.text('proof').notNullable();
        t.integer('image_id').references('file_entries.id').onDelete('SET NULL').index();
        t.text('reason');
        t.integer('reviewed_by').references('users.id').onDelete('SET NULL');
        t.timestamp('reviewed_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['user_id', 'created_at']);
        t.index(['status', 'created_at']);
        t.index('created_at');
        t.index('name');
      });
      await knex.raw(
        `alter table music_artist_requests add constraint music_artist_requests_type_check check (type in ('create', 'claim'))`,
      );
      await knex.raw(
        `alter table music_artist_requests add constraint music_artist_requests_status_check check (status in ('pending', 'approved', 'rejected'))`,
      );
      await knex.raw(
        `create unique index music_artist_requests_one_pending on music_artist_requests (user_id) where status = 'pending'`,
      );
      await knex.schema.createTable('music_artist_users', (t) => {
        t.integer('artist_id').notNullable().references('music_artists.id').onDelete('CASCADE');
        t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['artist_id', 'user_id']);
        t.index(['user_id', 'artist_id']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('music_artist_users');
      await knex.schema.dropTableIfExists('music_artist_requests');
    },
  },
};
