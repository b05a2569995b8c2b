import { defineModule, grantToRole, type Kit } from '@backline/server';
import { ads } from '../../../contract';
import { adRoutes } from '../ads/routes';
import { backstageManageRoutes } from '../backstage/manage-routes';
import { backstageMigrations } from '../backstage/migrations';
import { backstageRoutes } from '../backstage/routes';
import { catalogueAdminRoutes } from '../catalogue/admin-routes';
import { catalogueMigrations } from '../catalogue/migrations';
import { DEFAULT_GRANTS, MUSIC_PERMISSIONS, MUSIC_ROLES } from '../catalogue/permissions';
import { catalogueRoutes } from '../catalogue/routes';
import { channelAdminRoutes } from '../channels/admin-routes';
import { channelRoutes } from '../channels/routes';
import type { GenerateDemoLibrary } from '../demo-library/catalogue-types';
import { defaultGenerator, demoLibraryDisabled, seedDemoLibrary } from '../demo-library/seed';
import { libraryRoutes } from '../library/routes';
import { playerStateRoutes } from '../player-state/routes';
import { playlistRoutes } from '../playlists/routes';
import { playRoutes } from '../plays/routes';
import { profileRoutes } from '../profiles/routes';
import { searchRoutes } from '../search/routes';
import { musicPageHead } from '../seo/page-head';
import { streamingRoutes } from '../streaming/routes';

export interface MusicModuleOptions {
  /**
   * Seed the demo library on start when the catalogue is empty: on by default, off with
   * `MUSIC_DEMO_LIBRARY=off` or `false` here.
   */
  demoLibrary?: boolean;
  /** The demo generator (tests pass a small one). */
  generate?: GenerateDemoLibrary;
}

/**
 * Creates the music permissions the first time and gives the default roles theirs; later starts leave the
 * grants alone, so a site owner's changes (taking `music.play` from guests, say) stick.
 */
async function grantDefaults(kit: Kit) {
  // The site's own roles first, so the grants below find them (an owner may edit or delete them later).
  await kit.knex('roles').insert(MUSIC_ROLES).onConflict('name').ignore();
  const known = new Set(
    (await kit
      .knex('permissions')
      .whereIn(
        'name',
        MUSIC_PERMISSIONS.map((p) => p.name),
      )
      .pluck('name')) as string[],
  );
  for (const permission of MUSIC_PERMISSIONS) {
    if (known.has(permission.name)) continue;
    await kit
      .knex('permissions')
      .insert({ name: permission.name, description: permission.description ?? null })
      .onConflict('name')
      .ignore();
    for (const [role, names] of Object.entries(DEFAULT_GRANTS)) {
      if (!names.includes(permission.name)) continue;
      const row = await kit.knex('roles').where({ name: role }).first('id');
      if (row) await grantToRole(kit.knex, Number(row.id), permission.name);
    }
  }
}

/**
 * The music site's catalogue: artists, albums, tracks, genres, playlists, likes and follows, plays, channels
 * and the player state, with browsing, search, Range streaming and the demo library. Install after
 * `accounts()` and `uploadsModule()` (its tables reference users and file entries).
 */
