import { createHash } from 'node:crypto';
import { XSRF_COOKIE } from '@backline/core/contract';
import { type BacklineRouter, HttpError, ipCountry, type Kit, SESSION_COOKIE } from '@backline/server';
import { PLAY_THRESHOLD_MS, player } from '../../../contract';

/** A listener posts at most this many plays a minute: more than anyone can listen to, far fewer than a script. */
export const PLAYS_LIMIT = { points: 30, duration: 60, message: 'Too many plays. Please try again later.' };

/**
 * `POST tracks/{id}/plays`. The player posts once per listen; a listener's repeated post for the same track
 * within its length (or 30 s for very short tracks) is the same listen and is not counted again, so a
 * replaying client cannot inflate trending. Guests are told apart by their session cookie (hashed). Each play
 * records the listener's country from the client IP (`ctx.ip`: `X-Forwarded-For` only when the app trusts a
 * proxy), null for loopback and private addresses.
 */
export function playRoutes(router: BacklineRouter, kit: Kit) {
  router.route(player.recordPlay).handle(async ({ params, ctx }) => {
    const userId: number | null = ctx.state.user?.id ?? null;
    const session = ctx.cookies.get(SESSION_COOKIE) ?? ctx.cookies.get(XSRF_COOKIE) ?? ctx.ip;
    const listener = userId ? null : createHash('sha256').update(`music-play:${session}`).digest('hex');
    await kit.rateLimits.consume('music.plays', userId ? `user:${userId}` : `guest:${listener}`, PLAYS_LIMIT);
    // Looked up before the transaction: the first lookup of a process loads the GeoIP data.
    const country = ipCountry(ctx.ip);
    await kit.knex.transaction(async (trx) => {
      const track = await trx('music_tracks')
        .where('id', params.id)
        .forUpdate()
        .first('id', 'album_id', 'duration_ms');
      if (!track) throw new HttpError(404, 'Not found.');
      const window = Math.max(Number(track.duration_ms), PLAY_THRESHOLD_MS);
      const recent = await trx('music_plays')
        .where('track_id', params.id)
        .where(userId ? { user_id: userId } : { listener })
        .where('played_at', '>', new Date(kit.now().getTime() - window))
        .first('id');
      if (recent) return;
      await trx('music_plays').insert({
        track_id: params.id,
        user_id: userId,
        listener,
        country,
        played_at: kit.now(),
      });
      await trx('music_tracks').where('id', params.id).increment('plays', 1);
      if (track.album_id) await trx('music_albums').where('id', track.album_id).increment('plays', 1);
      await trx('music_artists')
        .whereIn('id', trx('music_track_artists').where('track_id', params.id).select('artist_id'))
        .increment('plays', 1);
    });
    return undefined;
  });
}
