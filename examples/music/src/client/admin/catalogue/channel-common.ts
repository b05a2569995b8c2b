import type { TFunction } from 'i18next';
import type { channelsAdmin } from '../../../contract';

/** The query-key root of the admin's channel list and its editor; saves and deletes refetch everything under it. */
export const CHANNELS_KEY = ['admin', 'music', 'channels'] as const;

/** Where the browser caches the public channels (Discover's rows and each channel's page): a save refetches them. */
export const PUBLIC_CHANNEL_KEYS = [
  ['music', 'channels'],
  ['music', 'channel'],
] as const;

/** The label of a content type, as a plural noun ("Albums"). */
export function contentTypeLabel(t: TFunction, type: channelsAdmin.ChannelContentType): string {
  switch (type) {
    case 'artist':
      return t('Artists');
    case 'album':
      return t('Albums');
    case 'track':
      return t('Tracks');
    case 'playlist':
      return t('Playlists');
    case 'genre':
      return t('Genres');
  }
}

/** The label of a channel's source: hand-picked, or the rule that fills it. */
export function sourceLabel(t: TFunction, source: channelsAdmin.AdminChannel['source']): string {
  switch (source) {
    case 'manual':
      return t('Hand-picked');
    case 'trending_artists':
      return t('Rule: trending artists');
    case 'new_releases':
      return t('Rule: newest albums');
    case 'popular_albums':
      return t('Rule: most played albums');
    case 'popular_tracks':
      return t('Rule: most played tracks');
    case 'genres':
      return t('Rule: most popular genres');
  }
}
