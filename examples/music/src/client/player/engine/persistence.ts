import { isSerializedQueue, type QueueModel, type SerializedQueue } from './queue';
import type { PlayerTrack, RepeatMode } from './types';

/** The localStorage key of the player's state. */
export const PLAYER_STORAGE_KEY = 'backline.music.player';
/** Writes are batched: position changes four times a second while playing, storage need not. */
export const LOCAL_SAVE_DELAY_MS = 1000;
/** The server copy (other devices) is written less often still: 5 s after a change, at least every 30 s. */
export const SERVER_SAVE_DELAY_MS = 5000;
export const SERVER_SAVE_MAX_WAIT_MS = 30_000;

/** Everything that survives a reload. The track restores paused at `positionMs`. */
export interface PersistedPlayer {
  queue: SerializedQueue;
  positionMs: number;
  volume: number;
  muted: boolean;
  crossfadeSeconds: number;
}

/** The per-user copy on the server (`GET|PUT /api/v1/me/player-state`); `volume` is 0–100 there. */
export interface ServerPlayerState {
  queue: number[];
  current_index: number;
  position_ms: number;
  shuffle: boolean;
  repeat: RepeatMode;
  volume: number;
}

/** What the player needs from the rest of the player (the controller's settings) to persist itself. */
export interface PlayerSettings {
  positionMs: number;
  volume: number;
  muted: boolean;
  crossfadeSeconds: number;
}

export function capturePlayer(queue: QueueModel, settings: PlayerSettings): PersistedPlayer {
  return {
    queue: queue.serialize(),
    positionMs: Math.max(0, Math.round(settings.positionMs)),
    volume: settings.volume,
    muted: settings.muted,
    crossfadeSeconds: settings.crossfadeSeconds,
  };
}

function isPersisted(value: unknown): value is PersistedPlayer {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<PersistedPlayer>;
  return (
    isSerializedQueue(v.queue) &&
    typeof v.positionMs === 'number' &&
    typeof v.volume === 'number' &&
    v.volume >= 0 &&
    v.volume <= 1 &&
    typeof v.muted === 'boolean' &&
    typeof v.crossfadeSeconds === 'number'
  );
}

/** Reads the stored player, or null when there is none or it does not fit (an older shape, a hand edit). */
export function readLocalPlayer(storage: Pick<Storage, 'getItem'> | undefined): PersistedPlayer | null {
  try {
    const raw = storage?.getItem(PLAYER_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isPersisted(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeLocalPlayer(
  storage: Pick<Storage, 'setItem'> | undefined,
  value: PersistedPlayer,
): void {
  try {
    storage?.setItem(PLAYER_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the player keeps working, it only forgets on reload.
  }
}

/**
 * The server keeps ids only: the whole play order with the listener's queue after the current track, and the
 * index of the current one.
 */
export function toServerState(value: PersistedPlayer): ServerPlayerState {
  const q = value.queue;
  const inOrder = q.order.map((i) => q.contextTracks[i]!.id);
  const played = inOrder.slice(0, Math.max(0, q.contextPos + (q.current?.source === 'context' ? 0 : 1)));
  const current =
    q.current?.source === 'queue' ? [q.current.track.id] : q.current ? [inOrder[q.contextPos]!] : [];
  const upcoming = inOrder.slice(q.contextPos + 1);
  return {
    queue: [...played, ...current, ...q.queue.map((t) => t.id), ...upcoming],
    current_index: current.length ? played.length : -1,
    position_ms: value.positionMs,
    shuffle: q.shuffle,
    repeat: q.repeat,
    volume: Math.round(value.volume * 100),
  };
}

/** Rebuilds a player from the server copy, given the tracks behind its ids (missing ones are dropped). */
export function fromServerState(
  state: ServerPlayerState,
  tracks: readonly PlayerTrack[],
  local: Pick<PersistedPlayer, 'muted' | 'crossfadeSeconds'>,
): PersistedPlayer | null {
  const byId = new Map(tracks.map((track) => [track.id, track]));
  const currentId = state.queue[state.current_index];
  const kept = state.queue.filter((id) => byId.has(id));
  const list = kept.map((id) => byId.get(id)!);
  const index =
    currentId === undefined
      ? -1
      : state.queue.slice(0, state.current_index).filter((id) => byId.has(id)).length;
  if (list.length === 0) return null;
  const pos = index >= 0 && index < list.length && kept[index] === currentId ? index : 0;
  return {
    queue: {
      version: 1,
      context: { type: 'queue' },
      contextTracks: list,
      order: list.map((_, i) => i),
      contextPos: pos,
      queue: [],
      current: { source: 'context' },
      shuffle: state.shuffle,
      repeat: state.repeat,
    },
    positionMs: pos === index ? Math.max(0, state.position_ms) : 0,
    volume: Math.min(1, Math.max(0, state.volume / 100)),
    muted: local.muted,
    crossfadeSeconds: local.crossfadeSeconds,
  };
}

/**
 * Calls `fn` once `delayMs` after the last call, and at least every `maxWaitMs` while calls keep coming (a playing
 * track changes its position all the time, so a plain debounce would never fire). `flush` runs a pending call now.
 */
export function debounce(
  fn: () => void,
  delayMs: number,
  maxWaitMs = delayMs,
): { (): void; flush(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstCall: number | null = null;
  const run = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    firstCall = null;
    fn();
  };
  const call = () => {
    const now = Date.now();
    firstCall ??= now;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(delayMs, firstCall + maxWaitMs - now)));
  };
  call.flush = () => {
    if (timer) run();
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    firstCall = null;
  };
  return call;
}
