import {
  booleanish,
  boundedString,
  idField,
  idParam,
  noContent,
  optionalString,
  paginated,
  route,
} from '@backline/core/contract';
import * as z from 'zod/mini';
import { PLAYLIST_MAX_TRACKS, PLAYLIST_TRACKS_MAX, pageQuery, sortQuery } from '../fields';
import { Playlist, Track } from '../resources';

/**
 * Playlists: anyone with `music.view` reads public ones; private ones answer 404 to everyone but their owner
 * and collaborators. Creating needs `playlists.create`; editing the details or deleting is the owner's,
 * adding, removing and reordering tracks also a collaborator's.
 */

const TAG = 'playlists';
const id = z.object({ id: idParam() });
export const PLAYLIST_SORTS = ['name', 'created_at', 'updated_at', 'tracks_count'] as const;

/** `GET playlists`: public playlists. */
export const listPlaylists = route({
  method: 'GET',
  path: 'playlists',
  tag: TAG,
  summary: 'List public playlists',
  query: z.object({ ...pageQuery(), ...sortQuery(PLAYLIST_SORTS, 'updated_at') }),
  response: paginated(Playlist),
  permission: 'music.view',
});

/** `GET me/playlists`: the listener's own playlists and those they collaborate on. */
export const myPlaylists = route({
  method: 'GET',
  path: 'me/playlists',
  tag: TAG,
  summary: 'Your playlists',
  query: z.object({ ...pageQuery(50), ...sortQuery(PLAYLIST_SORTS, 'updated_at') }),
  response: paginated(Playlist),
  auth: true,
});

/** `GET playlists/{id}` (with its collaborators). */
export const showPlaylist = route({
  method: 'GET',
  path: 'playlists/{id}',
  tag: TAG,
  summary: 'A playlist',
  params: id,
  response: z.object({ playlist: Playlist }),
  permission: 'music.view',
  errors: [404],
});

/** `GET playlists/{id}/tracks`: its tracks in playlist order (`added_at` is when each was added). */
export const playlistTracks = route({
  method: 'GET',
  path: 'playlists/{id}/tracks',
  tag: TAG,
  summary: "A playlist's tracks, in order",
  params: id,
  query: z.object(pageQuery(PLAYLIST_TRACKS_MAX, PLAYLIST_TRACKS_MAX)),
  response: paginated(Track),
  permission: 'music.view',
  errors: [404],
});

const details = {
  name: boundedString('name', 100),
  description: optionalString('description', 1000),
  public: z.optional(booleanish),
  collaborative: z.optional(booleanish),
};

/** `POST playlists`: a new, private unless `public`, empty playlist. */
export const createPlaylist = route({
  method: 'POST',
  path: 'playlists',
  tag: TAG,
  summary: 'Create a playlist',
  body: z.object(details),
  response: z.object({ playlist: Playlist }),
  status: 201,
  auth: true,
  permission: 'playlists.create',
});

/** `PUT playlists/{id}`: rename, describe, make public or private, open to collaborators (owner only). */
export const updatePlaylist = route({
  method: 'PUT',
  path: 'playlists/{id}',
  tag: TAG,
  summary: 'Update a playlist',
  params: id,
  body: z.object({ ...details, name: z.optional(details.name) }),
  response: z.object({ playlist: Playlist }),
  auth: true,
  errors: [403, 404],
});

/** `DELETE playlists/{id}` (owner only). */
export const deletePlaylist = route({
  method: 'DELETE',
  path: 'playlists/{id}',
  tag: TAG,
  summary: 'Delete a playlist',
  params: id,
  response: noContent,
  auth: true,
  errors: [403, 404],
});

const trackIds = z
  .array(idField('track id'), { error: 'The track ids field is required.' })
  .check(
    z.minLength(1, 'The track ids field is required.'),
    z.maxLength(PLAYLIST_MAX_TRACKS, `At most ${PLAYLIST_MAX_TRACKS} tracks.`),
  );

/** `POST playlists/{id}/tracks/add`: appends tracks (ones already in it stay where they are). */
export const addTracks = route({
  method: 'POST',
  path: 'playlists/{id}/tracks/add',
  tag: TAG,
  summary: 'Add tracks to a playlist',
  params: id,
  body: z.object({ track_ids: trackIds }),
  response: z.object({ playlist: Playlist }),
  auth: true,
  errors: [403, 404],
});

/** `POST playlists/{id}/tracks/remove` */
export const removeTracks = route({
  method: 'POST',
  path: 'playlists/{id}/tracks/remove',
  tag: TAG,
  summary: 'Remove tracks from a playlist',
  params: id,
  body: z.object({ track_ids: trackIds }),
  response: z.object({ playlist: Playlist }),
  auth: true,
  errors: [403, 404],
});

/**
 * `POST playlists/{id}/tracks/reorder`: moves `track_ids` (in the order given) before or after `target_id`, the
 * shape react-aria's drag and drop reports; keyboard moves send the neighbour as the target.
 */
export const reorderTracks = route({
  method: 'POST',
  path: 'playlists/{id}/tracks/reorder',
  tag: TAG,
  summary: 'Reorder tracks in a playlist',
  params: id,
  body: z.object({
    track_ids: trackIds,
    target_id: idField('target id'),
    drop_position: z.enum(['before', 'after'], { error: 'The drop position must be before or after.' }),
  }),
  response: noContent,
  auth: true,
  errors: [403, 404],
});

/** `POST playlists/{id}/collaborators`: lets another listener edit its tracks (owner only). */
export const addCollaborator = route({
  method: 'POST',
  path: 'playlists/{id}/collaborators',
  tag: TAG,
  summary: 'Add a collaborator',
  params: id,
  body: z.object({ user_id: idField('user id') }),
  response: z.object({ playlist: Playlist }),
  auth: true,
  errors: [403, 404],
});

/** `DELETE playlists/{id}/collaborators/{userId}` (owner, or the collaborator leaving). */
export const removeCollaborator = route({
  method: 'DELETE',
  path: 'playlists/{id}/collaborators/{userId}',
  tag: TAG,
  summary: 'Remove a collaborator',
  params: z.object({ id: idParam(), userId: idParam('user id') }),
  response: noContent,
  auth: true,
  errors: [403, 404],
});
