import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
}

export function jobFiles(job: Job): string[] {
  return job.kind === 'pair' ? job.files : [job.file];
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
  for (const part of parts) {
    applyFades(part.left, part.first, part.last);
    applyFades(part.right, part.first, part.last);
    const audio = await encodeMp3(part.left, part.right);
    const mp3 = tagMp3(audio, { ...part.tags, cover, durationMs: msOf(part.left.length) });
    await writeAtomically(join(outDir, part.file), mp3);
    sizes.push(mp3.length);
  }
  return sizes;
}