export const music = (options: MusicModuleOptions = {}) =>
  defineModule({
    id: 'music',
    migrations: { ...catalogueMigrations, ...backstageMigrations },
    permissions: MUSIC_PERMISSIONS,
    settings: {
      'music.demo_library': { value: true },
      // Ad code is public: the page needs to know which slots to show (the code itself runs only in the frame).
      ...Object.fromEntries(
        ads.AD_SLOTS.map((slot) => [ads.adSetting(slot.name), { value: '', public: true }]),
      ),
    },
    routes(router, kit) {
      catalogueRoutes(router, kit);
      catalogueAdminRoutes(router, kit);
      channelRoutes(router, kit);
      channelAdminRoutes(router, kit);
      searchRoutes(router, kit);
      streamingRoutes(router, kit);
      playRoutes(router, kit);
      libraryRoutes(router, kit);
      playlistRoutes(router, kit);
      profileRoutes(router, kit);
      playerStateRoutes(router, kit);
      backstageRoutes(router, kit);
      backstageManageRoutes(router, kit);
      adRoutes(router, kit);
    },
    pageHead: musicPageHead,
    async start(kit) {
      await grantDefaults(kit);
      const wanted =
        options.demoLibrary ??
        (!demoLibraryDisabled() && (await kit.settings.get('music.demo_library')) !== false);
      if (!wanted) return;
      const started = Date.now();
      let generate = options.generate;
      if (!generate) {
        try {
          generate = await defaultGenerator();
        } catch (error) {
          kit.log.warn(
            `The demo library generator is not available; the catalogue stays empty (${String(error)}).`,
          );
          return;
        }
      }
      const result = await seedDemoLibrary(kit, { generate });
      if (result.seeded)
        kit.log.info(
          `Demo library: ${result.artists} artists, ${result.tracks} tracks in ${Math.round((Date.now() - started) / 1000)} s`,
        );
    },
    /** `backline seed` fills an empty catalogue with the demo library too (unless it is turned off). */
    async seed(kit) {
      await grantDefaults(kit);
      if (options.demoLibrary === false || demoLibraryDisabled()) return;
      let generate = options.generate;
      try {
        generate ??= await defaultGenerator();
      } catch (error) {
        kit.log.warn(
          `The demo library generator is not available; the catalogue stays empty (${String(error)}).`,
        );
        return;
      }
      const result = await seedDemoLibrary(kit, { generate });
      // On a first `pnpm start` the start hook has just seeded the library, so a catalogue that is already
      // full is the expected case here and not worth a line that reads like a problem.
      if (result.seeded) kit.log.info(`Demo library: ${result.artists} artists, ${result.tracks} tracks`);
    },
    commands: {
      /**
       * `pnpm backline seed:music`: fills an empty catalogue with the demo library on demand. It runs even when
       * the automatic seed on start is off (`MUSIC_DEMO_LIBRARY=off`, the setting, or the option): asking for it
       * by name is the deliberate act those switches leave to the operator. A catalogue with any artist is left
       * alone, so it is safe to repeat.
       */
      'seed:music': {
        usage:
          '                        fill an empty catalogue with the demo library (generated audio and covers)',
        async run(kit, _args, io) {
          const started = Date.now();
          let generate = options.generate;
          try {
            generate ??= await defaultGenerator();
          } catch (error) {
            io.err(`The demo library generator is not available (${String(error)}).`);
            return 1;
          }
          const result = await seedDemoLibrary(kit, { generate });
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          io.out(
            result.seeded
              ? `Seeded the demo library: ${result.artists} artists, ${result.tracks} tracks in ${seconds} s.`
              : `Nothing to seed: ${result.reason} (${seconds} s)`,
          );
          return 0;
        },
      },
    },
    user: {
      /**
       * A deleted account takes its playlists, likes, follows, plays and player state with it, inside the
       * account-deletion transaction (the foreign keys cascade too; this keeps the counters right).
       */
      async onDelete(_kit, userId, trx) {
        await trx('music_albums')
          .whereIn('id', trx('music_album_likes').where('user_id', userId).select('album_id'))
          .decrement('likes_count', 1);
        await trx('music_artists')
          .whereIn('id', trx('music_artist_follows').where('user_id', userId).select('artist_id'))
          .decrement('followers_count', 1);
        for (const table of [
          'music_track_likes',
          'music_album_likes',
          'music_artist_follows',
          'music_player_states',
        ])
          await trx(table).where('user_id', userId).delete();
        await trx('music_user_follows').where('user_id', userId).orWhere('followed_id', userId).delete();
        await trx('music_plays').where('user_id', userId).delete();
        await trx('music_playlists').where('owner_id', userId).delete();
      },
    },
  });
