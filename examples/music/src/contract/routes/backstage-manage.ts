import { boundedString, idField, idParam, noContent, optionalString, route } from '@backline/core/contract';
import * as z from 'zod/mini';
import { Album, isoDate, Track } from '../resources';
import { BACKSTAGE_ACCESS_PERMISSION } from './backstage';

/**
 * Backstage managing and insights: an artist's own albums and tracks (edit, reorder, delete) and the numbers of
 * their listening. Every route needs `backstage.access` and a link to the artist the content is by: anyone else,
 * another artist included, gets 403 (404 when the row does not exist).
 */

const TAG = 'backstage';
const notBlank = (field: string) =>
  z.refine<string>((value) => value.trim().length > 0, { message: `The ${field} field is required.` });

/** The periods insights cover, in days. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
/** Top tracks insights list. */
export const INSIGHT_TOP_TRACKS = 10;
/** Countries insights list, the most listeners first. */
export const INSIGHT_TOP_COUNTRIES = 10;

const artistParams = z.object({ id: idParam('artist id') });
const albumParams = z.object({ id: idParam('album id') });
const trackParams = z.object({ id: idParam('track id') });

/** `GET backstage/artists/{id}/albums`: the artist's albums, newest first, each with its tracks in order. */
export const artistAlbums = route({
  method: 'GET',
  path: 'backstage/artists/{id}/albums',
  tag: TAG,
  summary: 'Albums of an artist you manage',
  params: artistParams,
  response: z.object({ albums: z.array(Album) }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

export const AlbumMetadataBody = z.object({
  name: boundedString('name', 255).check(notBlank('name')),
  type: z.enum(['album', 'single', 'ep'], { error: 'The type must be album, single or ep.' }),
  release_date: z.optional(z.nullable(isoDate)),
  description: optionalString('description', 5000),
  /** A cover: an image the artist uploaded (the uploads engine's file entry). */
  image_id: z.optional(z.nullable(idField('image id'))),
});
export type AlbumMetadataBody = z.infer<typeof AlbumMetadataBody>;

/** `PUT backstage/albums/{id}`: name, type, release date, description and cover. */
export const updateAlbum = route({
  method: 'PUT',
  path: 'backstage/albums/{id}',
  tag: TAG,
  summary: 'Edit an album of yours',
  params: albumParams,
  body: AlbumMetadataBody,
  response: z.object({ album: Album }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/** `PUT backstage/albums/{id}/track-order`: every track of the album, in its new order (numbers 1…n). */
export const reorderTracks = route({
  method: 'PUT',
  path: 'backstage/albums/{id}/track-order',
  tag: TAG,
  summary: 'Reorder the tracks of an album of yours',
  params: albumParams,
  body: z.object({
    ids: z
      .array(idField('track id'), { error: 'The ids field must be a list.' })
      .check(z.minLength(1, 'List the album’s tracks.'), z.maxLength(500, 'At most 500 tracks.')),
  }),
  response: z.object({ album: Album }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/** `DELETE backstage/albums/{id}`: the album and its tracks. */
export const deleteAlbum = route({
  method: 'DELETE',
  path: 'backstage/albums/{id}',
  tag: TAG,
  summary: 'Delete an album of yours',
  params: albumParams,
  response: noContent,
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

export const TrackMetadataBody = z.object({
  name: boundedString('name', 255).check(notBlank('name')),
  genres: z.optional(
    z
      .array(boundedString('genre', 100).check(notBlank('genre')), {
        error: 'The genres field must be a list.',
      })
      .check(z.maxLength(10, 'At most 10 genres.')),
  ),
});
export type TrackMetadataBody = z.infer<typeof TrackMetadataBody>;

/** `PUT backstage/tracks/{id}`: a track's name and genres. */
export const updateTrack = route({
  method: 'PUT',
  path: 'backstage/tracks/{id}',
  tag: TAG,
  summary: 'Edit a track of yours',
  params: trackParams,
  body: TrackMetadataBody,
  response: z.object({ track: Track }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/** `DELETE backstage/tracks/{id}` */
export const deleteTrack = route({
  method: 'DELETE',
  path: 'backstage/tracks/{id}',
  tag: TAG,
  summary: 'Delete a track of yours',
  params: trackParams,
  response: noContent,
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

const count = z.number();
/** One day of the period (UTC): plays, distinct listeners, new likes, new followers. */
export const InsightDay = z.object({
  day: isoDate,
  plays: count,
  listeners: count,
  likes: count,
  follows: count,
});
export type InsightDay = z.infer<typeof InsightDay>;

export const Insights = z.object({
  days: z.number(),
  /** Totals over the period. */
  totals: z.object({ plays: count, listeners: count, likes: count, follows: count }),
  /** The artist's followers now. */
  followers: count,
  series: z.array(InsightDay),
  top_tracks: z.array(z.object({ id: z.number(), name: z.string(), plays: count, listeners: count })),
  /**
   * Where listeners come from: the countries of the period's plays (ISO 3166-1 alpha-2, from the listener's IP
   * when the play was recorded), the most distinct listeners first; plays with no known country are left out.
   */
  countries: z.array(
    z.object({ country: z.string().check(z.regex(/^[A-Z]{2}$/)), plays: count, listeners: count }),
  ),
});
export type Insights = z.infer<typeof Insights>;

/** `GET backstage/artists/{id}/insights?days=7|30|90`: computed from the plays, likes and follows tables. */
export const insights = route({
  method: 'GET',
  path: 'backstage/artists/{id}/insights',
  tag: TAG,
  summary: 'Listening numbers of an artist you manage',
  params: artistParams,
  query: z.object({
    days: z.optional(
      z.pipe(
        z.enum(['7', '30', '90'], { error: 'The days must be 7, 30 or 90.' }),
        z.transform((value) => Number(value) as (typeof INSIGHT_PERIODS)[number]),
      ),
    ),
  }),
  response: Insights,
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});
