import { ListenTracker } from './play-report';
import type { QueueModel } from './queue';
import type { PlayerTrack, QueueEntry } from './types';

/** The longest crossfade the setting offers, in seconds (0 is off). */
export const MAX_CROSSFADE_SECONDS = 12;
/** How far ahead of "now" a track is started, so the audio thread is never asked to start in the past. */
const START_MARGIN_SECONDS = 0.05;
/** The controller's clock for moving on to the next track and updating the position. */
const TICK_MS = 100;
/** How often the published position changes while playing (the seek bar does not need more). */
const POSITION_PUBLISH_MS = 250;
/** Points of the equal-power curves; setValueCurveAtTime interpolates linearly between them. */
const CURVE_POINTS = 512;
/**
 * Tracks longer than this play through a media element instead of a decoded buffer: decoding costs 48 000 × 4 B ×
 * channels per second (an hour of stereo is 1.4 GB), which no browser tab can hold. The element streams with Range
 * requests and keeps only what it buffers.
 */
export const LONG_TRACK_MS = 15 * 60_000;
/** Retries after a network failure wait 1 s, 2 s, 4 s … up to this much (or the browser going back online). */
const MAX_RETRY_DELAY_MS = 15_000;

export type PlaybackStatus = 'idle' | 'loading' | 'playing' | 'paused';

export type PlaybackErrorKind = 'not-found' | 'forbidden' | 'decode' | 'network';

/** A track that could not be played; the UI shows a toast and the player has already moved on. */
export interface PlaybackError {
  kind: PlaybackErrorKind;
  track: PlayerTrack;
  status?: number;
}

export interface PlaybackSnapshot {
  status: PlaybackStatus;
  current: QueueEntry | null;
  positionMs: number;
  durationMs: number;
  /** The part of the current track that has arrived, 0 to 1 (the seek bar shows it as the buffered range). */
  buffered: number;
  /** 0 to 1. */
  volume: number;
  muted: boolean;
  /** 0 (off) or 1 to 12 seconds. */
  crossfadeSeconds: number;
  /** True while waiting for audio (loading the current track, or a network retry). */
  waiting: boolean;
}

export interface PlaybackOptions {
  /** The context to play through (tests pass their own); created on first use otherwise. */
  audioContext?: () => AudioContext;
  fetch?: typeof globalThis.fetch;
  /** An unplayable track (404, 403, undecodable): report it; the controller moves on by itself. */
  onError?(error: PlaybackError): void;
  /** Once per listen, after 30 s of playing or at the end of the track. */
  onPlayed?(track: PlayerTrack): void;
  /** Tracks longer than this (ms) stream through a media element (default LONG_TRACK_MS; tests pass less). */
  longTrackMs?: number;
}

class LoadError extends Error {
  constructor(
    readonly kind: PlaybackErrorKind,
    readonly status?: number,
  ) {
    super(kind);
  }
}

/** One decoded track (or the promise of it); only the playing one and the one prepared next are kept. */
interface Loaded {
  entry: QueueEntry;
  promise: Promise<AudioBuffer>;
  buffer: AudioBuffer | null;
  error: LoadError | null;
  progress: number;
  abort: AbortController;
}

/** A track scheduled on the audio graph: source → its own gain → master. */
interface Voice {
  loaded: Loaded;
  source: AudioBufferSourceNode;
  gain: GainNode;
  /** Offset in the buffer where the source starts, in seconds. */
  offset: number;
  /** Context time at which the source starts and ends. */
  startTime: number;
  endTime: number;
}

/**
 * A long track playing through an `<audio>` element routed into the graph (so volume and the master output apply).
 * It is not sample-scheduled: the next track starts when the element reports its end, so gapless and crossfade do
 * not apply across its boundaries.
 */
interface Stream {
  entry: QueueEntry;
  audio: HTMLAudioElement;
  node: MediaElementAudioSourceNode;
  /**
   * Set while the element lost the network and a retry waits: where the track resumes (a seek meanwhile moves it),
   * and the wait, cut short when the stream is stopped.
   */
  retry: { at: number; abort: AbortController } | null;
  /** Removes the element's listeners. */
  detach(): void;
}

