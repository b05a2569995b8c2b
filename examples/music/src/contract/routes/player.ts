import { idParam, noContent, raw, route } from '@backline/core/contract';
import * as z from 'zod/mini';
import { PlayerState, Track } from '../resources';

/** Playback: the streaming route, recording plays, and the player's state per listener. */

const TAG = 'player';
const id = z.object({ id: idParam() });

/**
 * `GET tracks/{id}/stream` (and `HEAD`): the track's audio. Answers `Range: bytes=…` with 206 and
 * `Content-Range`, a range that cannot be satisfied with 416, and honours `If-Range` against the `ETag` or
 * `Last-Modified` it sends. On local disk the range is read straight from the file; with S3 storage the
 * answer is a 302 to a short-lived presigned URL of the object, which serves ranges itself.
 */
export const stream = route({
  method: 'GET',
  path: 'tracks/{id}/stream',
  tag: TAG,
  summary: "Stream a track's audio (HTTP Range)",
  params: id,
  response: raw('audio/mpeg', "The audio, with the file's own type"),
  permission: 'music.play',
  errors: [302, 404, 416],
});

/**
 * `GET tracks/{id}/download`: the track's audio file as an attachment. Needs `music.download`, which no role
 * holds by default: the site's paid plans grant it (see `modules/plans.ts`).
 */
export const download = route({
  method: 'GET',
  path: 'tracks/{id}/download',
  tag: TAG,
  summary: "Download a track's audio file",
  params: id,
  response: raw('audio/mpeg', "The audio, with the file's own type"),
  permission: 'music.download',
  errors: [302, 404],
});

/**
 * `POST tracks/{id}/plays`: the player posts once per listen, after 30 seconds or at the end, whichever comes
 * first. Guests count too (by session). A second post for the same track by the same listener within the
 * track's length is not counted again; the route is rate limited.
 */
export const recordPlay = route({
  method: 'POST',
  path: 'tracks/{id}/plays',
  tag: TAG,
  summary: 'Record a play',
  params: id,
  response: noContent,
  permission: 'music.play',
  rateLimited: true,
  errors: [404],
});

/** The player state as it is sent: every field is required. */
const PlayerStateBody = z
  .object({
    queue: z
      .array(z.number().check(z.int(), z.gte(1)))
      .check(z.maxLength(1000, 'The queue holds at most 1000 tracks.')),
    current_index: z.number().check(z.int(), z.gte(-1)),
    position_ms: z.number().check(z.gte(0)),
    shuffle: z.boolean(),
    repeat: z.enum(['off', 'all', 'one']),
    volume: z.number().check(z.gte(0), z.lte(100)),
  })
  .check(
    // The current track is one of the queue's (or none, -1): an index past the end would restore a queue whose
    // "now playing" is nothing, on every device the listener signs in on.
    z.superRefine((value, ctx) => {
      if (value.current_index >= value.queue.length)
        ctx.issues.push({
          code: 'custom',
          path: ['current_index'],
          message: 'The current index must point into the queue, or be -1 for none.',
          input: value.current_index,
        });
    }),
  );

/**
 * `GET me/player-state`: what the player last saved on any device (an empty queue when never saved), with the
 * queue's tracks that still exist (`tracks`, in queue order).
 */
export const getPlayerState = route({
  method: 'GET',
  path: 'me/player-state',
  tag: TAG,
  summary: "The listener's saved player state",
  response: z.extend(PlayerState, { tracks: z.array(Track) }),
  auth: true,
});

/** `PUT me/player-state` */
export const savePlayerState = route({
  method: 'PUT',
  path: 'me/player-state',
  tag: TAG,
  summary: "Save the listener's player state",
  body: PlayerStateBody,
  response: noContent,
  auth: true,
});
