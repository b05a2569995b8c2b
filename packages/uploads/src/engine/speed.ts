/** Smoothing of the speed estimate: the weight of the newest sample. */
const SMOOTHING = 0.3;
/** Samples closer together than this are merged, so bursts of progress events do not swing the speed. */
const MIN_SAMPLE_MS = 250;

/** Tracks the speed (bytes per second, smoothed) and ETA of one upload from its progress events. */
export class SpeedMeter {
  private lastTime: number;
  private lastBytes: number;
  speed = 0;

  constructor(now: number, bytes = 0) {
    this.lastTime = now;
    this.lastBytes = bytes;
  }

  /** Feeds the bytes uploaded so far at time `now` (ms); answers the current speed. */
  sample(bytes: number, now: number): number {
    const elapsed = now - this.lastTime;
    if (elapsed < MIN_SAMPLE_MS) return this.speed;
    const current = (Math.max(0, bytes - this.lastBytes) * 1000) / elapsed;
    this.speed = this.speed === 0 ? current : this.speed * (1 - SMOOTHING) + current * SMOOTHING;
    this.lastTime = now;
    this.lastBytes = bytes;
    return this.speed;
  }
}

/** Seconds left for `remaining` bytes at `speed` bytes per second, or null when the speed is unknown. */
export function etaSeconds(remaining: number, speed: number): number | null {
  if (remaining <= 0) return 0;
  if (!(speed > 0)) return null;
  return Math.ceil(remaining / speed);
}
