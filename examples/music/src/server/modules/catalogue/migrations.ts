import type { ModuleMigrations } from '@backline/server';
import type { Knex } from 'knex';

/**
 * The music tables. Every reference is a foreign key: pivots, likes, follows, plays, playlist rows and channel
 * items cascade with the row they point at, so deleting a track (or a user) leaves nothing behind; artwork and
 * audio point at `file_entries` and are set to null if an entry goes first. Every list and sort the pages use
 * has its index. Names and titles carry a `search` tsvector (GIN) and a trigram index (pg_trgm) for search.
 */

const now = (knex: Knex) => knex.fn.now();

function timestamps(knex: Knex, t: Knex.CreateTableBuilder) {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now(knex));
}

/** The schema holding pg_trgm: its operator class and functions are qualified with it. */
export async function trigramSchema(knex: Knex): Promise<string> {
  const row = await knex('pg_extension as e')
    .join('pg_namespace as n', 'n.oid', 'e.extnamespace')
    .where('e.extname', 'pg_trgm')
    .first<{ nspname: string } | undefined>('n.nspname');
  if (!row) throw new Error('The pg_trgm extension is not installed.');
  return row.nspname;
}

/** A stored tsvector of `expression` (names: the `simple` configuration, no stemming), with a GIN index. */
async function searchable(knex: Knex, table: string, expression: string, trgm: string, column = 'name') {
  await knex.raw(
    `alter table ?? add column search tsvector generated always as (to_tsvector('simple', ${expression})) stored`,
    [table],
  );
  await knex.raw(`create index ?? on ?? using gin (search)`, [`${table}_search_index`, table]);
  await knex.raw(`create index ?? on ?? using gin (?? ${trgm}.gin_trgm_ops)`, [
    `${table}_${column}_trgm_index`,
    table,
    column,
  ]);
}

