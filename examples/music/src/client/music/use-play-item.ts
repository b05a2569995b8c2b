import { useHttp } from '@backline/core/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ContentItem, catalogue, playlists, type Track } from '../../contract';
import { type PlayContext, toPlayerTrack, usePlayActions } from './play-actions';

/** A card's item that has something to play. */
export type PlayableItem = Extract<
  ContentItem,
  { model_type: 'artist' | 'album' | 'track' | 'playlist' | 'genre' }
>;

/** The play context of a card's item. */
export function itemContext(item: PlayableItem): PlayContext {
  const name = 'display_name' in item ? item.display_name : item.name;
  const type = item.model_type === 'genre' ? 'genre' : item.model_type;
  return { type, id: item.model_type === 'genre' ? item.name : item.id, name, path: item.path };
}

/**
 * Plays a card's item from its first track: the album's or playlist's tracks, the artist's top tracks, the
 * genre's popular tracks. The tracks come through the query cache, so a page already open costs no call.
 */
export function usePlayItem() {
  const http = useHttp();
  const client = useQueryClient();
  const player = usePlayActions();
  return useCallback(
    async (item: PlayableItem) => {
      let tracks: Track[] = [];
      if (item.model_type === 'track') tracks = [item];
      else if (item.model_type === 'album') {
        const { album } = await client.fetchQuery({
          queryKey: ['music', 'album', item.id],
          queryFn: ({ signal }) => http.call(catalogue.showAlbum, { params: { id: item.id }, signal }),
        });
        tracks = album.tracks ?? [];
      } else if (item.model_type === 'artist') {
        tracks = (
          await client.fetchQuery({
            queryKey: ['music', 'artist', item.id, 'top-tracks'],
            queryFn: ({ signal }) =>
              http.call(catalogue.artistTopTracks, { params: { id: item.id }, signal }),
          })
        ).tracks;
      } else if (item.model_type === 'playlist') {
        tracks = (
          await client.fetchQuery({
            queryKey: ['music', 'playlist', item.id, 'tracks'],
            queryFn: ({ signal }) =>
              http.call(playlists.playlistTracks, {
                params: { id: item.id },
                query: { perPage: 1000 },
                signal,
              }),
          })
        ).pagination.data;
      } else {
        tracks = (
          await client.fetchQuery({
            queryKey: ['music', 'genre', item.name, 'tracks'],
            queryFn: ({ signal }) =>
              http.call(catalogue.genreTracks, {
                params: { name: item.name },
                query: { perPage: 50 },
                signal,
              }),
          })
        ).pagination.data;
      }
      if (tracks.length > 0) player.playList(tracks.map(toPlayerTrack), 0, itemContext(item));
    },
    [client, http, player],
  );
}