function curve(kind: 'in' | 'out'): Float32Array {
  const points = new Float32Array(CURVE_POINTS);
  for (let i = 0; i < CURVE_POINTS; i++) {
    const x = i / (CURVE_POINTS - 1);
    // Equal power: in² + out² = 1 at every instant, so the loudness holds through the blend.
    points[i] = kind === 'in' ? Math.sin((x * Math.PI) / 2) : Math.cos((x * Math.PI) / 2);
  }
  return points;
}
const FADE_IN = curve('in');
const FADE_OUT = curve('out');

function sleepOrOnline(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * Plays the queue through the Web Audio API. Each track is fetched and decoded whole (the demo tracks are short;
 * see docs/benchmarks.md for the memory this costs), and the next one is prepared while the current one plays and
 * scheduled with `AudioBufferSourceNode.start(t)` at the exact context time the current one ends, so there is no gap
 * at all; with a crossfade it starts that much earlier under equal-power gain curves. Only the playing track and the
 * one prepared next are kept; what has played is released. Pausing suspends the context, which freezes its clock and
 * keeps every scheduled start in step.
 */
export class PlaybackController {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshot: PlaybackSnapshot;
  private current: Voice | null = null;
  /** Sources that are fading out after a crossfade: stopped on seek or jump. */
  private fading: Voice[] = [];
  private loading: Loaded | null = null;
  private prepared: Loaded | null = null;
  private scheduledNext: Voice | null = null;
  /** The long track playing through a media element, when it is one (then `current` is null). */
  private stream: Stream | null = null;
  private token = 0;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private lastTickTime = 0;
  private lastPublish = 0;
  private consecutiveErrors = 0;
  private pendingPosition = 0;
  private wantPlaying = false;
  private readonly listen: ListenTracker;
  private readonly unsubscribeQueue: () => void;
  private readonly fetcher: typeof globalThis.fetch;

  constructor(
    readonly queue: QueueModel,
    private readonly options: PlaybackOptions = {},
  ) {
    this.fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.listen = new ListenTracker((track) => options.onPlayed?.(track));
    this.snapshot = {
      status: 'idle',
      current: null,
      positionMs: 0,
      durationMs: 0,
      buffered: 0,
      volume: 1,
      muted: false,
      crossfadeSeconds: 0,
      waiting: false,
    };
    this.unsubscribeQueue = queue.subscribe(() => this.onQueueChange());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlaybackSnapshot => this.snapshot;

  private publish(patch: Partial<PlaybackSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  /** The master output (after volume): what reaches the speakers; tests tap it to record the samples. */
  get output(): GainNode {
    this.audio();
    return this.master!;
  }

  get audioContext(): AudioContext {
    return this.audio();
  }

  private audio(): AudioContext {
    if (!this.ctx) {
      this.ctx = this.options.audioContext?.() ?? new AudioContext({ latencyHint: 'playback' });
      this.master = this.ctx.createGain();
      this.master.connect(this.ctx.destination);
      this.applyVolume();
    }
    return this.ctx;
  }

  /** The position of the playing track in ms, read from the audio clock (smoother than the published one). */
  positionMs(): number {
    if (this.stream) return (this.stream.retry?.at ?? this.stream.audio.currentTime) * 1000;
    const voice = this.current;
    if (!voice || !this.ctx) return this.pendingPosition * 1000;
    const t = Math.min(Math.max(this.ctx.currentTime, voice.startTime), voice.endTime);
    return (voice.offset + (t - voice.startTime)) * 1000;
  }

  // ── transport ────────────────────────────────────────────────────────────────

  /** Plays a list from a context (see QueueModel.playList). */
  playList(...args: Parameters<QueueModel['playList']>): void {
    this.wantPlaying = true;
    this.queue.playList(...args);
    // Playing the same list again at the same track still restarts it.
    if (this.current && this.current.loaded.entry.key === this.queue.getSnapshot().current?.key) this.seek(0);
  }

  /** Loads the queue's current track paused at `positionMs` (a restored session). */
  restore(positionMs: number): void {
    const entry = this.queue.getSnapshot().current;
    this.wantPlaying = false;
    if (entry) this.start(entry, positionMs / 1000, false);
  }

  play(): void {
    const entry = this.queue.getSnapshot().current;
    if (!entry) return;
    this.wantPlaying = true;
    if (this.stream?.retry) {
      // The retry reopens the stream playing (it reads wantPlaying when it fires).
      this.publish({ status: 'loading' });
      return;
    }
    if (this.stream) {
      void this.audio().resume();
      if (this.stream.audio.ended) this.stream.audio.currentTime = 0;
      this.playStream(this.stream);
      this.startTicker();
      this.publish({ status: 'playing' });
      return;
    }
    if (!this.current && !this.loading) {
      this.start(entry, this.pendingPosition, true);
      return;
    }
    if (this.current && this.ctx && this.ctx.currentTime >= this.current.endTime - 1e-3) {
      // Played to the end of the list: play again from the top of the track.
      this.seek(0);
    }
    void this.audio().resume();
    this.startTicker();
    this.publish({ status: this.loading ? 'loading' : 'playing' });
  }

  pause(): void {
    this.wantPlaying = false;
    this.stream?.audio.pause();
    if (this.ctx && this.ctx.state === 'running') void this.ctx.suspend();
    this.tick();
    this.stopTicker();
    this.publish({ status: this.snapshot.current ? 'paused' : 'idle', positionMs: this.positionMs() });
  }

  toggle(): void {
    if (this.wantPlaying) this.pause();
    else this.play();
  }

  /** Skips to the next track (a skip ignores repeat one). */
  next(): void {
    const entry = this.queue.next('manual');
    if (!entry) this.pause();
  }

  /** Restarts after 3 seconds of play, else goes to the previous track. */
  previous(): void {
    // Before the track has loaded, the position is where it will start.
    const result = this.queue.previous(this.positionMs());
    if (result.restart) this.seek(0);
  }

  /** Plays an upcoming entry of the queue panel now. */
  jumpTo(key: string): void {
    this.wantPlaying = true;
    this.queue.jumpTo(key);
  }

  seek(positionMs: number): void {
    if (this.stream) {
      const { audio, retry } = this.stream;
      const end = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY;
      const offset = Math.min(Math.max(0, positionMs / 1000), end);
      if (retry) retry.at = offset;
      else audio.currentTime = offset;
      if (offset === 0) this.listen.start(this.stream.entry.track);
      this.publish({ positionMs: offset * 1000 });
      return;
    }
    const voice = this.current;
    if (!voice) {
      this.pendingPosition = Math.max(0, positionMs / 1000);
      this.publish({ positionMs: Math.max(0, positionMs) });
      return;
    }
    const buffer = voice.loaded.buffer!;
    const offset = Math.min(Math.max(0, positionMs / 1000), buffer.duration);
    this.cancelScheduledNext();
    this.stopFading();
    this.stopVoice(voice);
    this.current = this.schedule(voice.loaded, this.alignedNow(), offset, null);
    if (offset === 0) this.listen.start(voice.loaded.entry.track);
    this.publish({ positionMs: offset * 1000 });
    this.scheduleNextIfReady();
  }

  setVolume(volume: number): void {
    const clamped = Math.min(1, Math.max(0, volume));
    this.publish({ volume: clamped, muted: clamped === 0 ? this.snapshot.muted : false });
    this.applyVolume();
  }

  setMuted(muted: boolean): void {
    this.publish({ muted });
    this.applyVolume();
  }

  /** 0 turns crossfade off; otherwise 1 to 12 seconds. */
  setCrossfade(seconds: number): void {
    const value = seconds <= 0 ? 0 : Math.min(MAX_CROSSFADE_SECONDS, Math.max(1, Math.round(seconds)));
    if (value === this.snapshot.crossfadeSeconds) return;
    this.publish({ crossfadeSeconds: value });
    this.cancelScheduledNext();
    this.scheduleNextIfReady();
  }

  private applyVolume(): void {
    if (!this.master || !this.ctx) return;
    const { volume, muted } = this.snapshot;
    // A squared volume follows loudness more closely than a linear gain does.
    this.master.gain.setValueAtTime(muted ? 0 : volume * volume, this.ctx.currentTime);
  }

  /** Stops everything and closes the audio context. */
  destroy(): void {
    this.unsubscribeQueue();
    this.token++;
    this.stopTicker();
    this.cancelScheduledNext();
    this.stopFading();
    if (this.current) this.stopVoice(this.current);
    this.current = null;
    this.stopStream();
    this.loading?.abort.abort();
    this.prepared?.abort.abort();
    this.loading = null;
    this.prepared = null;
    if (this.ctx && !this.options.audioContext) void this.ctx.close();
    this.listeners.clear();
  }

  // ── following the queue ─────────────────────────────────────────────────────

  private onQueueChange(): void {
    const entry = this.queue.getSnapshot().current;
    const playingKey =
      this.loading?.entry.key ?? this.current?.loaded.entry.key ?? this.stream?.entry.key ?? null;
    if (entry?.key !== playingKey) {
      if (entry) this.start(entry, 0, this.wantPlaying);
      else this.stopAll();
      return;
    }
    // The queue changed behind the playing track (play next, reorder, shuffle…): is the prepared track still next?
    const next = this.queue.peek('auto');
    if (this.prepared && this.prepared.entry.key !== next?.key) {
      this.cancelScheduledNext();
      this.release(this.prepared);
      this.prepared = null;
    }
    this.prepareNext();
  }

  private stopAll(): void {
    this.token++;
    this.cancelScheduledNext();
    this.stopFading();
    if (this.current) this.stopVoice(this.current);
    this.current = null;
    this.stopStream();
    this.listen.stop();
    this.stopTicker();
    this.publish({
      status: 'idle',
      current: null,
      positionMs: 0,
      durationMs: 0,
      buffered: 0,
      waiting: false,
    });
  }

  // ── loading ─────────────────────────────────────────────────────────────────

  private load(entry: QueueEntry): Loaded {
    for (const candidate of [this.prepared, this.loading, this.current?.loaded]) {
      // The same file (repeat one, a track queued twice) is decoded once; a network failure is asked again.
      if (candidate && candidate.entry.track.src === entry.track.src && candidate.error?.kind !== 'network') {
        if (candidate.entry.key === entry.key) return candidate;
        const copy: Loaded = { ...candidate, entry };
        copy.promise.then(
          (buffer) => {
            copy.buffer = buffer;
            copy.progress = 1;
          },
          (error: unknown) => {
            copy.error = error as LoadError;
          },
        );
        return copy;
      }
    }
    const abort = new AbortController();
    const loaded: Loaded = {
      entry,
      promise: Promise.resolve(null as never),
      buffer: null,
      error: null,
      progress: 0,
      abort,
    };
    loaded.promise = this.fetchAndDecode(loaded).then(
      (buffer) => {
        loaded.buffer = buffer;
        loaded.progress = 1;
        return buffer;
      },
      (error: unknown) => {
        loaded.error = error instanceof LoadError ? error : new LoadError('decode');
        throw loaded.error;
      },
    );
    // A prepared track may never be awaited (the listener skips elsewhere); its failure is not unhandled.
    loaded.promise.catch(() => {});
    return loaded;
  }

  private async fetchAndDecode(loaded: Loaded): Promise<AudioBuffer> {
    const ctx = this.audio();
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetcher(loaded.entry.track.src, {
          credentials: 'include',
          signal: loaded.abort.signal,
        });
      } catch (error) {
        if (loaded.abort.signal.aborted) throw error;
        // A lost network: wait, then ask again; playback resumes where it stopped.
        if (loaded === this.loading) this.publish({ waiting: true });
        await sleepOrOnline(Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** attempt), loaded.abort.signal);
        if (loaded.abort.signal.aborted) throw error;
        continue;
      }
      if (response.status === 404 || response.status === 410)
        throw new LoadError('not-found', response.status);
      if (response.status === 401 || response.status === 403)
        throw new LoadError('forbidden', response.status);
      if (!response.ok) throw new LoadError('network', response.status);
      const bytes = await this.readWithProgress(response, loaded);
      try {
        return await ctx.decodeAudioData(bytes);
      } catch {
        throw new LoadError('decode');
      }
    }
  }

  private async readWithProgress(response: Response, loaded: Loaded): Promise<ArrayBuffer> {
    const total = Number(response.headers.get('content-length')) || 0;
    if (!response.body || !total) return response.arrayBuffer();
    const out = new Uint8Array(total);
    let received = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (received + value.length > out.length) return response.arrayBuffer(); // a lying Content-Length
      out.set(value, received);
      received += value.length;
      loaded.progress = received / total;
      if (loaded === this.loading) this.publish({ buffered: loaded.progress });
    }
    return out.buffer.slice(0, received);
  }

  private release(loaded: Loaded): void {
    const inUse = [this.current?.loaded, this.loading, this.prepared].some(
      (other) => other && other !== loaded && other.promise === loaded.promise,
    );
    if (!inUse) loaded.abort.abort();
  }

  /** Starts an entry from `offset` seconds: the queue moved to it (play, skip, jump, a restored session). */
  private start(entry: QueueEntry, offset: number, autoplay: boolean): void {
    if (this.isLong(entry)) {
      this.startStream(entry, offset, autoplay);
      return;
    }
    const token = ++this.token;
    this.wantPlaying = autoplay;
    this.stopStream();
    const loaded = this.load(entry);
    this.cancelScheduledNext();
    this.stopFading();
    if (this.current) this.stopVoice(this.current);
    const old = this.current?.loaded;
    this.current = null;
    if (this.prepared && this.prepared.promise !== loaded.promise) this.release(this.prepared);
    this.prepared = null;
    if (old && old.promise !== loaded.promise) this.release(old);
    this.loading = loaded;
    this.pendingPosition = offset;
    this.listen.stop();
    this.publish({
      status: autoplay ? 'loading' : 'paused',
      current: entry,
      positionMs: offset * 1000,
      durationMs: entry.track.durationMs,
      buffered: loaded.progress,
      waiting: true,
    });
    const ctx = this.audio();
    if (autoplay) void ctx.resume();
    else if (ctx.state === 'running') void ctx.suspend();
    loaded.promise.then(
      (buffer) => {
        if (token !== this.token) return;
        this.loading = null;
        this.consecutiveErrors = 0;
        const at = Math.min(this.pendingPosition, buffer.duration);
        this.current = this.schedule(loaded, this.alignedNow(), at, null);
        this.listen.start(entry.track);
        this.publish({
          status: this.wantPlaying ? 'playing' : 'paused',
          durationMs: buffer.duration * 1000,
          buffered: 1,
          waiting: false,
          positionMs: at * 1000,
        });
        if (this.wantPlaying) {
          void ctx.resume();
          this.startTicker();
        }
        this.prepareNext();
      },
      (error: unknown) => {
        if (token !== this.token) return;
        this.loading = null;
        this.fail(entry, error instanceof LoadError ? error : new LoadError('decode'));
      },
    );
  }

  /** Reports an unplayable track and moves on, unless everything in reach has failed in a row. */
  private fail(entry: QueueEntry, error: LoadError): void {
    this.options.onError?.({ kind: error.kind, track: entry.track, status: error.status });
    this.consecutiveErrors++;
    const snapshot = this.queue.getSnapshot();
    const reachable = snapshot.queue.length + snapshot.contextEntries.length;
    if (this.consecutiveErrors > reachable || this.consecutiveErrors >= 10) {
      this.wantPlaying = false;
      this.publish({ status: 'paused', waiting: false });
      return;
    }
    const next = this.queue.next('manual');
    if (!next) this.publish({ status: 'paused', waiting: false });
  }

  /** Prepares the track that plays after the current one (one ahead, never more). */
  private prepareNext(): void {
    if (!this.current || this.prepared) return;
    const next = this.queue.peek('auto');
    // A long track is not prepared: its element starts streaming when the player reaches it.
    if (!next || this.isLong(next)) return;
    const loaded = this.load(next);
    this.prepared = loaded;
    loaded.promise.then(
      () => {
        if (this.prepared === loaded) this.scheduleNextIfReady();
      },
      () => {
        // Reported when the player reaches it (the current track is still playing now).
      },
    );
  }

  // ── long tracks: a media element ────────────────────────────────────────────

  private isLong(entry: QueueEntry): boolean {
    return entry.track.durationMs > (this.options.longTrackMs ?? LONG_TRACK_MS);
  }

  /** Plays a long track through an `<audio>` element from `offset` seconds (see `Stream`). */
  private startStream(entry: QueueEntry, offset: number, autoplay: boolean, attempt = 0): void {
    const token = ++this.token;
    this.wantPlaying = autoplay;
    this.cancelScheduledNext();
    this.stopFading();
    if (this.current) {
      this.stopVoice(this.current);
      this.release(this.current.loaded);
    }
    this.current = null;
    this.loading?.abort.abort();
    this.loading = null;
    if (this.prepared) this.release(this.prepared);
    this.prepared = null;
    this.stopStream();
    // A stream reopened after a lost network goes on with the same listen: one play report, not two.
    const resumed = attempt > 0;
    if (!resumed) this.listen.stop();
    const ctx = this.audio();
    const audio = new Audio();
    audio.preload = 'auto';
    // The stream URL may sit on another origin (a CDN): without CORS the graph would only hear silence.
    audio.crossOrigin = 'use-credentials';
    const node = ctx.createMediaElementSource(audio);
    node.connect(this.master!);
    const publishBuffered = () => {
      const { buffered, duration } = audio;
      if (!buffered.length || !Number.isFinite(duration) || duration <= 0) return;
      this.publish({ buffered: Math.min(1, buffered.end(buffered.length - 1) / duration) });
    };
    const onLoaded = () => {
      if (token !== this.token) return;
      if (offset > 0) audio.currentTime = Math.min(offset, audio.duration || offset);
      this.consecutiveErrors = 0;
      if (!resumed) this.listen.start(entry.track);
      this.publish({
        status: this.wantPlaying ? 'playing' : 'paused',
        durationMs: Number.isFinite(audio.duration) ? audio.duration * 1000 : entry.track.durationMs,
        waiting: false,
        positionMs: offset * 1000,
      });
      if (this.wantPlaying) {
        void ctx.resume();
        this.playStream(stream);
        this.startTicker();
      }
    };
    const onWaiting = () => this.publish({ waiting: true });
    const onPlaying = () => this.publish({ waiting: false });
    const onEnded = () => {
      if (token !== this.token) return;
      this.listen.ended();
      const next = this.queue.next('auto');
      if (!next) {
        this.wantPlaying = false;
        this.stopTicker();
        this.publish({ status: 'paused', positionMs: this.positionMs() });
      } else if (next.key === entry.key) {
        // Repeat one: the same element plays again from the top.
        audio.currentTime = 0;
        this.listen.start(entry.track);
        this.playStream(stream);
      }
    };
    const onError = () => {
      if (token !== this.token) return;
      if (audio.error?.code === MediaError.MEDIA_ERR_NETWORK) {
        // The network went away mid-stream (Chromium has already retried on its own): as with a short track, wait
        // 1 s, 2 s, 4 s … (or until the browser is back online), then open the stream again where it stopped. A
        // long track is an hour-long mix or podcast; skipping it on a tunnel's worth of lost signal would lose it.
        const retry = { at: audio.currentTime || offset, abort: new AbortController() };
        stream.retry = retry;
        audio.pause();
        this.publish({ waiting: true, positionMs: retry.at * 1000 });
        void sleepOrOnline(Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** attempt), retry.abort.signal).then(() => {
          if (token !== this.token || this.stream !== stream || retry.abort.signal.aborted) return;
          this.startStream(entry, retry.at, this.wantPlaying, attempt + 1);
        });
        return;
      }
      this.stopStream();
      // The element does not tell a 404 from a file it cannot read; both mean this track cannot be played.
      this.fail(entry, new LoadError('decode'));
    };
    audio.addEventListener('loadedmetadata', onLoaded, { once: true });
    audio.addEventListener('progress', publishBuffered);
    audio.addEventListener('waiting', onWaiting);
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    const stream: Stream = {
      entry,
      audio,
      node,
      retry: null,
      detach() {
        audio.removeEventListener('loadedmetadata', onLoaded);
        audio.removeEventListener('progress', publishBuffered);
        audio.removeEventListener('waiting', onWaiting);
        audio.removeEventListener('playing', onPlaying);
        audio.removeEventListener('ended', onEnded);
        audio.removeEventListener('error', onError);
      },
    };
    this.stream = stream;
    this.pendingPosition = offset;
    this.publish({
      status: autoplay ? 'loading' : 'paused',
      current: entry,
      positionMs: offset * 1000,
      durationMs: entry.track.durationMs,
      buffered: 0,
      waiting: true,
    });
    if (autoplay) void ctx.resume();
    audio.src = entry.track.src;
  }

  private playStream(stream: Stream): void {
    stream.audio.play().catch(() => {
      // Refused (no gesture yet) or replaced by a newer load: the status shows paused once the listener acts.
    });
  }

  /** Stops the media element and lets it go: its source is emptied so the browser drops what it buffered. */
  private stopStream(): void {
    const stream = this.stream;
    if (!stream) return;
    this.stream = null;
    stream.retry?.abort.abort();
    stream.detach();
    stream.audio.pause();
    stream.node.disconnect();
    stream.audio.removeAttribute('src');
    stream.audio.load();
  }

  // ── scheduling ──────────────────────────────────────────────────────────────

  /** "Now" rounded up to a whole sample frame, so sample-exact arithmetic on start times stays exact. */
  private alignedNow(): number {
    const ctx = this.audio();
    return Math.ceil((ctx.currentTime + START_MARGIN_SECONDS) * ctx.sampleRate) / ctx.sampleRate;
  }

  private schedule(loaded: Loaded, when: number, offset: number, fadeIn: number | null): Voice {
    const ctx = this.audio();
    const buffer = loaded.buffer!;
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const gain = ctx.createGain();
    source.connect(gain).connect(this.master!);
    if (fadeIn) {
      gain.gain.setValueAtTime(0, 0);
      gain.gain.setValueCurveAtTime(FADE_IN, when, fadeIn);
    }
    source.start(when, offset);
    // The end in whole frames of the buffer, so the next start lands on the frame after the last one.
    const frames = buffer.length - Math.round(offset * buffer.sampleRate);
    const voice: Voice = {
      loaded,
      source,
      gain,
      offset,
      startTime: when,
      endTime: when + frames / ctx.sampleRate,
    };
    source.onended = () => this.tick();
    return voice;
  }

  private scheduleNextIfReady(): void {
    const current = this.current;
    const prepared = this.prepared;
    if (!current || !prepared?.buffer || this.scheduledNext) return;
    const ctx = this.audio();
    const nextDuration = prepared.buffer.duration;
    const remaining = current.endTime - Math.max(ctx.currentTime, current.startTime);
    // A crossfade never takes more than half of either track.
    let fade = Math.min(
      this.snapshot.crossfadeSeconds,
      nextDuration / 2,
      (current.endTime - current.startTime) / 2,
    );
    const earliest = ctx.currentTime + START_MARGIN_SECONDS;
    // The next track arrived late: a shorter crossfade (or none) rather than a gap.
    if (current.endTime - fade < earliest) fade = Math.max(0, current.endTime - earliest);
    let when = current.endTime - fade;
    if (remaining <= START_MARGIN_SECONDS) when = this.alignedNow();
    if (fade > 0 && when < current.endTime) {
      current.gain.gain.cancelScheduledValues(0);
      current.gain.gain.setValueAtTime(1, 0);
      current.gain.gain.setValueCurveAtTime(FADE_OUT, when, current.endTime - when);
    }
    this.scheduledNext = this.schedule(prepared, when, 0, fade > 0 ? current.endTime - when : null);
  }

  private cancelScheduledNext(): void {
    const next = this.scheduledNext;
    if (!next) return;
    this.scheduledNext = null;
    this.stopVoice(next);
    const current = this.current;
    if (current) {
      current.gain.gain.cancelScheduledValues(0);
      current.gain.gain.setValueAtTime(1, 0);
    }
  }

  private stopVoice(voice: Voice): void {
    voice.source.onended = null;
    try {
      voice.source.stop();
    } catch {
      // Never started: nothing to stop.
    }
    voice.source.disconnect();
    voice.gain.disconnect();
  }

  private stopFading(): void {
    for (const voice of this.fading) this.stopVoice(voice);
    this.fading = [];
  }

  // ── the clock ───────────────────────────────────────────────────────────────

  private startTicker(): void {
    if (this.ticker) return;
    this.lastTickTime = this.ctx?.currentTime ?? 0;
    this.ticker = setInterval(() => this.tick(), TICK_MS);
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Moves on when the scheduled next track has begun, counts listening time, publishes the position. */
  private tick(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const now = ctx.currentTime;
    const delta = Math.max(0, now - this.lastTickTime);
    this.lastTickTime = now;
    if (this.current && now > this.current.startTime) this.listen.progress(delta * 1000);
    if (this.stream && !this.stream.audio.paused) this.listen.progress(delta * 1000);
    for (const voice of this.fading) {
      if (now >= voice.endTime) this.stopVoice(voice);
    }
    this.fading = this.fading.filter((voice) => now < voice.endTime);

    const current = this.current;
    if (current && this.scheduledNext && now >= this.scheduledNext.startTime) {
      this.advance();
    } else if (current && now >= current.endTime && !this.loading) {
      if (this.prepared && !this.prepared.buffer && !this.prepared.error) {
        this.publish({ waiting: true }); // The next track is still on its way: it starts when it arrives.
      } else if (this.prepared?.buffer) {
        this.scheduleNextIfReady();
      } else {
        this.listen.ended();
        const next = this.queue.next('auto');
        if (!next) {
          this.wantPlaying = false;
          this.stopTicker();
          this.publish({ status: 'paused', positionMs: this.positionMs() });
          return;
        }
        if (next.key === current.loaded.entry.key) this.seek(0);
      }
    }
    // Paused, the position does not move: publish only a change, so listeners (persistence) can settle.
    const position = this.positionMs();
    if (
      position !== this.snapshot.positionMs &&
      performance.now() - this.lastPublish >= POSITION_PUBLISH_MS
    ) {
      this.lastPublish = performance.now();
      this.publish({ positionMs: position });
    }
  }

  /** The prepared track has started: it becomes current, the old one fades out or has ended and is released. */
  private advance(): void {
    const old = this.current!;
    const next = this.scheduledNext!;
    this.scheduledNext = null;
    this.listen.ended();
    const ctx = this.audio();
    if (ctx.currentTime < old.endTime) this.fading.push(old);
    else this.stopVoice(old);
    this.current = next;
    this.prepared = null;
    if (old.loaded.promise !== next.loaded.promise) old.loaded.abort.abort();
    // The queue moves with the audio; onQueueChange sees the same key and only prepares the one after.
    const entry = this.queue.next('auto');
    if (entry && entry.key !== next.loaded.entry.key) {
      // The queue changed in the same instant: follow it.
      this.start(entry, 0, true);
      return;
    }
    this.listen.start(next.loaded.entry.track);
    this.publish({
      current: next.loaded.entry,
      durationMs: next.loaded.buffer!.duration * 1000,
      buffered: 1,
      positionMs: this.positionMs(),
      waiting: false,
    });
    this.prepareNext();
  }
}
