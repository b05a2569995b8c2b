import { type BacklineRouter, HttpError, type Kit } from '@backline/server';
import type { Knex } from 'knex';
import {
  CHANNEL_PREVIEW_LIMIT,
  type Channel,
  type ChannelSource,
  type ContentItem,
  catalogue,
} from '../../../contract';
import { loadAlbums, loadArtists, loadGenres, loadPlaylists, loadTracks } from '../catalogue/load';
import { countOf } from '../catalogue/paginate';
import { channelPath } from '../catalogue/paths';
import { newReleaseIds, popularAlbumIds, topTrackIds, trendingArtistIds } from './rules';

interface ChannelRow {
  id: number;
  name: string;
  slug: string;
  source: ChannelSource;
  content_type: Channel['content_type'];
}

/** The column of `music_channel_items` that holds an item of each content type. */
export const CONTENT_COLUMNS = {
  artist: 'artist_id',
  album: 'album_id',
  track: 'track_id',
  playlist: 'playlist_id',
  genre: 'genre_id',
} as const;

/**
 * A channel's items of one content type, in the order of `ids`. Private playlists are left out of what the public
 * sees; the admin's editor asks for them too (`withPrivate`), so a hand-picked one that went private stays listed.
 */
export async function loadChannelItems(
  knex: Knex,
  type: Channel['content_type'],
  ids: number[],
  { withPrivate = false } = {},
): Promise<ContentItem[]> {
  switch (type) {
    case 'artist':
      return loadArtists(knex, ids);
    case 'album':
      return loadAlbums(knex, ids);
    case 'track':
      return loadTracks(knex, ids);
    case 'playlist':
      return (await loadPlaylists(knex, ids)).filter((p) => withPrivate || p.public);
    case 'genre':
      return loadGenres(knex, ids, { counts: true });
  }
}

/** One page of a channel's item ids and their total, by its rule or its hand-picked order. */
async function channelIds(
  kit: Kit,
  channel: ChannelRow,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const knex = kit.knex;
  const slice = (all: number[]) => ({ ids: all.slice(offset, offset + limit), total: all.length });
  switch (channel.source) {
    case 'trending_artists':
      return slice(await trendingArtistIds(knex, kit.now()));
    case 'popular_tracks':
      return slice(await topTrackIds(knex, kit.now()));
    case 'new_releases':
    case 'popular_albums': {
      const count = await countOf(knex('music_albums'));
      const ids =
        channel.source === 'new_releases'
          ? await newReleaseIds(knex, offset, limit)
          : await popularAlbumIds(knex, offset, limit);
      return { ids, total: Number(count) };
    }
    case 'genres': {
      const count = await countOf(knex('music_genres'));
      const rows = await knex('music_genres')
        .orderByRaw('popularity desc, id')
        .offset(offset)
        .limit(limit)
        .select('id');
      return { ids: rows.map((r) => Number(r.id)), total: Number(count) };
    }
    case 'manual': {
      const column = CONTENT_COLUMNS[channel.content_type];
      const base = knex('music_channel_items').where({ channel_id: channel.id }).whereNotNull(column);
      const count = await countOf(base.clone());
      const rows = await base.orderBy(['position', 'id']).offset(offset).limit(limit).select(column);
      return { ids: rows.map((r) => Number(r[column])), total: Number(count) };
    }
  }
}

const channelOf = (row: ChannelRow): Channel => ({
  model_type: 'channel',
  id: Number(row.id),
  name: row.name,
  slug: row.slug,
  path: channelPath(row.slug),
  source: row.source,
  content_type: row.content_type,
});

export function channelRoutes(router: BacklineRouter, kit: Kit) {
  router.route(catalogue.listChannels).handle(async () => {
    const rows: ChannelRow[] = await kit.knex('music_channels').orderBy(['position', 'id']).select('*');
    const channels = await Promise.all(
      rows.map(async (row) => {
        const { ids } = await channelIds(kit, row, 0, CHANNEL_PREVIEW_LIMIT);
        return { ...channelOf(row), items: await loadChannelItems(kit.knex, row.content_type, ids) };
      }),
    );
    return { channels: channels.filter((channel) => channel.items.length > 0) };
  });

  router.route(catalogue.showChannel).handle(async ({ params, query }) => {
    const row: ChannelRow | undefined = await kit
      .knex('music_channels')
      .where({ slug: params.slug })
      .first('*');
    if (!row) throw new HttpError(404, 'Not found.');
    const { ids, total } = await channelIds(kit, row, (query.page - 1) * query.perPage, query.perPage);
    return {
      channel: channelOf(row),
      items: {
        pagination: {
          data: await loadChannelItems(kit.knex, row.content_type, ids),
          current_page: query.page,
          per_page: query.perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / query.perPage)),
        },
      },
    };
  });
}
