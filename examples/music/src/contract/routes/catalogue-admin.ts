import {
  boundedString,
  idField,
  idParam,
  listQuery,
  optionalString,
  paginated,
  route,
} from '@backline/core/contract';
import * as z from 'zod/mini';
import { Album, Artist, Genre, isoDate, Playlist, Track } from '../resources';

/**
 * The admin's catalogue pages: artists, albums, tracks and genres, each a list (search, filters, an allow-listed
 * sort, paging), create, edit and bulk delete. Lists need `music.update` (who edits the catalogue sees it);
 * creating needs `music.create`, editing `music.update`, deleting `music.delete`. A sort or filter not named
 * here answers 422.
 */

const TAG = 'music-admin';

export const MUSIC_CREATE_PERMISSION = 'music.create';
export const MUSIC_UPDATE_PERMISSION = 'music.update';
export const MUSIC_DELETE_PERMISSION = 'music.delete';

/** Rows one bulk delete takes at most. */
export const BULK_DELETE_MAX = 100;

export const ADMIN_ARTIST_SORTS = ['name', 'created_at', 'plays', 'followers_count'] as const;
export const ADMIN_ALBUM_SORTS = ['name', 'release_date', 'created_at', 'plays', 'likes_count'] as const;
export const ADMIN_TRACK_SORTS = ['name', 'number', 'created_at', 'plays', 'duration_ms'] as const;
export const ADMIN_GENRE_SORTS = ['name', 'display_name', 'popularity', 'created_at'] as const;
export const ALBUM_TYPES = ['album', 'single', 'ep'] as const;

const notBlank = (field: string) =>
  z.refine<string>((value) => value.trim().length > 0, { message: `The ${field} field is required.` });

const optionalId = (field: string) => z.optional(z.nullable(idField(field)));
const optionalIdFilter = (field: string) => z.optional(idParam(field));

