import type { PlayContext, PlayerTrack, QueueEntry, RepeatMode } from './types';

/** Previous restarts the playing track once this much of it has played, else it goes to the previous track. */
export const PREVIOUS_RESTART_MS = 3000;

/** Why the queue moves on: `auto` when a track ended by itself (repeat one replays it), `manual` for a skip. */
export type AdvanceReason = 'auto' | 'manual';

/** Where a dragged entry lands relative to the target entry. */
export type DropPosition = 'before' | 'after';

/** What the queue holds; a new object after every change, so React can compare snapshots by reference. */
export interface QueueSnapshot {
  readonly context: PlayContext | null;
  /** The played list, one entry per track, in its original order. */
  readonly contextEntries: readonly QueueEntry[];
  /** Play order: indexes into `contextEntries` (a permutation of them while shuffled). */
  readonly order: readonly number[];
  /** Position in `order` of the context entry played last (-1 before any). */
  readonly contextPos: number;
  /** "Next from queue": what the listener added, played before the rest of the context. */
  readonly queue: readonly QueueEntry[];
  readonly current: QueueEntry | null;
  readonly shuffle: boolean;
  readonly repeat: RepeatMode;
  /** Counter behind entry keys; persisted so restored keys never collide with new ones. */
  readonly nextKey: number;
}

/** The persisted form of the queue (localStorage); a plain JSON value. */
export interface SerializedQueue {
  version: 1;
  context: PlayContext | null;
  contextTracks: PlayerTrack[];
  order: number[];
  contextPos: number;
  queue: PlayerTrack[];
  /** Where the current entry is: in the context (at `contextPos`) or a queue entry played before `queue`. */
  current: { source: 'context' } | { source: 'queue'; track: PlayerTrack } | null;
  shuffle: boolean;
  repeat: RepeatMode;
}

const EMPTY: QueueSnapshot = {
  context: null,
  contextEntries: [],
  order: [],
  contextPos: -1,
  queue: [],
  current: null,
  shuffle: false,
  repeat: 'off',
  nextKey: 1,
};

/** Fisher–Yates: every permutation equally likely, each item exactly once. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * The play queue, free of any framework or audio: a played list (the context) in play order, the listener's own
 * queue in front of it, shuffle and repeat. The playback controller asks it what comes next; the UI renders its
 * snapshots (`subscribe` + `getSnapshot` fit React's useSyncExternalStore).
 */
export class QueueModel {
  private state: QueueSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private readonly random: () => number;

