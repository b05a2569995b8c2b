import type { PlayerTrack } from './types';

/** A listen counts as a play after this much playing time (not position: seeking does not count), or at its end. */
export const PLAY_REPORT_AFTER_MS = 30_000;

/**
 * Reports each listen once: when 30 seconds have really been played, or when the track ends, whichever comes first.
 * A new listen starts whenever a track starts from the top (a new track, repeat one, a restart by "previous").
 */
export class ListenTracker {
  private track: PlayerTrack | null = null;
  private listenedMs = 0;
  private reported = false;

  constructor(private readonly report: (track: PlayerTrack) => void) {}

  /** A new listen of `track` begins. */
  start(track: PlayerTrack): void {
    this.track = track;
    this.listenedMs = 0;
    this.reported = false;
  }

  /** `ms` more of the track was heard. */
  progress(ms: number): void {
    if (!this.track || this.reported || !(ms > 0)) return;
    this.listenedMs += ms;
    if (this.listenedMs >= PLAY_REPORT_AFTER_MS) this.fire();
  }

  /** The track played to its end. */
  ended(): void {
    if (this.track && !this.reported) this.fire();
  }

  /** The listen was abandoned (skip, stop) without reaching a report. */
  stop(): void {
    this.track = null;
  }

  get listened(): number {
    return this.listenedMs;
  }

  private fire(): void {
    this.reported = true;
    if (this.track) this.report(this.track);
  }
}