const ids = z.object({
  ids: z
    .array(idField(), { error: 'The ids field must be a list.' })
    .check(
      z.minLength(1, 'Choose at least one row.'),
      z.maxLength(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} rows at once.`),
    ),
});
const deleted = z.object({ deleted: z.number() });
const idParams = z.object({ id: idParam() });

const artistIds = z
  .array(idField('artist id'), { error: 'The artists field must be a list.' })
  .check(z.minLength(1, 'Choose at least one artist.'), z.maxLength(20, 'At most 20 artists.'));
const genreNames = z.optional(
  z
    .array(boundedString('genre', 100).check(notBlank('genre')), {
      error: 'The genres field must be a list.',
    })
    .check(z.maxLength(10, 'At most 10 genres.')),
);

// Artists ---------------------------------------------------------------------------------------------------

export const ArtistBody = z.object({
  name: boundedString('name', 255).check(notBlank('name')),
  bio: optionalString('bio', 5000),
  verified: z.optional(z.boolean({ error: 'The verified field must be true or false.' })),
  image_id: optionalId('image id'),
  genres: genreNames,
});
export type ArtistBody = z.infer<typeof ArtistBody>;

export const listArtists = route({
  method: 'GET',
  path: 'admin/music/artists',
  tag: TAG,
  summary: 'List artists (admin)',
  query: listQuery(ADMIN_ARTIST_SORTS, {
    verified: z.optional(z.enum(['yes', 'no'], { error: 'The verified filter must be yes or no.' })),
    genre: z.optional(boundedString('genre', 100)),
  }),
  response: paginated(Artist),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
});

export const createArtist = route({
  method: 'POST',
  path: 'admin/music/artists',
  tag: TAG,
  summary: 'Create an artist',
  body: ArtistBody,
  response: z.object({ artist: Artist }),
  status: 201,
  auth: true,
  permission: MUSIC_CREATE_PERMISSION,
});

export const updateArtist = route({
  method: 'PUT',
  path: 'admin/music/artists/{id}',
  tag: TAG,
  summary: 'Edit an artist',
  params: idParams,
  body: ArtistBody,
  response: z.object({ artist: Artist }),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

export const deleteArtists = route({
  method: 'POST',
  path: 'admin/music/artists/bulk-delete',
  tag: TAG,
  summary: 'Delete artists (their albums by them alone go too)',
  body: ids,
  response: deleted,
  auth: true,
  permission: MUSIC_DELETE_PERMISSION,
});

// Albums ----------------------------------------------------------------------------------------------------

export const AlbumBody = z.object({
  name: boundedString('name', 255).check(notBlank('name')),
  type: z.enum(ALBUM_TYPES, { error: 'The type must be album, single or ep.' }),
  release_date: z.optional(z.nullable(isoDate)),
  description: optionalString('description', 5000),
  image_id: optionalId('image id'),
  artist_ids: artistIds,
});
export type AlbumBody = z.infer<typeof AlbumBody>;

export const listAlbums = route({
  method: 'GET',
  path: 'admin/music/albums',
  tag: TAG,
  summary: 'List albums (admin)',
  query: listQuery(ADMIN_ALBUM_SORTS, {
    type: z.optional(z.enum(ALBUM_TYPES, { error: 'The type must be album, single or ep.' })),
    artist_id: optionalIdFilter('artist id'),
  }),
  response: paginated(Album),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
});

export const createAlbum = route({
  method: 'POST',
  path: 'admin/music/albums',
  tag: TAG,
  summary: 'Create an album',
  body: AlbumBody,
  response: z.object({ album: Album }),
  status: 201,
  auth: true,
  permission: MUSIC_CREATE_PERMISSION,
});

export const updateAlbum = route({
  method: 'PUT',
  path: 'admin/music/albums/{id}',
  tag: TAG,
  summary: 'Edit an album',
  params: idParams,
  body: AlbumBody,
  response: z.object({ album: Album }),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

export const deleteAlbums = route({
  method: 'POST',
  path: 'admin/music/albums/bulk-delete',
  tag: TAG,
  summary: 'Delete albums and their tracks',
  body: ids,
  response: deleted,
  auth: true,
  permission: MUSIC_DELETE_PERMISSION,
});

// Tracks ----------------------------------------------------------------------------------------------------

export const TrackBody = z.object({
  name: boundedString('name', 255).check(notBlank('name')),
  album_id: optionalId('album id'),
  number: z
    .number({ error: 'The number must be a whole number.' })
    .check(
      z.int('The number must be a whole number.'),
      z.gte(1, 'The number must be at least 1.'),
      z.lte(999, 'The number must be at most 999.'),
    ),
  duration_ms: z
    .number({ error: 'The duration must be a whole number of milliseconds.' })
    .check(
      z.int('The duration must be a whole number of milliseconds.'),
      z.gte(0, 'The duration must not be negative.'),
      z.lte(86_400_000, 'The duration must be at most 24 hours.'),
    ),
  artist_ids: artistIds,
  genres: genreNames,
  /**
   * New audio: an upload of the caller's (through the uploads engine), read like a backstage upload (sniffed,
   * duration, waveform). The file's duration wins over `duration_ms`; a refused file answers 422 on `file`.
   */
  file_id: optionalId('file id'),
});
export type TrackBody = z.infer<typeof TrackBody>;

export const listTracks = route({
  method: 'GET',
  path: 'admin/music/tracks',
  tag: TAG,
  summary: 'List tracks (admin)',
  query: listQuery(ADMIN_TRACK_SORTS, {
    album_id: optionalIdFilter('album id'),
    artist_id: optionalIdFilter('artist id'),
  }),
  response: paginated(Track),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
});

export const createTrack = route({
  method: 'POST',
  path: 'admin/music/tracks',
  tag: TAG,
  summary: 'Create a track',
  body: TrackBody,
  response: z.object({ track: Track }),
  status: 201,
  auth: true,
  permission: MUSIC_CREATE_PERMISSION,
});

export const updateTrack = route({
  method: 'PUT',
  path: 'admin/music/tracks/{id}',
  tag: TAG,
  summary: 'Edit a track',
  params: idParams,
  body: TrackBody,
  response: z.object({ track: Track }),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

/** A name from a file's tags, with the catalogue row of that name (case aside) when there is one. */
const TaggedName = z.object({ name: z.string(), id: z.nullable(z.number()) });

/** What an audio file's tags say, for the track form to fill in before Save. */
export const TrackAudioTags = z.object({
  title: z.nullable(z.string()),
  artists: z.array(TaggedName),
  album: z.nullable(TaggedName),
  track_number: z.nullable(z.number()),
  genres: z.array(z.string()),
  duration_ms: z.number(),
});
export type TrackAudioTags = z.infer<typeof TrackAudioTags>;

/**
 * `POST admin/music/tracks/audio-tags`: reads an upload of the caller's as Save will (sniffed, decoded), and
 * answers its tags, so the form fills in while the admin reviews it. A file that is not audio is refused here
 * already (422 on `file`, deleted); the file stays the caller's until a save gives it to a track.
 */
export const readTrackAudio = route({
  method: 'POST',
  path: 'admin/music/tracks/audio-tags',
  tag: TAG,
  summary: 'Read the tags of an uploaded audio file',
  body: z.object({ file_id: idField('file id') }),
  response: z.object({ tags: TrackAudioTags }),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
});

export const deleteTracks = route({
  method: 'POST',
  path: 'admin/music/tracks/bulk-delete',
  tag: TAG,
  summary: 'Delete tracks',
  body: ids,
  response: deleted,
  auth: true,
  permission: MUSIC_DELETE_PERMISSION,
});

// Genres ----------------------------------------------------------------------------------------------------

export const GenreBody = z.object({
  /** The URL key; made from the display name when empty. */
  name: optionalString('name', 100),
  display_name: boundedString('display name', 255).check(notBlank('display name')),
  popularity: z.optional(
    z
      .number({ error: 'The popularity must be a whole number.' })
      .check(
        z.int('The popularity must be a whole number.'),
        z.gte(0, 'The popularity must not be negative.'),
        z.lte(1_000_000, 'The popularity must be at most 1000000.'),
      ),
  ),
  image_id: optionalId('image id'),
});
export type GenreBody = z.infer<typeof GenreBody>;

export const listGenres = route({
  method: 'GET',
  path: 'admin/music/genres',
  tag: TAG,
  summary: 'List genres (admin)',
  query: listQuery(ADMIN_GENRE_SORTS),
  response: paginated(Genre),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
});

export const createGenre = route({
  method: 'POST',
  path: 'admin/music/genres',
  tag: TAG,
  summary: 'Create a genre',
  body: GenreBody,
  response: z.object({ genre: Genre }),
  status: 201,
  auth: true,
  permission: MUSIC_CREATE_PERMISSION,
});

export const updateGenre = route({
  method: 'PUT',
  path: 'admin/music/genres/{id}',
  tag: TAG,
  summary: 'Edit a genre',
  params: idParams,
  body: GenreBody,
  response: z.object({ genre: Genre }),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

export const deleteGenres = route({
  method: 'POST',
  path: 'admin/music/genres/bulk-delete',
  tag: TAG,
  summary: 'Delete genres (artists and tracks only lose the tag)',
  body: ids,
  response: deleted,
  auth: true,
  permission: MUSIC_DELETE_PERMISSION,
});

// Playlists -------------------------------------------------------------------------------------------------
// Playlists belong to their owners: the admin moderates them (rename, describe, make private, delete) but does
// not create them.

export const ADMIN_PLAYLIST_SORTS = ['name', 'created_at', 'updated_at', 'tracks_count'] as const;

export const PlaylistBody = z.object({
  name: boundedString('name', 100).check(notBlank('name')),
  description: optionalString('description', 5000),
  public: z.boolean({ error: 'The public field must be true or false.' }),
});
export type PlaylistBody = z.infer<typeof PlaylistBody>;

export const listPlaylists = route({
  method: 'GET',
  path: 'admin/music/playlists',
  tag: TAG,
  summary: 'List playlists, private ones included (admin)',
  query: listQuery(ADMIN_PLAYLIST_SORTS, {
    public: z.optional(z.enum(['yes', 'no'], { error: 'The public filter must be yes or no.' })),
  }),
  response: paginated(Playlist),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
});

export const updatePlaylist = route({
  method: 'PUT',
  path: 'admin/music/playlists/{id}',
  tag: TAG,
  summary: 'Edit a playlist (admin)',
  params: idParams,
  body: PlaylistBody,
  response: z.object({ playlist: Playlist }),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

export const deletePlaylists = route({
  method: 'POST',
  path: 'admin/music/playlists/bulk-delete',
  tag: TAG,
  summary: 'Delete playlists (admin)',
  body: ids,
  response: deleted,
  auth: true,
  permission: MUSIC_DELETE_PERMISSION,
});
