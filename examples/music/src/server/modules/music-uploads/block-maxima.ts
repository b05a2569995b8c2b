/**
 * Waveform peaks, shared by the upload reader (decoded MP3 and WAV, chunk by chunk) and the demo library's
 * generator (the samples it encodes), so a seeded track and an uploaded one draw the same way in the seek bar.
 * No imports: the generator's worker threads load it without the decoder.
 */

/** Frames folded into one block maximum while decoding; the blocks are folded again into the final peaks. */
const BLOCK_FRAMES = 1024;

/**
 * Block maxima of a decoded stream, kept as a growing Float32Array: a 200 MB file at 44.1 kHz has a few hundred
 * thousand blocks (about a megabyte), whatever its size in samples, so memory stays flat while decoding.
 */
export class BlockMaxima {
  private blocks = new Float32Array(4096);
  private count = 0;
  private current = 0;
  private inBlock = 0;
  frames = 0;

  /** Adds decoded frames (one Float32Array per channel, values in -1…1). */
  push(channels: Float32Array[], frames: number) {
    for (let i = 0; i < frames; i++) {
      let value = 0;
      for (const channel of channels) {
        const sample = Math.abs(channel[i] ?? 0);
        if (sample > value) value = sample;
      }
      if (value > this.current) this.current = value;
      if (++this.inBlock === BLOCK_FRAMES) this.flush();
    }
    this.frames += frames;
  }

  private flush() {
    if (this.count === this.blocks.length) {
      const grown = new Float32Array(this.blocks.length * 2);
      grown.set(this.blocks);
      this.blocks = grown;
    }
    this.blocks[this.count++] = this.current;
    this.current = 0;
    this.inBlock = 0;
  }

  /** `bars` peaks in 0…1 (each the loudest block of its share of the track), rounded to three decimals. */
  peaks(bars: number): number[] {
    if (this.inBlock) this.flush();
    if (!this.count) return [];
    const out: number[] = [];
    for (let bar = 0; bar < bars; bar++) {
      const start = Math.floor((bar * this.count) / bars);
      const end = Math.max(start + 1, Math.floor(((bar + 1) * this.count) / bars));
      let max = 0;
      for (let i = start; i < end && i < this.count; i++) max = Math.max(max, this.blocks[i]!);
      out.push(Math.round(Math.min(1, max) * 1000) / 1000);
    }
    return out;
  }
}

/** `bars` peaks of whole channels in memory (the generator's samples). */
export function peaksOf(channels: Float32Array[], bars: number): number[] {
  const maxima = new BlockMaxima();
  maxima.push(channels, channels[0]?.length ?? 0);
  return maxima.peaks(bars);
}
