import { defineModule, type ModuleMigrations } from '@backline/server';
import { musicUploadRoutes } from './routes';

const migrations: ModuleMigrations = {
  '001-drafts-and-waveforms': {
    async up(knex) {
      // A read upload waiting for its album form. Its audio and cover entries go with it (the routes delete the
      // bytes); the artist or the uploader going takes the draft along.
      await knex.schema.createTable('music_upload_drafts', (t) => {
        t.increments('id');
        t.integer('artist_id').notNullable().references('music_artists.id').onDelete('CASCADE').index();
        t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE').index();
        t.integer('file_id').notNullable().unique().references('file_entries.id').onDelete('CASCADE');
        t.integer('cover_id').references('file_entries.id').onDelete('SET NULL').index();
        t.jsonb('tags').notNullable();
        t.jsonb('peaks').notNullable().defaultTo('[]');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      // Peaks computed at upload, for the player's seek bar; one row per track that has them.
      await knex.schema.createTable('music_track_waveforms', (t) => {
        t.integer('track_id').primary().references('music_tracks.id').onDelete('CASCADE');
        t.jsonb('peaks').notNullable();
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('music_track_waveforms');
      await knex.schema.dropTableIfExists('music_upload_drafts');
    },
  },
};

/**
 * Uploading music in backstage: reading uploaded audio into drafts (tags, cover, waveform peaks) and
 * publishing an album of drafts. Install after `music()` (its tables reference the catalogue's).
 */
export const musicUploadsModule = () =>
  defineModule({
    id: 'music-uploads',
    migrations,
    routes(router, kit) {
      musicUploadRoutes(router, kit);
    },
  });
