import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { peaksOf } from '../../music-uploads/block-maxima';
import { type CoverStyle, renderCover } from './cover';
import { encodeMp3, type Mp3Tags, tagMp3 } from './mp3';
import { applyFades, renderPiece, type StyleName } from './synth';

/**
 * One unit of generation work: plain data, so it can be handed to a worker thread as a message. Paths are
 * relative to the output folder.
 */
export type Job = CoverJob | TrackJob | PairJob;

export interface CoverJob {
  kind: 'cover';
  file: string;
  seed: number;
  style: CoverStyle;
}

type TrackTags = Omit<Mp3Tags, 'cover' | 'durationMs'>;

export interface TrackJob {
  kind: 'track';
  file: string;
  seed: number;
  style: StyleName;
  targetSeconds: number;
  /** The album's cover file, embedded in the tags. */
  cover: string;
  tags: TrackTags;
  /** How many waveform peaks to keep (the contract's `WAVEFORM_PEAKS`; the worker does not load the contract). */
  bars: number;
}

/** Two consecutive tracks rendered as one piece and cut at `cutSample`. */
export interface PairJob {
  kind: 'pair';
  files: [string, string];
  seed: number;
  style: StyleName;
  targetSeconds: number;
  cutSample: number;
  cover: string;
  tags: [TrackTags, TrackTags];
  bars: number;
}

/** The waveform peaks kept beside a track's MP3 (a JSON array), for the player's seek bar. */
export const peaksFileOf = (mp3: string) => mp3.replace(/\.mp3$/, '.peaks.json');

/** What a job writes: its MP3s (or cover), then each MP3's peaks file. */
export function jobFiles(job: Job): string[] {
  if (job.kind === 'cover') return [job.file];
  const mp3s = job.kind === 'pair' ? job.files : [job.file];
  return [...mp3s, ...mp3s.map(peaksFileOf)];
}

async function writeAtomically(path: string, data: Uint8Array) {
  await mkdir(dirname(path), { recursive: true });
  // Write then rename, so an interrupted run never leaves a truncated file that a later run would reuse.
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

const msOf = (samples: number) => Math.round((samples / 44_100) * 1000);

/** Runs a job and returns the size of each file it wrote, in the order of `jobFiles`. */
export async function runJob(job: Job, outDir: string): Promise<number[]> {
  if (job.kind === 'cover') {
    const jpeg = renderCover({ seed: job.seed, style: job.style });
    await writeAtomically(join(outDir, job.file), jpeg);
    return [jpeg.length];
  }
  const cover = new Uint8Array(await readFile(join(outDir, job.cover)));
  const piece = renderPiece({ style: job.style, seed: job.seed, targetSeconds: job.targetSeconds });
  const parts: {
    left: Float32Array;
    right: Float32Array;
    file: string;
    tags: TrackTags;
    first: boolean;
    last: boolean;
  }[] =
    job.kind === 'track'
      ? [{ left: piece.left, right: piece.right, file: job.file, tags: job.tags, first: true, last: true }]
      : [
          {
            left: piece.left.subarray(0, job.cutSample),
            right: piece.right.subarray(0, job.cutSample),
            file: job.files[0],
            tags: job.tags[0],
            first: true,
            last: false,
          },
          {
            left: piece.left.subarray(job.cutSample),
            right: piece.right.subarray(job.cutSample),
            file: job.files[1],
            tags: job.tags[1],
            first: false,
            last: true,
          },
        ];
  const sizes: number[] = [];
  const peakSizes: number[] = [];
  for (const part of parts) {
    applyFades(part.left, part.first, part.last);
    applyFades(part.right, part.first, part.last);
    const audio = await encodeMp3(part.left, part.right);
    const mp3 = tagMp3(audio, { ...part.tags, cover, durationMs: msOf(part.left.length) });
    await writeAtomically(join(outDir, part.file), mp3);
    sizes.push(mp3.length);
    // Peaks of what the encoder got (the mid of the two channels), as the upload reader would decode them:
    // decoding every MP3 again at seed time would cost more than making it.
    const mid = new Float32Array(part.left.length);
    for (let i = 0; i < mid.length; i++) mid[i] = (part.left[i]! + part.right[i]!) * 0.5;
    const peaks = new TextEncoder().encode(JSON.stringify(peaksOf([mid], job.bars)));
    await writeAtomically(join(outDir, peaksFileOf(part.file)), peaks);
    peakSizes.push(peaks.length);
  }
  return [...sizes, ...peakSizes];
}
