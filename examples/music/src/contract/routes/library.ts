import { idParam, noContent, paginated, route } from '@backline/core/contract';
import * as z from 'zod/mini';
import { pageQuery, sortQuery } from '../fields';
import { Album, Artist, Track } from '../resources';

/**
 * The listener's library. Tracks and albums are liked; artists, other listeners and playlists are followed, and
 * the followed artists are the library's "Artists". Every route needs a signed-in user.
 */

const TAG = 'library';
export const LIBRARY_SORTS = ['added_at', 'name'] as const;
const libraryQuery = z.object({ ...pageQuery(50), ...sortQuery(LIBRARY_SORTS, 'added_at') });

/** `GET me/library/tracks`: liked tracks, newest like first (`added_at` is when). */
export const likedTracks = route({
  method: 'GET',
  path: 'me/library/tracks',
  tag: TAG,
  summary: 'Liked tracks',
  query: libraryQuery,
  response: paginated(Track),
  auth: true,
});

/** `GET me/library/albums`: liked albums. */
export const likedAlbums = route({
  method: 'GET',
  path: 'me/library/albums',
  tag: TAG,
  summary: 'Liked albums',
  query: libraryQuery,
  response: paginated(Album),
  auth: true,
});

/** `GET me/library/artists`: followed artists. */
export const likedArtists = route({
  method: 'GET',
  path: 'me/library/artists',
  tag: TAG,
  summary: 'Followed artists',
  query: libraryQuery,
  response: paginated(Artist),
  auth: true,
});

/** `GET me/library-ids`: every id the listener liked or follows, so buttons show their state without a call each. */
export const libraryIds = route({
  method: 'GET',
  path: 'me/library-ids',
  tag: TAG,
  summary: 'Ids of liked and followed things',
  response: z.object({
    tracks: z.array(z.number()),
    albums: z.array(z.number()),
    artists: z.array(z.number()),
    users: z.array(z.number()),
    playlists: z.array(z.number()),
  }),
  auth: true,
});

const likeParams = z.object({ type: z.enum(['track', 'album']), id: idParam() });

/** `POST me/likes/{type}/{id}`: like a track or an album (liking twice is one like). */
export const like = route({
  method: 'POST',
  path: 'me/likes/{type}/{id}',
  tag: TAG,
  summary: 'Like a track or an album',
  params: likeParams,
  response: noContent,
  auth: true,
  errors: [404],
});

/** `DELETE me/likes/{type}/{id}` */
export const unlike = route({
  method: 'DELETE',
  path: 'me/likes/{type}/{id}',
  tag: TAG,
  summary: 'Unlike a track or an album',
  params: likeParams,
  response: noContent,
  auth: true,
});

const followParams = z.object({ type: z.enum(['artist', 'user', 'playlist']), id: idParam() });

/**
 * `POST me/follows/{type}/{id}`: follow an artist, another listener (not oneself: 422) or a playlist the listener
 * may see (a private one of someone else answers 404; one's own: 422). A followed playlist's followers are told
 * when its tracks change.
 */
export const follow = route({
  method: 'POST',
  path: 'me/follows/{type}/{id}',
  tag: TAG,
  summary: 'Follow an artist, a listener or a playlist',
  params: followParams,
  response: noContent,
  auth: true,
  errors: [404],
});

/** `DELETE me/follows/{type}/{id}` */
export const unfollow = route({
  method: 'DELETE',
  path: 'me/follows/{type}/{id}',
  tag: TAG,
  summary: 'Unfollow an artist, a listener or a playlist',
  params: followParams,
  response: noContent,
  auth: true,
});

/** `GET me/history`: recently played tracks, newest first, one row per play (`added_at` is when it was played). */
export const history = route({
  method: 'GET',
  path: 'me/history',
  tag: TAG,
  summary: 'Listening history',
  query: z.object(pageQuery(50)),
  response: paginated(Track),
  auth: true,
});

/** `DELETE me/history`: forgets the listener's plays (the tracks' play counts stay). */
export const clearHistory = route({
  method: 'DELETE',
  path: 'me/history',
  tag: TAG,
  summary: 'Clear the listening history',
  response: noContent,
  auth: true,
});
