import { useCan, useHttp, useUser } from '@backline/core/react';
import { toast } from '@backline/ui';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { player } from '../../contract';
import {
  capturePlayer,
  debounce,
  fromServerState,
  LOCAL_SAVE_DELAY_MS,
  type PersistedPlayer,
  readLocalPlayer,
  SERVER_SAVE_DELAY_MS,
  SERVER_SAVE_MAX_WAIT_MS,
  toServerState,
  writeLocalPlayer,
} from './engine/persistence';
import {
  PlaybackController as Controller,
  type PlaybackController,
  type PlaybackError,
} from './engine/playback';
import { QueueModel, type QueueSnapshot } from './engine/queue';
import type { PlayContext, PlayerTrack } from './engine/types';

/** The permission a role needs to play music (guests hold it by default). */
export const PLAY_PERMISSION = 'music.play';

/** Marks a line for translation; the toast region translates it when it shows (with its `:name` value). */
const t = (line: string) => line;

/** Error toasts, keyed by what went wrong; the English text is the translation key. */
const ERROR_MESSAGES: Record<PlaybackError['kind'], string> = {
  'not-found': t('“:name” is no longer available.'),
  forbidden: t('You are not allowed to play “:name”.'),
  decode: t('“:name” could not be played.'),
  network: t('“:name” could not be loaded.'),
};

export interface PlayerEngine {
  queue: QueueModel;
  controller: PlaybackController;
  canPlay: boolean;
  /** The seek bar's waveform of a track, loaded once per track; `null` while loading or when there is none. */
  waveforms?: WaveformCache;
}

const PlayerContext = createContext<PlayerEngine | null>(null);

/** Waveforms by track id: one load per track, kept for the session (200 numbers each); a failed load is forgotten. */
export class WaveformCache {
  private loaded = new Map<number, number[]>();
  private pending = new Map<number, Promise<number[]>>();
  constructor(private load: (trackId: number) => Promise<number[]>) {}

  /** The peaks if already loaded (empty: the track has none). */
  peek(trackId: number): number[] | undefined {
    return this.loaded.get(trackId);
  }

  get(trackId: number): Promise<number[]> {
    const known = this.loaded.get(trackId);
    if (known) return Promise.resolve(known);
    let pending = this.pending.get(trackId);
    if (!pending) {
      pending = this.load(trackId)
        .then((peaks) => {
          this.loaded.set(trackId, peaks);
          return peaks;
        })
        .finally(() => this.pending.delete(trackId));
      this.pending.set(trackId, pending);
    }
    return pending;
  }
}

export interface PlayerProviderProps {
  children: ReactNode;
  /**
   * Looks tracks up by id, so a queue saved on another device can be restored here (the server keeps ids only).
   * Without it the server copy is still written, and read back whenever this device knows the tracks.
   */
  resolveTracks?: (ids: number[]) => Promise<PlayerTrack[]>;
  /** An engine made elsewhere (stories, tests); the provider then does not persist it. */
  engine?: Omit<PlayerEngine, 'canPlay' | 'waveforms'>;
  /**
   * Loads a track's waveform peaks (values in 0…1) for the seek bar; an empty list, a failure or no loader at
   * all draws the plain bar.
   */
  loadWaveform?: (trackId: number) => Promise<number[]>;
}

function createEngine(options: { onError(error: PlaybackError): void; onPlayed(track: PlayerTrack): void }) {
  const queue = new QueueModel();
  const controller = new Controller(queue, options);
  return { queue, controller };
}

/**
 * Holds the one player of the web player area: it keeps playing across route changes because it lives above the
 * routes. Restores the last session (paused, at the same second) and keeps it in localStorage and, for a signed-in
 * listener, on the server.
 */
