/**
 * The live unread count, without React: one Server-Sent Events connection per tab (shared by every caller in
 * the tab), reconnecting on its own, and polling when event streams are unavailable or keep failing.
 */

/** What the live count needs from its surroundings; tests and other frameworks pass their own. */
export interface LiveUnreadCountOptions {
  /** The event stream's URL (`/api/v1/notifications/stream`). */
  url: string;
  /** Answers the current count, for polling (`GET bootstrap-data`, say). */
  poll: () => Promise<number | undefined>;
  /** How often to poll when streaming is not possible (30 s). */
  pollMs?: number;
  /** How many stream failures in a row, without a single event between, before falling back to polling (3). */
  maxFailures?: number;
  /** The EventSource constructor; `globalThis.EventSource` by default (absent: poll). */
  EventSource?: typeof EventSource;
}

type Listener = (count: number) => void;

/** A shared connection: started by the first subscriber, closed after the last leaves. */
export interface LiveUnreadCount {
  subscribe(listener: Listener): () => void;
  /** `stream`, `polling` or `idle` (nobody listening). */
  readonly mode: 'stream' | 'polling' | 'idle';
}

/** Polls every 30 s when streaming is not possible. */
export const POLL_MS = 30_000;

/** Creates a live count; share one per tab (see `sharedLiveUnreadCount`). */
export function createLiveUnreadCount(options: LiveUnreadCountOptions): LiveUnreadCount {
  const listeners = new Set<Listener>();
  const Source = options.EventSource ?? (globalThis as { EventSource?: typeof EventSource }).EventSource;
  const maxFailures = options.maxFailures ?? 3;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let failures = 0;
  let mode: LiveUnreadCount['mode'] = 'idle';

  const emit = (count: number) => {
    for (const listener of [...listeners]) listener(count);
  };
  const startPolling = () => {
    mode = 'polling';
    timer = setInterval(() => {
      options.poll().then(
        (count) => count !== undefined && emit(count),
        () => {},
      );
    }, options.pollMs ?? POLL_MS);
  };
  const start = () => {
    if (!Source) return startPolling();
    mode = 'stream';
    source = new Source(options.url, { withCredentials: true });
    source.addEventListener('unread', (event) => {
      failures = 0;
      const { unreadCount } = JSON.parse((event as MessageEvent<string>).data) as { unreadCount: number };
      emit(unreadCount);
    });
    // The browser reconnects by itself after a dropped stream (the server sets `retry:`); a stream that keeps
    // failing without a single event (a proxy that buffers, a 401 or 503) is given up for polling.
    source.onerror = () => {
      failures++;
      if (source?.readyState === 2 || failures >= maxFailures) {
        source?.close();
        source = undefined;
        if (listeners.size) startPolling();
      }
    };
  };
  const stop = () => {
    source?.close();
    source = undefined;
    clearInterval(timer);
    timer = undefined;
    failures = 0;
    mode = 'idle';
  };

  return {
    get mode() {
      return mode;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (!listeners.size) stop();
      };
    },
  };
}

const shared = new Map<string, LiveUnreadCount>();

/** The tab's one live count for `options.url`: every bell and badge in the tab shares one connection. */
export function sharedLiveUnreadCount(options: LiveUnreadCountOptions): LiveUnreadCount {
  let live = shared.get(options.url);
  if (!live) {
    live = createLiveUnreadCount(options);
    shared.set(options.url, live);
  }
  return live;
}