export const catalogueMigrations: ModuleMigrations = {
  '001-catalogue': {
    async up(knex) {
      // Extensions are per database: concurrent migrations (parallel test schemas) take turns creating it.
      await knex.raw('select pg_advisory_xact_lock(7420117)');
      const installed = await knex('pg_extension').where('extname', 'pg_trgm').first('extname');
      if (!installed) await knex.raw('create extension if not exists pg_trgm with schema public');
      const trgm = await trigramSchema(knex);

      await knex.schema.createTable('music_genres', (t) => {
        t.increments('id');
        t.string('name', 100).notNullable().unique();
        t.string('display_name', 255).notNullable();
        t.integer('image_id').references('file_entries.id').onDelete('SET NULL');
        t.integer('popularity').notNullable().defaultTo(0).index();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
        t.index('display_name');
        t.index('image_id');
      });

      await knex.schema.createTable('music_artists', (t) => {
        t.increments('id');
        t.string('name', 255).notNullable().index();
        t.string('slug', 255).notNullable();
        t.boolean('verified').notNullable().defaultTo(false);
        t.text('bio');
        t.jsonb('links').notNullable().defaultTo('[]');
        t.integer('image_id').references('file_entries.id').onDelete('SET NULL').index();
        t.bigInteger('plays').notNullable().defaultTo(0).index();
        t.integer('followers_count').notNullable().defaultTo(0).index();
        timestamps(knex, t);
        t.index('created_at');
      });
      await searchable(knex, 'music_artists', 'name', trgm);

      await knex.schema.createTable('music_albums', (t) => {
        t.increments('id');
        t.string('name', 255).notNullable().index();
        t.string('slug', 255).notNullable();
        t.string('type', 10).notNullable().defaultTo('album');
        t.date('release_date').index();
        t.text('description');
        t.integer('image_id').references('file_entries.id').onDelete('SET NULL').index();
        t.bigInteger('plays').notNullable().defaultTo(0).index();
        t.integer('likes_count').notNullable().defaultTo(0).index();
        timestamps(knex, t);
        t.index('created_at');
      });
      await knex.raw(
        `alter table music_albums add constraint music_albums_type_check check (type in ('album', 'single', 'ep'))`,
      );
      await searchable(knex, 'music_albums', 'name', trgm);

      await knex.schema.createTable('music_album_artists', (t) => {
        t.integer('album_id').notNullable().references('music_albums.id').onDelete('CASCADE');
        t.integer('artist_id').notNullable().references('music_artists.id').onDelete('CASCADE');
        t.smallint('position').notNullable().defaultTo(0);
        t.primary(['album_id', 'artist_id']);
        t.index(['artist_id', 'album_id']);
      });

      await knex.schema.createTable('music_tracks', (t) => {
        t.increments('id');
        t.string('name', 255).notNullable().index();
        t.string('slug', 255).notNullable();
        t.integer('number').notNullable().defaultTo(1);
        t.integer('duration_ms').notNullable().defaultTo(0).index();
        t.integer('album_id').references('music_albums.id').onDelete('CASCADE');
        t.integer('file_id').references('file_entries.id').onDelete('SET NULL').index();
        t.bigInteger('plays').notNullable().defaultTo(0).index();
        t.integer('popularity').notNullable().defaultTo(0).index();
        timestamps(knex, t);
        t.index(['album_id', 'number']);
        t.index('created_at');
      });
      await searchable(knex, 'music_tracks', 'name', trgm);

      await knex.schema.createTable('music_track_artists', (t) => {
        t.integer('track_id').notNullable().references('music_tracks.id').onDelete('CASCADE');
        t.integer('artist_id').notNullable().references('music_artists.id').onDelete('CASCADE');
        t.smallint('position').notNullable().defaultTo(0);
        t.primary(['track_id', 'artist_id']);
        t.index(['artist_id', 'track_id']);
      });
      await knex.schema.createTable('music_artist_genres', (t) => {
        t.integer('artist_id').notNullable().references('music_artists.id').onDelete('CASCADE');
        t.integer('genre_id').notNullable().references('music_genres.id').onDelete('CASCADE');
        t.primary(['artist_id', 'genre_id']);
        t.index(['genre_id', 'artist_id']);
      });
      await knex.schema.createTable('music_track_genres', (t) => {
        t.integer('track_id').notNullable().references('music_tracks.id').onDelete('CASCADE');
        t.integer('genre_id').notNullable().references('music_genres.id').onDelete('CASCADE');
        t.primary(['track_id', 'genre_id']);
        t.index(['genre_id', 'track_id']);
      });

      await knex.schema.createTable('music_playlists', (t) => {
        t.increments('id');
        // A user's playlists go with their account (the account-deletion hook deletes them too, in its transaction).
        t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE');
        t.string('name', 100).notNullable().index();
        t.string('slug', 255).notNullable();
        t.text('description');
        t.integer('image_id').references('file_entries.id').onDelete('SET NULL').index();
        t.boolean('public').notNullable().defaultTo(false);
        t.boolean('collaborative').notNullable().defaultTo(false);
        t.integer('tracks_count').notNullable().defaultTo(0).index();
        timestamps(knex, t);
        t.index(['owner_id', 'updated_at']);
        t.index(['public', 'updated_at']);
        t.index('created_at');
      });
      await searchable(knex, 'music_playlists', 'name', trgm);

      await knex.schema.createTable('music_playlist_tracks', (t) => {
        t.integer('playlist_id').notNullable().references('music_playlists.id').onDelete('CASCADE');
        t.integer('track_id').notNullable().references('music_tracks.id').onDelete('CASCADE');
        t.integer('position').notNullable();
        t.integer('added_by').references('users.id').onDelete('SET NULL').index();
        t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(now(knex));
        t.primary(['playlist_id', 'track_id']);
        t.index(['playlist_id', 'position']);
        t.index('track_id');
      });
      await knex.schema.createTable('music_playlist_collaborators', (t) => {
        t.integer('playlist_id').notNullable().references('music_playlists.id').onDelete('CASCADE');
        t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
        t.primary(['playlist_id', 'user_id']);
        t.index('user_id');
      });

      // Likes and follows, one table per kind so each has a real foreign key that cascades.
      for (const [table, column, target] of [
        ['music_track_likes', 'track_id', 'music_tracks'],
        ['music_album_likes', 'album_id', 'music_albums'],
        ['music_artist_follows', 'artist_id', 'music_artists'],
        ['music_user_follows', 'followed_id', 'users'],
      ] as const) {
        await knex.schema.createTable(table, (t) => {
          t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
          t.integer(column).notNullable().references(`${target}.id`).onDelete('CASCADE');
          t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
          t.primary(['user_id', column]);
          t.index([column, 'user_id']);
          t.index(['user_id', 'created_at']);
        });
      }

      await knex.schema.createTable('music_plays', (t) => {
        t.bigIncrements('id');
        t.integer('track_id').notNullable().references('music_tracks.id').onDelete('CASCADE');
        t.integer('user_id').references('users.id').onDelete('CASCADE');
        /** A guest's listener key (a hash of the session), so a guest's plays count once per listen too. */
        t.string('listener', 64);
        t.timestamp('played_at', { useTz: true }).notNullable().defaultTo(now(knex));
        t.index(['track_id', 'played_at']);
        t.index(['user_id', 'played_at']);
        t.index(['listener', 'played_at']);
        t.index('played_at');
      });

      await knex.schema.createTable('music_channels', (t) => {
        t.increments('id');
        t.string('name', 255).notNullable();
        t.string('slug', 255).notNullable().unique();
        t.string('source', 30).notNullable().defaultTo('manual');
        t.string('content_type', 20).notNullable();
        t.integer('position').notNullable().defaultTo(0).index();
        timestamps(knex, t);
      });
      await knex.schema.createTable('music_channel_items', (t) => {
        t.increments('id');
        t.integer('channel_id').notNullable().references('music_channels.id').onDelete('CASCADE');
        t.integer('position').notNullable();
        t.integer('artist_id').references('music_artists.id').onDelete('CASCADE').index();
        t.integer('album_id').references('music_albums.id').onDelete('CASCADE').index();
        t.integer('track_id').references('music_tracks.id').onDelete('CASCADE').index();
        t.integer('playlist_id').references('music_playlists.id').onDelete('CASCADE').index();
        t.integer('genre_id').references('music_genres.id').onDelete('CASCADE').index();
        t.index(['channel_id', 'position']);
      });
      await knex.raw(
        'alter table music_channel_items add constraint music_channel_items_one_target check (num_nonnulls(artist_id, album_id, track_id, playlist_id, genre_id) = 1)',
      );

      await knex.schema.createTable('music_player_states', (t) => {
        t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
        t.jsonb('state').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now(knex));
      });
    },
    async down(knex) {
      for (const table of [
        'music_player_states',
        'music_channel_items',
        'music_channels',
        'music_plays',
        'music_user_follows',
        'music_artist_follows',
        'music_album_likes',
        'music_track_likes',
        'music_playlist_collaborators',
        'music_playlist_tracks',
        'music_playlists',
        'music_track_genres',
        'music_artist_genres',
        'music_track_artists',
        'music_tracks',
        'music_album_artists',
        'music_albums',
        'music_artists',
        'music_genres',
      ])
        await knex.schema.dropTableIfExists(table);
    },
  },
  '002-playlist-workspaces': {
    async up(knex) {
      // A playlist made while a workspace is active belongs to it: every member of that workspace may edit it.
      // Null is the Default workspace (the owner's own).
      const workspaces = await knex.schema.hasTable('workspaces');
      await knex.schema.alterTable('music_playlists', (t) => {
        const column = t.integer('workspace_id').nullable().index();
        if (workspaces) column.references('workspaces.id').onDelete('SET NULL');
      });
    },
    async down(knex) {
      await knex.schema.alterTable('music_playlists', (t) => t.dropColumn('workspace_id'));
    },
  },
  '003-playlist-follows': {
    async up(knex) {
      // Listeners follow playlists to hear when they change; the row goes with the playlist or the listener.
      await knex.schema.createTable('music_playlist_follows', (t) => {
        t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
        t.integer('playlist_id').notNullable().references('music_playlists.id').onDelete('CASCADE');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
        t.primary(['user_id', 'playlist_id']);
        t.index(['playlist_id', 'user_id']);
        t.index(['user_id', 'created_at']);
      });
    },
    async down(knex) {
      await knex.schema.dropTable('music_playlist_follows');
    },
  },
  '004-play-countries': {
    async up(knex) {
      // Where a play came from: the listener's ISO 3166-1 alpha-2 country from the offline GeoIP data, null when
      // the address has no place (loopback, private, unknown) and for plays recorded before the column existed.
      await knex.schema.alterTable('music_plays', (t) => t.string('country', 2).nullable());
    },
    async down(knex) {
      await knex.schema.alterTable('music_plays', (t) => t.dropColumn('country'));
    },
  },
};
