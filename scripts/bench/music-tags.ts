/**
 * Music upload reading benchmark: the server's memory while it reads a 200 MB upload. In one run, against a
 * baseline measured in the same run:
 *
 * - **baseline:** one streamed pass over the stored file (sha256 of `storage.read(key)`), the least any reader of
 *   the file must cost;
 * - **reading:** what backstage does after an upload (`readAudio`): tags, duration and embedded cover with
 *   music-metadata, then waveform peaks by decoding every MP3 frame with mpg123 (WebAssembly), both streaming
 *   from local storage.
 *
 * Each runs in a child process of its own; its `VmRSS` (from /proc/<pid>/status, sampled every 20 ms) minus the
 * value just before the work is its growth. The goal: reading grows RSS by less than 64 MiB. The time ratio
 * (baseline over reading) is printed too. The 200 MB MP3 (320 kbps, about 83 minutes, with ID3 tags and a cover)
 * is made by ffmpeg from a 10 MB one, looped without re-encoding. Run with `pnpm bench music-tags`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const TARGET = 200 * 1000 * 1000;
const GOAL_MIB = 64;
const KEY_NAME = 'bench-track';

const mode = process.argv[2];
if (mode === '--work') await work(process.argv[3]!, process.argv[4] as 'baseline' | 'reading');
else await bench();

/** In the child: waits for "go", does one pass, prints the time. */
async function work(root: string, kind: 'baseline' | 'reading') {
  const { LocalStorage, storageKey } = await import('@backline/server');
  const storage = new LocalStorage(root);
  const key = storageKey(KEY_NAME);
  const size = (await storage.stat(key))!.size;
  // Load the code before the first sample, so module loading is not counted as the reading's memory.
  const { readAudio } = await import('../../examples/music/src/server/modules/music-uploads/read-audio');
  const { mp3Peaks } = await import('../../examples/music/src/server/modules/music-uploads/peaks');
  const { Readable } = await import('node:stream');
  await mp3Peaks(Readable.from([]), 1);
  console.log('READY');
  await once(createInterface({ input: process.stdin }), 'line');
  const started = performance.now();
  if (kind === 'baseline') {
    const hash = createHash('sha256');
    for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
    hash.digest('hex');
  } else {
    // readAudio needs only the kit's storage.
    const kit = { storage } as unknown as Parameters<typeof readAudio>[0];
    const reading = await readAudio(kit, { file_name: KEY_NAME, mime: 'audio/mpeg', size }, 200);
    if (!reading.peaks.length || !reading.cover || reading.title !== 'Bench Track')
      throw new Error('The reading is incomplete');
  }
  console.log(`DONE ${performance.now() - started}`);
  process.exit(0);
}

function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

async function measure(root: string, kind: 'baseline' | 'reading') {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', import.meta.filename, '--work', root, kind],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const next = () => once(lines, 'line').then(([line]) => String(line));
  if ((await next()) !== 'READY') throw new Error('The worker did not start');
  const before = rss(child.pid!);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(child.pid!));
    } catch {}
  }, 20);
  child.stdin!.write('go\n');
  const done = await next();
  clearInterval(timer);
  await once(child, 'exit');
  return { ms: Number(done.split(' ')[1]), growth: peak - before };
}

async function bench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-music-tags-'));
  try {
    const ffmpeg = (args: string[]) =>
      execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
    const base = path.join(dir, 'base.mp3');
    const cover = path.join(dir, 'cover.jpg');
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x3366cc:size=500x500:d=1', '-frames:v', '1', cover]);
    // 250 s at 320 kbps: 10 MB of frames, without a tag (the big file gets one).
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=250',
      '-b:a',
      '320k',
      '-map_metadata',
      '-1',
      base,
    ]);
    const loops = Math.ceil(TARGET / statSync(base).size);
    const storageDir = path.join(dir, 'storage', 'uploads');
    mkdirSync(storageDir, { recursive: true });
    ffmpeg([
      '-stream_loop',
      String(loops - 1),
      '-i',
      base,
      '-i',
      cover,
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-c',
      'copy',
      '-id3v2_version',
      '3',
      '-metadata',
      'title=Bench Track',
      '-metadata',
      'artist=Bench Artist',
      '-metadata',
      'album=Bench Album',
      '-metadata:s:v',
      'comment=Cover (front)',
      '-f',
      'mp3',
      path.join(storageDir, KEY_NAME),
    ]);
    const size = statSync(path.join(storageDir, KEY_NAME)).size;
    console.log(`MP3: ${(size / 1e6).toFixed(1)} MB`);
    const root = path.join(dir, 'storage');
    const baseline = await measure(root, 'baseline');
    const reading = await measure(root, 'reading');
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `baseline (streamed sha256): ${(baseline.ms / 1000).toFixed(1)} s, RSS growth ${mib(baseline.growth)} MiB`,
    );
    console.log(
      `reading (tags + peaks):     ${(reading.ms / 1000).toFixed(1)} s, RSS growth ${mib(reading.growth)} MiB`,
    );
    console.log(`time ratio baseline/reading: ${(baseline.ms / reading.ms).toFixed(3)}`);
    const met = reading.growth < GOAL_MIB * 1024 * 1024;
    console.log(`goal: RSS growth < ${GOAL_MIB} MiB: ${met ? 'met' : 'MISSED'}`);
    if (!met) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
