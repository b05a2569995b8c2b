import {
  boundedString,
  idField,
  idParam,
  listQuery,
  optionalString,
  paginated,
  route,
  timestamp,
} from '@backline/core/contract';
import * as z from 'zod/mini';
import { Channel, type ChannelSource, ContentItem } from '../resources';
import {
  BULK_DELETE_MAX,
  MUSIC_CREATE_PERMISSION,
  MUSIC_DELETE_PERMISSION,
  MUSIC_UPDATE_PERMISSION,
} from './catalogue-admin';

/**
 * The admin's channels page: the Discover rows. A channel lists one content type, either hand-picked (`manual`,
 * in the admin's order) or by a rule the server evaluates when the channel is read. The catalogue admin's
 * permissions guard it: `music.update` lists, shows, edits and sets items; `music.create` creates;
 * `music.delete` deletes. A sort or filter not named here answers 422.
 */

const TAG = 'music-admin';

export const CHANNEL_CONTENT_TYPES = ['artist', 'album', 'track', 'playlist', 'genre'] as const;
export type ChannelContentType = (typeof CHANNEL_CONTENT_TYPES)[number];

/** Each rule lists exactly one content type; a rule channel of another type is refused (422). */
export const CHANNEL_RULES = {
  trending_artists: 'artist',
  new_releases: 'album',
  popular_albums: 'album',
  popular_tracks: 'track',
  genres: 'genre',
} as const satisfies Record<Exclude<ChannelSource, 'manual'>, ChannelContentType>;
export type ChannelRule = keyof typeof CHANNEL_RULES;

export const CHANNEL_SOURCES = ['manual', ...(Object.keys(CHANNEL_RULES) as ChannelRule[])] as [
  'manual',
  ...ChannelRule[],
];

/** The most items a hand-picked channel holds. */
export const CHANNEL_ITEMS_MAX = 100;

export const ADMIN_CHANNEL_SORTS = [
  'name',
  'slug',
  'content_type',
  'source',
  'position',
  'created_at',
  'updated_at',
] as const;

const contentType = z.enum(CHANNEL_CONTENT_TYPES, {
  error: 'The content type must be artist, album, track, playlist or genre.',
});
const source = z.enum(CHANNEL_SOURCES, {
  error: `The source must be one of: ${CHANNEL_SOURCES.join(', ')}.`,
});

/** Ordered ids of the channel's content type; an id listed twice keeps its first place. */
const itemIds = z
  .array(idField('item id'), { error: 'The items field must be a list.' })
  .check(z.maxLength(CHANNEL_ITEMS_MAX, `At most ${CHANNEL_ITEMS_MAX} items.`));

/** A channel as the admin lists it: how many hand-picked items it holds, and when it changed. */
export const AdminChannel = z.extend(Channel, {
  items_count: z.number(),
  position: z.number(),
  updated_at: timestamp,
});
export type AdminChannel = z.infer<typeof AdminChannel>;

export const ChannelBody = z.object({
  name: boundedString('name', 255).check(
    z.refine((value) => value.trim().length > 0, { message: 'The name field is required.' }),
  ),
  /** The URL key (`/channel/{slug}`); made from the name when empty. */
  slug: optionalString('slug', 255),
  content_type: contentType,
  source,
  /** A hand-picked channel's items, in order; left out, they stay as they are (a rule channel has none). */
  item_ids: z.optional(itemIds),
});
export type ChannelBody = z.infer<typeof ChannelBody>;

const idParams = z.object({ id: idParam() });
const saved = z.object({ channel: AdminChannel, items: z.array(ContentItem) });

export const listChannels = route({
  method: 'GET',
  path: 'admin/music/channels',
  tag: TAG,
  summary: 'List channels (admin)',
  query: listQuery(ADMIN_CHANNEL_SORTS, {
    content_type: z.optional(contentType),
    source: z.optional(source),
  }),
  response: paginated(AdminChannel),
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
});

/** A channel and its hand-picked items in order (private playlists included, which the public page hides). */
export const showChannel = route({
  method: 'GET',
  path: 'admin/music/channels/{id}',
  tag: TAG,
  summary: 'A channel and its hand-picked items (admin)',
  params: idParams,
  response: saved,
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

export const createChannel = route({
  method: 'POST',
  path: 'admin/music/channels',
  tag: TAG,
  summary: 'Create a channel (last on Discover)',
  body: ChannelBody,
  response: saved,
  status: 201,
  auth: true,
  permission: MUSIC_CREATE_PERMISSION,
});

export const updateChannel = route({
  method: 'PUT',
  path: 'admin/music/channels/{id}',
  tag: TAG,
  summary: 'Edit a channel (a new content type or a rule drops the hand-picked items)',
  params: idParams,
  body: ChannelBody,
  response: saved,
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

export const setChannelItems = route({
  method: 'PUT',
  path: 'admin/music/channels/{id}/items',
  tag: TAG,
  summary: "Set a hand-picked channel's items, in order",
  params: idParams,
  body: z.object({ item_ids: itemIds }),
  response: saved,
  auth: true,
  permission: MUSIC_UPDATE_PERMISSION,
  errors: [404],
});

export const deleteChannels = route({
  method: 'POST',
  path: 'admin/music/channels/bulk-delete',
  tag: TAG,
  summary: 'Delete channels and their items',
  body: z.object({
    ids: z
      .array(idField(), { error: 'The ids field must be a list.' })
      .check(
        z.minLength(1, 'Choose at least one row.'),
        z.maxLength(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} rows at once.`),
      ),
  }),
  response: z.object({ deleted: z.number() }),
  auth: true,
  permission: MUSIC_DELETE_PERMISSION,
});