  constructor(options: { random?: () => number } = {}) {
    this.random = options.random ?? Math.random;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.state;

  private set(patch: Partial<QueueSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private keys(count: number, prefix: string): { keys: string[]; nextKey: number } {
    const start = this.state.nextKey;
    return { keys: range(count).map((i) => `${prefix}${start + i}`), nextKey: start + count };
  }

  private queueEntries(tracks: readonly PlayerTrack[]): { entries: QueueEntry[]; nextKey: number } {
    const { keys, nextKey } = this.keys(tracks.length, 'q');
    return { entries: tracks.map((track, i) => ({ key: keys[i]!, track, source: 'queue' })), nextKey };
  }

  /** Shuffled order that starts with `first` (when given) and holds every other index once. */
  private shuffledOrder(count: number, first: number | null): number[] {
    const rest = range(count).filter((i) => i !== first);
    const mixed = shuffled(rest, this.random);
    return first === null ? mixed : [first, ...mixed];
  }

  /** Plays a list from a context, starting at `startIndex`; the listener's queue stays as it was. */
  playList(
    tracks: readonly PlayerTrack[],
    startIndex = 0,
    context: PlayContext | null = null,
  ): QueueEntry | null {
    if (tracks.length === 0) return null;
    const start = Math.min(Math.max(0, Math.trunc(startIndex)), tracks.length - 1);
    const { keys, nextKey } = this.keys(tracks.length, 'c');
    const contextEntries: QueueEntry[] = tracks.map((track, i) => ({
      key: keys[i]!,
      track,
      source: 'context',
    }));
    const order = this.state.shuffle ? this.shuffledOrder(tracks.length, start) : range(tracks.length);
    const contextPos = order.indexOf(start);
    const current = contextEntries[start]!;
    this.set({ context, contextEntries, order, contextPos, current, nextKey });
    return current;
  }

  /** Plays tracks right now, ahead of everything; the rest of them follow as "next from queue". */
  playNow(tracks: readonly PlayerTrack[]): QueueEntry | null {
    if (tracks.length === 0) return null;
    const { entries, nextKey } = this.queueEntries(tracks);
    const [current, ...rest] = entries;
    this.set({ current: current!, queue: [...rest, ...this.state.queue], nextKey });
    return current!;
  }

  /** Puts tracks at the front of the listener's queue, in the given order. */
  playNext(tracks: readonly PlayerTrack[]): void {
    if (tracks.length === 0) return;
    const { entries, nextKey } = this.queueEntries(tracks);
    if (!this.state.current) {
      const [current, ...rest] = entries;
      this.set({ current: current!, queue: [...rest, ...this.state.queue], nextKey });
      return;
    }
    this.set({ queue: [...entries, ...this.state.queue], nextKey });
  }

  /** Appends tracks to the listener's queue. With nothing playing, the first one becomes current. */
  addToQueue(tracks: readonly PlayerTrack[]): void {
    if (tracks.length === 0) return;
    const { entries, nextKey } = this.queueEntries(tracks);
    if (!this.state.current) {
      const [current, ...rest] = entries;
      this.set({ current: current!, queue: [...this.state.queue, ...rest], nextKey });
      return;
    }
    this.set({ queue: [...this.state.queue, ...entries], nextKey });
  }

  /** The context entries still to come, in play order (without wrapping around for repeat all). */
  upcomingContext(): QueueEntry[] {
    const { order, contextPos, contextEntries } = this.state;
    return order.slice(contextPos + 1).map((i) => contextEntries[i]!);
  }

  /** Removes upcoming entries (from the listener's queue or the rest of the context). */
  remove(keys: readonly string[]): void {
    const drop = new Set(keys);
    const { order, contextPos, contextEntries, queue } = this.state;
    const keptOrder = [
      ...order.slice(0, contextPos + 1),
      ...order.slice(contextPos + 1).filter((i) => !drop.has(contextEntries[i]!.key)),
    ];
    this.set({ queue: queue.filter((entry) => !drop.has(entry.key)), order: keptOrder });
  }

  /** Empties the listener's queue ("Clear queue"); the context keeps playing. */
  clearQueue(): void {
    this.set({ queue: [] });
  }

  /**
   * Moves upcoming entries before or after another upcoming entry (drag and drop, or the keyboard equivalent).
   * Moving into the other section converts the entries: a context track dropped into the queue becomes a queue
   * entry, a queue entry dropped among the context becomes part of the context.
   */
  move(keys: readonly string[], targetKey: string, position: DropPosition): void {
    if (keys.includes(targetKey)) return;
    const moving = new Set(keys);
    const s = this.state;
    const upcoming = [...s.queue, ...this.upcomingContext()];
    const movers = upcoming.filter((entry) => moving.has(entry.key));
    if (movers.length === 0) return;
    const queue = s.queue.filter((entry) => !moving.has(entry.key));
    const head = s.order.slice(0, s.contextPos + 1);
    const tail = s.order.slice(s.contextPos + 1).filter((i) => !moving.has(s.contextEntries[i]!.key));
    const queueTarget = queue.findIndex((entry) => entry.key === targetKey);
    if (queueTarget >= 0) {
      const at = queueTarget + (position === 'after' ? 1 : 0);
      const asQueue = movers.map((entry): QueueEntry => ({ ...entry, source: 'queue' }));
      queue.splice(at, 0, ...asQueue);
      this.set({ queue, order: [...head, ...tail] });
      return;
    }
    const tailTarget = tail.findIndex((i) => s.contextEntries[i]!.key === targetKey);
    if (tailTarget < 0) return;
    const contextEntries = [...s.contextEntries];
    const indexes = movers.map((entry) => {
      const existing = contextEntries.findIndex((e) => e.key === entry.key);
      if (existing >= 0) return existing;
      contextEntries.push({ ...entry, source: 'context' });
      return contextEntries.length - 1;
    });
    tail.splice(tailTarget + (position === 'after' ? 1 : 0), 0, ...indexes);
    this.set({ queue, contextEntries, order: [...head, ...tail] });
  }

  /**
   * Moves upcoming context entries to the end of the listener's queue ("Move to queue" in the queue panel, which
   * works with an empty queue too, where a drop has no row to land on). They leave the context, so each plays once.
   */
  moveToQueue(keys: readonly string[]): void {
    const moving = new Set(keys);
    const s = this.state;
    const tail = s.order.slice(s.contextPos + 1);
    const movers = tail.filter((i) => moving.has(s.contextEntries[i]!.key));
    if (movers.length === 0) return;
    const asQueue = movers.map((i): QueueEntry => ({ ...s.contextEntries[i]!, source: 'queue' }));
    this.set({
      queue: [...s.queue, ...asQueue],
      order: [...s.order.slice(0, s.contextPos + 1), ...tail.filter((i) => !movers.includes(i))],
    });
  }

  /**
   * Shuffle keeps the playing track where it is and shuffles everything else of the context, each track once;
   * turning it off restores the list's own order, continuing from the same track.
   */
  setShuffle(on: boolean): void {
    const s = this.state;
    if (on === s.shuffle) return;
    const anchor = s.contextPos >= 0 ? s.order[s.contextPos]! : null;
    if (on) {
      const order = this.shuffledOrder(s.contextEntries.length, anchor);
      this.set({ shuffle: true, order, contextPos: anchor === null ? -1 : 0 });
    } else {
      // Entries removed from the upcoming part stay removed; those already played keep their places.
      const kept = new Set(s.order);
      const order = range(s.contextEntries.length).filter((i) => kept.has(i));
      this.set({ shuffle: false, order, contextPos: anchor === null ? -1 : order.indexOf(anchor) });
    }
  }

  setRepeat(mode: RepeatMode): void {
    if (mode !== this.state.repeat) this.set({ repeat: mode });
  }

  /** Off → all → one → off, the order of the repeat button. */
  cycleRepeat(): RepeatMode {
    const next: RepeatMode =
      this.state.repeat === 'off' ? 'all' : this.state.repeat === 'all' ? 'one' : 'off';
    this.setRepeat(next);
    return next;
  }

  /** What `next(reason)` would play, without moving: the playback controller prepares it ahead of time. */
  peek(reason: AdvanceReason): QueueEntry | null {
    return this.target(reason)?.entry ?? null;
  }

  private target(
    reason: AdvanceReason,
  ):
    | { entry: QueueEntry; from: 'same' | 'queue' }
    | { entry: QueueEntry; from: 'context'; pos: number }
    | null {
    const s = this.state;
    if (reason === 'auto' && s.repeat === 'one' && s.current) return { entry: s.current, from: 'same' };
    if (s.queue.length > 0) return { entry: s.queue[0]!, from: 'queue' };
    let pos = s.contextPos + 1;
    if (pos >= s.order.length) {
      if (s.repeat === 'off' || s.order.length === 0) return null;
      pos = 0;
    }
    return { entry: s.contextEntries[s.order[pos]!]!, from: 'context', pos };
  }

  /** Moves to the next entry: repeat one replays on `auto`, the queue comes before the context. Null at the end. */
  next(reason: AdvanceReason): QueueEntry | null {
    const target = this.target(reason);
    if (!target) return null;
    if (target.from === 'queue') this.set({ current: target.entry, queue: this.state.queue.slice(1) });
    else if (target.from === 'context') this.set({ current: target.entry, contextPos: target.pos });
    return target.entry;
  }

  /**
   * Previous: restarts the track once `positionMs` has reached 3 seconds; else goes back to the track before
   * (a queue entry goes back to the front of the queue). With nothing before, it restarts too.
   */
  previous(positionMs: number): { restart: true } | { restart: false; entry: QueueEntry } {
    const s = this.state;
    if (!s.current || positionMs >= PREVIOUS_RESTART_MS) return { restart: true };
    if (s.current.source === 'queue') {
      if (s.contextPos < 0) return { restart: true };
      const entry = s.contextEntries[s.order[s.contextPos]!]!;
      this.set({ current: entry, queue: [s.current, ...s.queue] });
      return { restart: false, entry };
    }
    let pos = s.contextPos - 1;
    if (pos < 0) {
      if (s.repeat !== 'all' || s.order.length < 2) return { restart: true };
      pos = s.order.length - 1;
    }
    const entry = s.contextEntries[s.order[pos]!]!;
    this.set({ current: entry, contextPos: pos });
    return { restart: false, entry };
  }

  /** Plays an upcoming entry now (a click in the queue panel); queue entries before it are skipped. */
  jumpTo(key: string): QueueEntry | null {
    const s = this.state;
    const queueIndex = s.queue.findIndex((entry) => entry.key === key);
    if (queueIndex >= 0) {
      const entry = s.queue[queueIndex]!;
      this.set({ current: entry, queue: s.queue.slice(queueIndex + 1) });
      return entry;
    }
    const pos = s.order.findIndex((i) => s.contextEntries[i]!.key === key);
    if (pos < 0) return null;
    const entry = s.contextEntries[s.order[pos]!]!;
    this.set({ current: entry, contextPos: pos });
    return entry;
  }

  /** Forgets everything (sign-out, say). */
  reset(): void {
    this.set({ ...EMPTY, nextKey: this.state.nextKey });
  }

  serialize(): SerializedQueue {
    const s = this.state;
    let current: SerializedQueue['current'] = null;
    if (s.current?.source === 'queue') current = { source: 'queue', track: s.current.track };
    else if (s.current) current = { source: 'context' };
    return {
      version: 1,
      context: s.context,
      contextTracks: s.contextEntries.map((entry) => entry.track),
      order: [...s.order],
      contextPos: s.contextPos,
      queue: s.queue.map((entry) => entry.track),
      current,
      shuffle: s.shuffle,
      repeat: s.repeat,
    };
  }

  /** Restores a serialized queue; answers false (and changes nothing) for a value that does not fit. */
  restore(value: unknown): boolean {
    if (!isSerializedQueue(value)) return false;
    const count = value.contextTracks.length;
    const { keys, nextKey: afterContext } = this.keys(count, 'c');
    const contextEntries: QueueEntry[] = value.contextTracks.map((track, i) => ({
      key: keys[i]!,
      track,
      source: 'context',
    }));
    this.state = { ...this.state, nextKey: afterContext };
    const { entries: queue, nextKey: afterQueue } = this.queueEntries(value.queue);
    this.state = { ...this.state, nextKey: afterQueue };
    let current: QueueEntry | null = null;
    if (value.current?.source === 'queue') {
      const [entry] = this.queueEntries([value.current.track]).entries;
      current = entry!;
    } else if (value.current?.source === 'context' && value.contextPos >= 0) {
      current = contextEntries[value.order[value.contextPos]!] ?? null;
    }
    this.set({
      context: value.context,
      contextEntries,
      order: value.order,
      contextPos: value.contextPos,
      queue,
      current,
      shuffle: value.shuffle,
      repeat: value.repeat,
      nextKey: afterQueue + 1,
    });
    return true;
  }
}

function isTrack(value: unknown): value is PlayerTrack {
  if (!value || typeof value !== 'object') return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.id === 'number' &&
    typeof t.name === 'string' &&
    typeof t.src === 'string' &&
    typeof t.durationMs === 'number' &&
    Array.isArray(t.artists)
  );
}

/** Guards what comes back from storage: an old or hand-edited value must not break the player. */
export function isSerializedQueue(value: unknown): value is SerializedQueue {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<SerializedQueue>;
  if (
    v.version !== 1 ||
    !Array.isArray(v.contextTracks) ||
    !Array.isArray(v.order) ||
    !Array.isArray(v.queue)
  )
    return false;
  if (!v.contextTracks.every(isTrack) || !v.queue.every(isTrack)) return false;
  const n = v.contextTracks.length;
  const seen = new Set<number>();
  for (const i of v.order) {
    if (!Number.isInteger(i) || i < 0 || i >= n || seen.has(i)) return false;
    seen.add(i);
  }
  if (typeof v.contextPos !== 'number' || v.contextPos < -1 || v.contextPos >= Math.max(v.order.length, 1))
    return false;
  if (v.current && v.current.source === 'queue' && !isTrack(v.current.track)) return false;
  return typeof v.shuffle === 'boolean' && (v.repeat === 'off' || v.repeat === 'all' || v.repeat === 'one');
}
