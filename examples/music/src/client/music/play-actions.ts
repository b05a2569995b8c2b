import type { ReactNode } from 'react';
import type { Track } from '../../contract';

/**
 * The one place the music pages talk to the player (examples/music/src/client/player). Pages build
 * `PlayerTrack`s from contract tracks here and call `usePlayActions()`; the layout mounts `PlayerArea`
 * around the web player and `PlayerFooter` in its footer slot.
 *
 * The player engine lands on its own branch; until it does, these bind to nothing: `canPlay` is false, so
 * play buttons render disabled rather than pretending to play.
 */

/** A track as the player queues it (the player module's `PlayerTrack`). */
export interface PlayerTrack {
  id: number;
  name: string;
  durationMs: number;
  src: string;
  path: string;
  image: string | null;
  artists: { id: number; name: string; path: string }[];
  album: { id: number; name: string; path: string } | null;
}

/** Where a queue came from, so the player can link back to it. */
export interface PlayContext {
  type: 'album' | 'playlist' | 'artist' | 'search' | 'liked' | 'track' | 'queue' | 'genre' | 'channel';
  id?: number | string;
  name?: string;
  path?: string;
}

export interface PlayActions {
  current: PlayerTrack | null;
  context: PlayContext | null;
  isPlaying: boolean;
  canPlay: boolean;
  playList(tracks: PlayerTrack[], startIndex?: number, context?: PlayContext): void;
  playNext(tracks: PlayerTrack[]): void;
  addToQueue(tracks: PlayerTrack[]): void;
  toggle(): void;
}

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

const NO_PLAYER: PlayActions = {
  current: null,
  context: null,
  isPlaying: false,
  canPlay: false,
  playList: () => {},
  playNext: () => {},
  addToQueue: () => {},
  toggle: () => {},
};

/** The player's state and commands. */
export function usePlayActions(): PlayActions {
  return NO_PLAYER;
}

/** Wraps the web player area in the player's provider. */
export function PlayerArea({ children }: { children: ReactNode }) {
  return children;
}

/** The player bar, in the layout's footer slot. */
export function PlayerFooter() {
  return null;
}

/** Whether this context is the one playing (its play button then pauses). */
export function isPlayingContext(actions: PlayActions, context: PlayContext): boolean {
  return (
    actions.isPlaying &&
    actions.context?.type === context.type &&
    String(actions.context.id) === String(context.id)
  );
}