export function PlayerProvider({
  children,
  resolveTracks,
  engine: given,
  loadWaveform,
}: PlayerProviderProps) {
  const http = useHttp();
  const user = useUser();
  const canPlay = useCan(PLAY_PERMISSION);
  const [engine] = useState(
    () =>
      given ??
      createEngine({
        onError: (error) => toast.danger(ERROR_MESSAGES[error.kind], { values: { name: error.track.name } }),
        onPlayed: (track) => {
          // A lost report is not worth bothering the listener about.
          http.call(player.recordPlay, { params: { id: track.id } }).catch(() => {});
        },
      }),
  );
  const persist = !given;

  // Local persistence: restore once, then save (batched) on every change and when the page is hidden.
  useEffect(() => {
    if (!persist) return;
    const { queue, controller } = engine;
    const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
    const stored = readLocalPlayer(storage);
    if (stored && !queue.getSnapshot().current) applyPersisted(engine, stored);
    const save = debounce(() => writeLocalPlayer(storage, snapshotOf(engine)), LOCAL_SAVE_DELAY_MS);
    const offQueue = queue.subscribe(save);
    const offController = controller.subscribe(save);
    const onHide = () => save.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      save.flush();
      offQueue();
      offController();
      window.removeEventListener('pagehide', onHide);
    };
  }, [engine, persist]);

  // Server copy for a signed-in listener: read once on sign-in, write a few seconds after changes.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!persist || userId === null) return;
    const { queue, controller } = engine;
    let cancelled = false;
    let touched = false;
    const markTouched = () => {
      touched = true;
    };
    const offTouch = queue.subscribe(markTouched);
    http
      .call(player.getPlayerState)
      .then(async (state) => {
        // This device's own session wins; the server copy fills a device that has none (a new browser).
        if (cancelled || touched || state.queue.length === 0 || queue.getSnapshot().current) return;
        const local = snapshotOf(engine);
        const known = new Map(
          [...local.queue.contextTracks, ...local.queue.queue].map((track) => [track.id, track] as const),
        );
        const missing = state.queue.filter((id) => !known.has(id));
        const tracks = missing.length && resolveTracks ? await resolveTracks(missing) : [];
        if (cancelled || touched) return;
        const restored = fromServerState(state, [...known.values(), ...tracks], local);
        if (restored && !queue.getSnapshot().current) applyPersisted(engine, restored);
      })
      .catch(() => {
        // No server copy (or no route yet): the local one stands.
      });
    const save = debounce(
      () => {
        if (!queue.getSnapshot().current) return;
        http.call(player.savePlayerState, { body: toServerState(snapshotOf(engine)) }).catch(() => {});
      },
      SERVER_SAVE_DELAY_MS,
      SERVER_SAVE_MAX_WAIT_MS,
    );
    const offQueue = queue.subscribe(save);
    const offController = controller.subscribe(save);
    return () => {
      cancelled = true;
      save.flush();
      offTouch();
      offQueue();
      offController();
    };
  }, [engine, persist, userId, http, resolveTracks]);

  // Leaving the web player area stops the music.
  useEffect(() => () => engine.controller.pause(), [engine]);

  const waveforms = useMemo(
    () => (loadWaveform ? new WaveformCache(loadWaveform) : undefined),
    [loadWaveform],
  );
  const value = useMemo(() => ({ ...engine, canPlay, waveforms }), [engine, canPlay, waveforms]);
  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>;
}

function snapshotOf({ queue, controller }: Omit<PlayerEngine, 'canPlay'>): PersistedPlayer {
  const s = controller.getSnapshot();
  return capturePlayer(queue, {
    positionMs: controller.positionMs(),
    volume: s.volume,
    muted: s.muted,
    crossfadeSeconds: s.crossfadeSeconds,
  });
}

function applyPersisted({ queue, controller }: Omit<PlayerEngine, 'canPlay'>, stored: PersistedPlayer): void {
  controller.setVolume(stored.volume);
  controller.setMuted(stored.muted);
  controller.setCrossfade(stored.crossfadeSeconds);
  controller.pause();
  if (queue.restore(stored.queue)) controller.restore(stored.positionMs);
}

/** The engine behind the player (queue model and playback controller), for the player's own components. */
export function usePlayerEngine(): PlayerEngine {
  const engine = useContext(PlayerContext);
  if (!engine) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return engine;
}

/** The queue's snapshot; re-renders on every queue change. */
export function useQueueSnapshot(): QueueSnapshot {
  const { queue } = usePlayerEngine();
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}

/** The playback snapshot (status, position four times a second while playing, volume…). */
export function usePlaybackSnapshot() {
  const { controller } = usePlayerEngine();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}

export interface PlayerApi {
  current: PlayerTrack | null;
  context: PlayContext | null;
  isPlaying: boolean;
  playList(tracks: PlayerTrack[], startIndex?: number, context?: PlayContext): void;
  playNext(tracks: PlayerTrack[]): void;
  addToQueue(tracks: PlayerTrack[]): void;
  toggle(): void;
  /** The role holds `music.play`; when false, play buttons explain that the listener must sign in or upgrade. */
  canPlay: boolean;
}

/** What pages need from the player: play a list, queue tracks, and show what is playing. */
export function usePlayer(): PlayerApi {
  const { queue, controller, canPlay } = usePlayerEngine();
  const snapshot = useQueueSnapshot();
  const status = useSyncExternalStore(
    controller.subscribe,
    () => controller.getSnapshot().status,
    () => controller.getSnapshot().status,
  );
  const isPlaying = status === 'playing' || status === 'loading';
  const current = snapshot.current?.track ?? null;
  const context = snapshot.context;
  return useMemo(
    () => ({
      current,
      context,
      isPlaying,
      canPlay,
      playList(tracks, startIndex, playContext) {
        if (canPlay) controller.playList(tracks, startIndex, playContext ?? null);
      },
      playNext(tracks) {
        if (canPlay) queue.playNext(tracks);
      },
      addToQueue(tracks) {
        if (canPlay) queue.addToQueue(tracks);
      },
      toggle() {
        if (canPlay) controller.toggle();
      },
    }),
    [current, context, isPlaying, canPlay, controller, queue],
  );
}
