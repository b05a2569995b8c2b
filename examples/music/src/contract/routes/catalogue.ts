import { idParam, noContent, paginated, raw, route } from '@backline/core/contract';
import * as z from 'zod/mini';
import { filterQuery, idListQuery, pageQuery, sortQuery, TOP_TRACKS_LIMIT, TRENDING_LIMIT } from '../fields';
import { Album, Artist, Channel, ContentItem, Genre, Track } from '../resources';

/**
 * Browsing the catalogue: artists, albums, tracks, genres, channels and the charts. Every read needs
 * `music.view`, which the guest role holds by default, so visitors browse without an account. Lists sort by
 * an allow-listed column only (anything else answers 422).
 */

const TAG = 'music';
const id = z.object({ id: idParam() });

export const ARTIST_SORTS = ['name', 'created_at', 'plays', 'followers_count'] as const;
export const ALBUM_SORTS = ['name', 'release_date', 'created_at', 'plays', 'likes_count'] as const;
export const TRACK_SORTS = ['name', 'created_at', 'plays', 'popularity', 'duration_ms'] as const;
export const GENRE_SORTS = ['name', 'display_name', 'popularity'] as const;

/** `GET artists` */
export const listArtists = route({
  method: 'GET',
  path: 'artists',
  tag: TAG,
  summary: 'List artists',
  query: z.object({
    ...pageQuery(),
    ...sortQuery(ARTIST_SORTS, 'plays'),
    query: filterQuery,
    genre: z.optional(z.string()),
  }),
  response: paginated(Artist),
  permission: 'music.view',
});

/** `GET artists/{id}`: the artist with its albums (newest first, each with its tracks). */
export const showArtist = route({
  method: 'GET',
  path: 'artists/{id}',
  tag: TAG,
  summary: 'An artist with its discography',
  params: id,
  response: z.object({ artist: Artist }),
  permission: 'music.view',
  errors: [404],
});

/** `GET artists/{id}/top-tracks`: its most played tracks (up to 10). */
export const artistTopTracks = route({
  method: 'GET',
  path: 'artists/{id}/top-tracks',
  tag: TAG,
  summary: "An artist's most played tracks",
  params: id,
  response: z.object({ tracks: z.array(Track) }),
  permission: 'music.view',
  errors: [404],
});

/** `GET artists/{id}/similar`: artists sharing its genres, most shared first (up to 12). */
export const similarArtists = route({
  method: 'GET',
  path: 'artists/{id}/similar',
  tag: TAG,
  summary: 'Artists similar to one',
  params: id,
  response: z.object({ artists: z.array(Artist) }),
  permission: 'music.view',
  errors: [404],
});

/** `GET albums` */
export const listAlbums = route({
  method: 'GET',
  path: 'albums',
  tag: TAG,
  summary: 'List albums',
  query: z.object({
    ...pageQuery(),
    ...sortQuery(ALBUM_SORTS, 'release_date'),
    query: filterQuery,
    genre: z.optional(z.string()),
  }),
  response: paginated(Album),
  permission: 'music.view',
});

/** `GET albums/{id}`: the album with its tracks, by number. */
export const showAlbum = route({
  method: 'GET',
  path: 'albums/{id}',
  tag: TAG,
  summary: 'An album with its tracks',
  params: id,
  response: z.object({ album: Album }),
  permission: 'music.view',
  errors: [404],
});

/** `GET tracks`: a list, or the tracks named by `ids` (in that order; the player restores its queue this way). */
export const listTracks = route({
  method: 'GET',
  path: 'tracks',
  tag: TAG,
  summary: 'List tracks',
  query: z.object({
    ...pageQuery(),
    ...sortQuery(TRACK_SORTS, 'popularity'),
    query: filterQuery,
    genre: z.optional(z.string()),
    ids: idListQuery,
  }),
  response: paginated(Track),
  permission: 'music.view',
});

/** `GET tracks/{id}` */
export const showTrack = route({
  method: 'GET',
  path: 'tracks/{id}',
  tag: TAG,
  summary: 'A track',
  params: id,
  response: z.object({ track: Track }),
  permission: 'music.view',
  errors: [404],
});

/** `GET genres` */
export const listGenres = route({
  method: 'GET',
  path: 'genres',
  tag: TAG,
  summary: 'List genres',
  query: z.object({ ...pageQuery(50), ...sortQuery(GENRE_SORTS, 'popularity') }),
  response: paginated(Genre),
  permission: 'music.view',
});

