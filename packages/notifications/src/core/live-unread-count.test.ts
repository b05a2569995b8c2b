import { describe, expect, it } from 'vitest';
import { createLiveUnreadCount, sharedLiveUnreadCount } from './live-unread-count';

/**
 * A stand-in for the browser's EventSource (Node 20 has none), passed through the option the module offers for
 * it: it records each connection and lets the test play the server's events and the network's failures.
 */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** The server sends `event: unread` with the count. */
  unread(count: number) {
    for (const listener of this.listeners.get('unread') ?? [])
      listener({ data: JSON.stringify({ unreadCount: count }) });
  }
  /** The stream drops; `closed` as the browser does for a 401, 503 or wrong content type (no retry). */
  fail({ closed = false } = {}) {
    if (closed) this.readyState = 2;
    else this.readyState = 0;
    this.onerror?.();
  }
}

const Source = FakeEventSource as unknown as typeof EventSource;
let urls = 0;
/** A fresh URL each time: `sharedLiveUnreadCount` keeps one live count per URL for the whole module. */
const url = () => `/api/v1/notifications/stream?test=${++urls}`;
const lastSource = () => FakeEventSource.opened.at(-1)!;

describe('the live unread count', () => {
  it('opens one stream for every subscriber of the tab, with credentials, and closes it after the last', () => {
    const before = FakeEventSource.opened.length;
    const options = { url: url(), poll: async () => 0, EventSource: Source };
    const first: number[] = [];
    const second: number[] = [];
    const stopFirst = sharedLiveUnreadCount(options).subscribe((count) => first.push(count));
    const stopSecond = sharedLiveUnreadCount(options).subscribe((count) => second.push(count));
    expect(FakeEventSource.opened.length - before).toBe(1);
    const source = lastSource();
    expect(source.url).toBe(options.url);
    expect(source.init).toEqual({ withCredentials: true });
    expect(sharedLiveUnreadCount(options).mode).toBe('stream');

    source.unread(3);
    expect(first).toEqual([3]);
    expect(second).toEqual([3]);

    stopFirst();
    expect(source.closed).toBe(false);
    source.unread(0);
    expect(first).toEqual([3]);
    expect(second).toEqual([3, 0]);
    stopSecond();
    expect(source.closed).toBe(true);
    expect(sharedLiveUnreadCount(options).mode).toBe('idle');
  });

  it('leaves reconnecting to the browser: failures with events between them never give the stream up', () => {
    const live = createLiveUnreadCount({
      url: url(),
      poll: async () => 0,
      EventSource: Source,
      maxFailures: 3,
    });
    const counts: number[] = [];
    const stop = live.subscribe((count) => counts.push(count));
    const source = lastSource();
    for (let round = 1; round <= 5; round++) {
      source.fail();
      source.fail();
      // The browser reconnected: the server's first event on the new stream counts as a success.
      source.unread(round);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(live.mode).toBe('stream');
    expect(source.closed).toBe(false);
    stop();
  });

  it('falls back to polling after failures in a row without an event, and delivers what polling finds', async () => {
    let answer = 4;
    const live = createLiveUnreadCount({
      url: url(),
      poll: async () => answer,
      pollMs: 5,
      EventSource: Source,
      maxFailures: 3,
    });
    const counts: number[] = [];
    const stop = live.subscribe((count) => counts.push(count));
    const source = lastSource();
    source.fail();
    source.fail();
    expect(live.mode).toBe('stream');
    source.fail();
    expect(source.closed).toBe(true);
    expect(live.mode).toBe('polling');
    await expect.poll(() => counts.at(-1)).toBe(4);
    answer = 0;
    await expect.poll(() => counts.at(-1)).toBe(0);
    stop();
    expect(live.mode).toBe('idle');
  });

  it('polls at once when the browser closes the stream for good (a 401 or 503 answer)', async () => {
    const live = createLiveUnreadCount({ url: url(), poll: async () => 2, pollMs: 5, EventSource: Source });
    const counts: number[] = [];
    const stop = live.subscribe((count) => counts.push(count));
    lastSource().fail({ closed: true });
    expect(live.mode).toBe('polling');
    await expect.poll(() => counts.at(-1)).toBe(2);
    stop();
  });

  it('polls where there is no EventSource, and a failed poll is skipped, not fatal', async () => {
    const before = FakeEventSource.opened.length;
    let calls = 0;
    const live = createLiveUnreadCount({
      url: url(),
      poll: async () => {
        calls++;
        if (calls === 1) throw new Error('offline');
        return calls === 2 ? undefined : 7;
      },
      pollMs: 5,
      // What a browser without EventSource (or a test runtime) has.
      EventSource: undefined,
    });
    // Node 20 has no global EventSource either, so leaving the option out means none.
    expect((globalThis as { EventSource?: unknown }).EventSource).toBeUndefined();
    const counts: number[] = [];
    const stop = live.subscribe((count) => counts.push(count));
    expect(live.mode).toBe('polling');
    await expect.poll(() => counts.at(-1)).toBe(7);
    // The failed poll and the one without an answer emitted nothing.
    expect(counts.every((count) => count === 7)).toBe(true);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(FakeEventSource.opened.length).toBe(before);
    stop();
  });
});
