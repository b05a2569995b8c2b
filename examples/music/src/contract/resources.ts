import { timestamp } from '@backline/core/contract';
import * as z from 'zod/mini';

/**
 * The music catalogue's resources as the browser receives them. Each carries `model_type` (so mixed lists —
 * search, channels — can be told apart) and `path`, its page on the site, built by the server with `slugify`.
 * Images are URLs (`/api/v1/artwork/{id}` for stored art, or a default image); null where none exists.
 */

/** A day, `YYYY-MM-DD`. */
export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** An artist as other resources name it. */
export const ArtistRef = z.object({
  model_type: z.literal('artist'),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** `/artist/{id}/{slug}` */
  path: z.string(),
});
export type ArtistRef = z.infer<typeof ArtistRef>;

/** An album as a track names it. */
export const AlbumRef = z.object({
  model_type: z.literal('album'),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** `/album/{id}/{artistSlug}/{albumSlug}` */
  path: z.string(),
  image: z.nullable(z.string()),
  release_date: z.nullable(isoDate),
});
export type AlbumRef = z.infer<typeof AlbumRef>;

/** A genre. `name` is its URL key (`/genre/{name}`), `display_name` what people read. */
export const Genre = z.object({
  model_type: z.literal('genre'),
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  path: z.string(),
  image: z.nullable(z.string()),
  artists_count: z.optional(z.number()),
});
export type Genre = z.infer<typeof Genre>;

/** A track. `image` is its album's cover; `stream_url` the one streaming route (`/api/v1/tracks/{id}/stream`). */
export const Track = z.object({
  model_type: z.literal('track'),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** `/track/{id}/{slug}` */
  path: z.string(),
  number: z.number(),
  duration_ms: z.number(),
  plays: z.number(),
  popularity: z.number(),
  image: z.nullable(z.string()),
  stream_url: z.string(),
  album: z.nullable(AlbumRef),
  artists: z.array(ArtistRef),
  genres: z.optional(z.array(Genre)),
  /** In a liked-tracks list: when it was liked; in the history: when it was played; in a playlist: when added. */
  added_at: z.optional(timestamp),
});
export type Track = z.infer<typeof Track>;

/** An album. `tracks` is filled on its own page (ordered by number). */
export const Album = z.object({
  model_type: z.literal('album'),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  type: z.enum(['album', 'single', 'ep']),
  release_date: z.nullable(isoDate),
  image: z.nullable(z.string()),
  description: z.nullable(z.string()),
  artists: z.array(ArtistRef),
  tracks_count: z.number(),
  duration_ms: z.number(),
  plays: z.number(),
  likes_count: z.number(),
  tracks: z.optional(z.array(Track)),
  added_at: z.optional(timestamp),
});
export type Album = z.infer<typeof Album>;

/** A link an artist lists on the About tab. */
export const ArtistLink = z.object({ url: z.string(), title: z.string() });

/**
 * An artist. `image_small` is never empty: the artist's own image, else its first album's cover, else the
 * default artist image. `albums` is filled on the artist page (newest first, each with its tracks).
 */
export const Artist = z.object({
  model_type: z.literal('artist'),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  verified: z.boolean(),
  image_small: z.string(),
  image_large: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  links: z.array(ArtistLink),
  genres: z.array(Genre),
  followers_count: z.number(),
  plays: z.number(),
  albums_count: z.number(),
  albums: z.optional(z.array(Album)),
  added_at: z.optional(timestamp),
});
export type Artist = z.infer<typeof Artist>;

/** A listener's public face: `/user/{id}/{slug of display_name}`. */
export const UserProfile = z.object({
  model_type: z.literal('user'),
  id: z.number(),
  display_name: z.string(),
  slug: z.string(),
  path: z.string(),
  avatar: z.nullable(z.string()),
  followers_count: z.number(),
  following_count: z.number(),
  public_playlists_count: z.number(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** A playlist. Private ones are seen only by their owner and collaborators. */
export const Playlist = z.object({
  model_type: z.literal('playlist'),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** `/playlist/{id}/{slug}` */
  path: z.string(),
  description: z.nullable(z.string()),
  /** The playlist's own image, else its first track's cover. */
  image: z.nullable(z.string()),
  public: z.boolean(),
  collaborative: z.boolean(),
  owner: UserProfile,
  collaborators: z.optional(z.array(UserProfile)),
  tracks_count: z.number(),
  duration_ms: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Playlist = z.infer<typeof Playlist>;

/** Anything a channel or a search may list. */
export const ContentItem = z.discriminatedUnion('model_type', [
  Artist,
  Album,
  Track,
  Playlist,
  Genre,
  UserProfile,
]);
export type ContentItem = z.infer<typeof ContentItem>;

/**
 * Where a channel's content comes from: picked by hand (`manual`, ordered) or a rule the server evaluates
 * when the channel is read.
 */
export const ChannelSource = z.enum([
  'manual',
  'trending_artists',
  'new_releases',
  'popular_albums',
  'popular_tracks',
  'genres',
]);
export type ChannelSource = z.infer<typeof ChannelSource>;

/** A named, ordered list of content for the home feed; its "See all" page is `/channel/{slug}`. */
export const Channel = z.object({
  model_type: z.literal('channel'),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  source: ChannelSource,
  content_type: z.enum(['artist', 'album', 'track', 'playlist', 'genre']),
  /** On the home feed: the first items. */
  items: z.optional(z.array(ContentItem)),
});
export type Channel = z.infer<typeof Channel>;

/** What the player restores on another device. */
export const PlayerState = z.object({
  queue: z.array(z.number()),
  current_index: z.number(),
  position_ms: z.number(),
  shuffle: z.boolean(),
  repeat: z.enum(['off', 'all', 'one']),
  volume: z.number(),
});
export type PlayerState = z.infer<typeof PlayerState>;
