import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { HttpError } from '../../http/errors';

/** A comment line every 25 s keeps proxies from closing an idle stream (most time out after 30–60 s). */
export const HEARTBEAT_MS = 25_000;
/** Streams one user may hold: tabs open one each; beyond this the oldest is closed. */
export const MAX_STREAMS_PER_USER = 10;
/** Streams one process holds before answering 503 (clients then fall back to polling). */
export const MAX_STREAMS = 10_000;
/** How long a browser waits before reconnecting after the stream drops (`retry:` field). */
export const RECONNECT_MS = 5_000;

/** How many event streams a process and a user may hold. */
export interface LiveLimits {
  maxStreams: number;
  maxStreamsPerUser: number;
}

interface Stream {
  userId: number;
  body: PassThrough;
  close(): void;
}

/**
 * The open event streams of one app, by user. Everything is in this process's memory: one timer beats for all
 * streams, and an idle stream costs a socket and a few objects, no database connection. With several server
 * instances, each pushes to the streams it holds, and `pushUnreadCounts` tells the others through the instance
 * bus, so a count changed on one instance reaches a browser connected to another.
 */
export class LiveHub {
  constructor(
    private readonly limits: LiveLimits = {
      maxStreams: MAX_STREAMS,
      maxStreamsPerUser: MAX_STREAMS_PER_USER,
    },
  ) {}

  private readonly byUser = new Map<number, Set<Stream>>();
  private size = 0;
  private timer: NodeJS.Timeout | undefined;

  /** How many streams are open. */
  get count(): number {
    return this.size;
  }

  /** Turns `ctx` into an event stream for `userId`, opening with `initial` (the current unread count). */
  open(ctx: Context, userId: number, initial: number): void {
    if (this.size >= this.limits.maxStreams)
      throw new HttpError(503, 'Too many live connections. Please try again later.', undefined, {
        'Retry-After': '30',
      });
    const streams = this.byUser.get(userId) ?? new Set<Stream>();
    this.byUser.set(userId, streams);
    if (streams.size >= this.limits.maxStreamsPerUser) streams.values().next().value?.close();

    // An event stream never finishes: no socket timeout, no buffering by proxies, no caching.
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    const body = new PassThrough();
    let closed = false;
    const stream: Stream = {
      userId,
      body,
      close: () => {
        if (closed) return;
        closed = true;
        streams.delete(stream);
        if (!streams.size) this.byUser.delete(userId);
        this.size--;
        if (!this.size) this.stopBeat();
        body.end();
      },
    };
    streams.add(stream);
    this.size++;
    this.startBeat();
    ctx.req.once('close', stream.close);
    ctx.res.once('close', stream.close);
    body.write(`retry: ${RECONNECT_MS}\n${event('unread', { unreadCount: initial })}`);
    ctx.body = body;
  }

  /** Whether `userId` has a stream open here (so counting is worth it). */
  listening(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Sends `unreadCount` to every stream of `userId`. */
  pushUnread(userId: number, unreadCount: number): void {
    const streams = this.byUser.get(userId);
    if (!streams) return;
    const text = event('unread', { unreadCount });
    for (const stream of streams) stream.body.write(text);
  }

  /** Ends every stream: shutdown must not wait on connections that never finish by themselves. */
  closeAll(): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close();
    this.stopBeat();
  }

  private startBeat() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      for (const streams of this.byUser.values()) for (const stream of streams) stream.body.write(':\n\n');
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  private stopBeat() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
