import { useHttp } from '@backline/core/react';
import { createElement, type ReactNode, useCallback } from 'react';
import { catalogue, musicUploads, type Track } from '../../contract';
import { PER_PAGE_MAX } from '../../contract/fields';
import {
  type PlayContext,
  type PlayerApi,
  PlayerBar,
  PlayerProvider,
  type PlayerTrack,
  usePlayer,
} from '../player';
import { LikeButton } from './like-button';

/**
 * The one place the music pages talk to the player (examples/music/src/client/player). Pages build
 * `PlayerTrack`s from contract tracks here and call `usePlayActions()`; the layout mounts `PlayerArea`
 * around the web player and `PlayerFooter` in its footer slot.
 */

export type { PlayContext, PlayerTrack };

export type PlayActions = PlayerApi;

/** A contract track as the player takes it. */
export function toPlayerTrack(track: Track): PlayerTrack {
  return {
    id: track.id,
    name: track.name,
    durationMs: track.duration_ms,
    src: track.stream_url,
    path: track.path,
    image: track.image,
    artists: track.artists.map((artist) => ({ id: artist.id, name: artist.name, path: artist.path })),
    album: track.album ? { id: track.album.id, name: track.album.name, path: track.album.path } : null,
  };
}

/** The player's state and commands. */
export function usePlayActions(): PlayActions {
  return usePlayer();
}

/**
 * Wraps the web player area in the player's provider. A listener moving to another device gets their queue
 * back from the server as track ids; the provider asks the catalogue for the tracks it has not seen here.
 * The seek bar asks for the playing track's waveform.
 */
export function PlayerArea({ children }: { children: ReactNode }) {
  const http = useHttp();
  const resolveTracks = useCallback(
    async (ids: number[]): Promise<PlayerTrack[]> => {
      const tracks: PlayerTrack[] = [];
      // The list route answers at most PER_PAGE_MAX tracks at a time.
      for (let start = 0; start < ids.length; start += PER_PAGE_MAX) {
        const chunk = ids.slice(start, start + PER_PAGE_MAX);
        const answer = await http.call(catalogue.listTracks, {
          query: { ids: chunk.join(','), perPage: chunk.length },
        });
        tracks.push(...answer.pagination.data.map(toPlayerTrack));
      }
      return tracks;
    },
    [http],
  );
  // The seek bar's waveform: peaks the server computed at upload (or the demo generator made); none for formats
  // it does not decode, and then the bar stays a line.
  const loadWaveform = useCallback(
    async (id: number) => (await http.call(musicUploads.waveform, { params: { id } })).peaks,
    [http],
  );
  return createElement(PlayerProvider, { resolveTracks, loadWaveform, children });
}

/** The player bar, in the layout's footer slot, with the music pages' like button for the playing track. */
export function PlayerFooter() {
  return createElement(PlayerBar, {
    likeSlot: (track: PlayerTrack) =>
      createElement(LikeButton, {
        target: { kind: 'like', type: 'track', id: track.id },
        name: track.name,
        size: 'sm',
      }),
  });
}

/** Whether this context is the one playing (its play button then pauses). */
export function isPlayingContext(actions: PlayActions, context: PlayContext): boolean {
  return (
    actions.isPlaying &&
    actions.context?.type === context.type &&
    String(actions.context.id) === String(context.id)
  );
}
