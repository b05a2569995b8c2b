import { useHttp } from '@backline/core/react';
import { toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Playlist, playlists, type Track } from '../../contract';
import { musicKeys, type Page } from './api';

/** The details a playlist form sends. */
export interface PlaylistDetails {
  name: string;
  description: string;
  public: boolean;
}

/** Every query that shows a playlist's details or membership: refetched after a change. */
function usePlaylistRefresh() {
  const client = useQueryClient();
  return (playlist?: Playlist) => {
    if (playlist) client.setQueryData(musicKeys.playlist(playlist.id), { playlist });
    void client.invalidateQueries({ queryKey: musicKeys.myPlaylists });
    if (playlist) void client.invalidateQueries({ queryKey: musicKeys.playlistTracks(playlist.id) });
  };
}

export function useCreatePlaylist() {
  const http = useHttp();
  const refresh = usePlaylistRefresh();
  return useMutation({
    mutationFn: (details: PlaylistDetails) => http.call(playlists.createPlaylist, { body: details }),
    onSuccess: ({ playlist }) => refresh(playlist),
  });
}

export function useUpdatePlaylist(id: number) {
  const http = useHttp();
  const refresh = usePlaylistRefresh();
  return useMutation({
    mutationFn: (details: Partial<PlaylistDetails>) =>
      http.call(playlists.updatePlaylist, { params: { id }, body: details }),
    onSuccess: ({ playlist }) => refresh(playlist),
  });
}

export function useDeletePlaylist(id: number) {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(playlists.deletePlaylist, { params: { id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: musicKeys.playlist(id) });
      void client.invalidateQueries({ queryKey: musicKeys.myPlaylists });
    },
  });
}

/** Adds tracks to a playlist and says so in a toast that links to it. */
export function useAddToPlaylist() {
  const http = useHttp();
  const { t } = useTranslation();
  const refresh = usePlaylistRefresh();
  return useMutation({
    mutationFn: ({ playlistId, tracks }: { playlistId: number; tracks: Track[] }) =>
      http.call(playlists.addTracks, {
        params: { id: playlistId },
        body: { track_ids: tracks.map((track) => track.id) },
      }),
    onSuccess: ({ playlist }, { tracks }) => {
      refresh(playlist);
      toast.positive(
        tracks.length === 1
          ? t('Added to :name', { name: playlist.name })
          : t(':count tracks added to :name', { count: tracks.length, name: playlist.name }),
        { action: { label: t('View'), action: playlist.path } },
      );
    },
    onError: () => toast.danger(t('There was an issue. Please try again later.')),
  });
}

export function useRemoveFromPlaylist(playlistId: number) {
  const http = useHttp();
  const { t } = useTranslation();
  const refresh = usePlaylistRefresh();
  return useMutation({
    mutationFn: (tracks: Track[]) =>
      http.call(playlists.removeTracks, {
        params: { id: playlistId },
        body: { track_ids: tracks.map((track) => track.id) },
      }),
    onSuccess: ({ playlist }) => refresh(playlist),
    onError: () => toast.danger(t('There was an issue. Please try again later.')),
  });
}

type TracksPage = Page<Track>;

/**
 * Moves tracks before or after another one. The table shows the new order at once; the server's order is
 * fetched back afterwards, and a failure puts the old order back.
 */
export function useReorderPlaylist(playlistId: number) {
  const http = useHttp();
  const client = useQueryClient();
  const { t } = useTranslation();
  const key = musicKeys.playlistTracks(playlistId);
  return useMutation({
    mutationFn: (move: { trackIds: number[]; targetId: number; position: 'before' | 'after' }) =>
      http.call(playlists.reorderTracks, {
        params: { id: playlistId },
        body: { track_ids: move.trackIds, target_id: move.targetId, drop_position: move.position },
      }),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<TracksPage>(key);
      if (previous) {
        client.setQueryData<TracksPage>(key, {
          pagination: { ...previous.pagination, data: moveTracks(previous.pagination.data, move) },
        });
      }
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toast.danger(t('There was an issue. Please try again later.'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The list after moving `trackIds` (in their current order) before or after `targetId`. */
export function moveTracks<T extends { id: number }>(
  list: T[],
  move: { trackIds: number[]; targetId: number; position: 'before' | 'after' },
): T[] {
  const moving = new Set(move.trackIds);
  const moved = list.filter((track) => moving.has(track.id));
  const rest = list.filter((track) => !moving.has(track.id));
  const at = rest.findIndex((track) => track.id === move.targetId);
  if (at < 0) return list;
  const index = move.position === 'before' ? at : at + 1;
  return [...rest.slice(0, index), ...moved, ...rest.slice(index)];
}

/** Copies a page's full address and says so. */
export async function copyLink(path: string, message: string) {
  await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
  toast.positive(message);
}