const genreName = z.object({ name: z.string().check(z.minLength(1), z.maxLength(255)) });

/** `GET genres/{name}` */
export const showGenre = route({
  method: 'GET',
  path: 'genres/{name}',
  tag: TAG,
  summary: 'A genre',
  params: genreName,
  response: z.object({ genre: Genre }),
  permission: 'music.view',
  errors: [404],
});

/** `GET genres/{name}/artists` */
export const genreArtists = route({
  method: 'GET',
  path: 'genres/{name}/artists',
  tag: TAG,
  summary: "A genre's artists",
  params: genreName,
  query: z.object({ ...pageQuery(), ...sortQuery(ARTIST_SORTS, 'plays') }),
  response: paginated(Artist),
  permission: 'music.view',
  errors: [404],
});

/** `GET genres/{name}/tracks` */
export const genreTracks = route({
  method: 'GET',
  path: 'genres/{name}/tracks',
  tag: TAG,
  summary: "A genre's tracks",
  params: genreName,
  query: z.object({ ...pageQuery(50), ...sortQuery(TRACK_SORTS, 'popularity') }),
  response: paginated(Track),
  permission: 'music.view',
  errors: [404],
});

/** `GET landing/artists`: the landing page's trending artists (at most 30). */
export const landingArtists = route({
  method: 'GET',
  path: 'landing/artists',
  tag: TAG,
  summary: 'Trending artists for the landing page',
  response: z.object({ artists: z.array(Artist).check(z.maxLength(TRENDING_LIMIT)) }),
  permission: 'music.view',
});

/** `GET trending/artists`: artists by plays in the last 7 days, then all time (at most 30). */
export const trendingArtists = route({
  method: 'GET',
  path: 'trending/artists',
  tag: TAG,
  summary: 'Trending artists',
  response: z.object({ artists: z.array(Artist).check(z.maxLength(TRENDING_LIMIT)) }),
  permission: 'music.view',
});

/** `GET charts/top-50`: tracks by plays in the last 7 days, then all time. */
export const topTracks = route({
  method: 'GET',
  path: 'charts/top-50',
  tag: TAG,
  summary: 'The Top 50 tracks',
  response: z.object({ tracks: z.array(Track).check(z.maxLength(TOP_TRACKS_LIMIT)) }),
  permission: 'music.view',
});

/** `GET channels`: the home feed's channels, in order, each with its first items. */
export const listChannels = route({
  method: 'GET',
  path: 'channels',
  tag: TAG,
  summary: 'The home feed: channels with their first items',
  response: z.object({ channels: z.array(Channel) }),
  permission: 'music.view',
});

/** `GET channels/{slug}`: a channel's "See all" page. */
export const showChannel = route({
  method: 'GET',
  path: 'channels/{slug}',
  tag: TAG,
  summary: 'A channel and a page of its items',
  params: z.object({ slug: z.string().check(z.minLength(1), z.maxLength(255)) }),
  query: z.object(pageQuery(24)),
  response: z.object({ channel: Channel, items: paginated(ContentItem) }),
  permission: 'music.view',
  errors: [404],
});

/** `GET artwork/{id}`: a cover, artist or genre image of the catalogue (public, cacheable). */
export const artwork = route({
  method: 'GET',
  path: 'artwork/{id}',
  tag: TAG,
  summary: 'Catalogue artwork',
  description: 'Only file entries used as artwork by an artist, album, genre or playlist are served here.',
  params: id,
  response: raw('image/jpeg', 'The image, with its own type'),
  permission: 'music.view',
  errors: [404],
});

/** `DELETE artists/{id}`: removes the artist; albums and tracks by it alone go with it. */
export const deleteArtist = route({
  method: 'DELETE',
  path: 'artists/{id}',
  tag: TAG,
  summary: 'Delete an artist',
  params: id,
  response: noContent,
  permission: 'music.delete',
  errors: [404],
});

/** `DELETE albums/{id}`: removes the album and its tracks. */
export const deleteAlbum = route({
  method: 'DELETE',
  path: 'albums/{id}',
  tag: TAG,
  summary: 'Delete an album and its tracks',
  params: id,
  response: noContent,
  permission: 'music.delete',
  errors: [404],
});

/** `DELETE tracks/{id}`: removes the track from every playlist, like and history too. */
export const deleteTrack = route({
  method: 'DELETE',
  path: 'tracks/{id}',
  tag: TAG,
  summary: 'Delete a track',
  params: id,
  response: noContent,
  permission: 'music.delete',
  errors: [404],
});
