/**
 * Streaming benchmark. Random 256 KiB ranges of the demo library's audio, 20 concurrent keep-alive clients,
 * against the music site's `GET tracks/{id}/stream` (a real app: PGlite, sessions, permission check, the
 * track's file entry looked up per request) and, in the same run, a bare Node `http` server answering the same
 * ranges of the same files with `fs.createReadStream`. Rounds alternate; the median ratio of requests per
 * second is reported (goal ≥ 0.7). Run with `pnpm bench streaming`.
 *
 * Local storage reads a range in chunks of up to 256 KiB, where `createReadStream` defaults to 64 KiB; a bare
 * server could read 256 KiB too, so a second bare server does, and the ratio against it is printed as well: that
 * one measures only what the app adds, not the read size.
 *
 * The catalogue is the demo library when its generator is present; otherwise ffmpeg makes a few minutes of
 * tones, so the benchmark also runs before the demo library lands.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const RANGE = 256 * 1024;
const CLIENTS = 20;
const SECONDS = 8;
const ROUNDS = 3;
const root = path.resolve(import.meta.dirname, '../..');

const mode = process.argv[2];
if (mode === '--serve') await serve(process.argv[3]!);
else if (mode === '--baseline') await baseline(process.argv[3]!, Number(process.argv[4]) || undefined);
else await bench();

/** ffmpeg tones, in the generator's shape: used when the demo library's generator is not there. */
async function toneCatalogue({ outDir }: { outDir: string }) {
  mkdirSync(outDir, { recursive: true });
  const image = path.join(outDir, 'cover.jpg');
  if (!existsSync(image))
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=teal:s=64x64',
      '-frames:v',
      '1',
      image,
    ]);
  const tracks = Array.from({ length: 8 }, (_, i) => {
    const file = path.join(outDir, `tone-${i + 1}.mp3`);
    if (!existsSync(file))
      execFileSync('ffmpeg', [
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${220 + i * 55}:duration=120`,
        '-b:a',
        '192k',
        file,
      ]);
    return {
      name: `Tone ${i + 1}`,
      number: i + 1,
      durationMs: 120_000,
      file,
      genres: ['tones'],
      artistKeys: [],
    };
  });
  return {
    genres: [{ name: 'tones', displayName: 'Tones', image }],
    artists: [{ key: 'a', name: 'Bench', verified: false, bio: '', genres: ['tones'], links: [], image }],
    albums: [
      {
        key: 'x',
        name: 'Tones',
        type: 'album' as const,
        releaseDate: '2026-01-01',
        description: '',
        cover: image,
        artistKeys: ['a'],
        tracks,
      },
    ],
    playlists: [],
  };
}

/** The music site with its demo library, under `dir`; writes `files.json` (track id → file on disk). */
async function serve(dir: string): Promise<void> {
  const { createMusicApp } = await import('../../examples/music/src/server/app');
  const { defaultGenerator } = await import('../../examples/music/src/server/modules/demo-library/seed');
  const generate = await defaultGenerator().catch(() => toneCatalogue);
  const app = await createMusicApp({
    dataDir: dir,
    logger: 'silent',
    music: { demoLibrary: true, generate },
    spa: { html: async () => '<!doctype html><title>bench</title>' },
  });
  const { url } = await app.start(0, '127.0.0.1');
  const rows = await app.kit
    .knex('music_tracks as t')
    .join('file_entries as f', 'f.id', 't.file_id')
    .select('t.id', 'f.file_name', 'f.size');
  const files = rows.map((r) => ({
    id: Number(r.id),
    size: Number(r.size),
    file: path.join(app.kit.storage.capabilities.localDirectory!, `uploads/${r.file_name}`),
  }));
  writeFileSync(path.join(dir, 'files.json'), JSON.stringify(files));
  console.log(`READY ${url}`);
  process.once('SIGTERM', async () => {
    await app.close();
    process.exit(0);
  });
}

/** The floor: bare `http` + `fs.createReadStream` over the same files, same URLs (Node's read size unless given). */
async function baseline(dir: string, highWaterMark?: number): Promise<void> {
  const { createServer } = await import('node:http');
  const { createReadStream } = await import('node:fs');
  const files = new Map(
    (
      JSON.parse(readFileSync(path.join(dir, 'files.json'), 'utf8')) as {
        id: number;
        file: string;
        size: number;
      }[]
    ).map((f) => [f.id, f]),
  );
  const server = createServer((req, res) => {
    const id = Number(/\/tracks\/(\d+)\/stream/.exec(req.url ?? '')?.[1]);
    const file = files.get(id);
    if (!file) return void res.writeHead(404).end();
    const match = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
    const start = match ? Number(match[1]) : 0;
    const end = match ? Math.min(Number(match[2]), file.size - 1) : file.size - 1;
    res.writeHead(match ? 206 : 200, {
      'Content-Type': 'audio/mpeg',
      'Content-Length': end - start + 1,
      'Accept-Ranges': 'bytes',
      ...(match && { 'Content-Range': `bytes ${start}-${end}/${file.size}` }),
    });
    createReadStream(file.file, { start, end, highWaterMark }).pipe(res);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

async function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', import.meta.filename, ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: root,
    },
  );
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^READY (\S+)/.exec(line);
    if (match) return { child, url: match[1]! };
  }
  throw new Error(`${args[0]} did not start`);
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** 20 clients, each asking random 256 KiB ranges back to back for SECONDS; answers requests/s and MB/s. */
async function load(url: string, files: { id: number; size: number }[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  // A listener's browser keeps its cookies: one visit first, then every range request carries them.
  const cookie = (await fetch(`${url}/api/v1/health`)).headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const until = Date.now() + SECONDS * 1000;
  let requests = 0;
  let bytes = 0;
  const one = (file: { id: number; size: number }) =>
    new Promise<void>((resolve, reject) => {
      const start = Math.floor(Math.random() * Math.max(1, file.size - RANGE));
      const end = Math.min(start + RANGE, file.size) - 1;
      const req = request(
        `${url}/api/v1/tracks/${file.id}/stream`,
        { agent, headers: { Range: `bytes=${start}-${end}`, ...(cookie && { Cookie: cookie }) } },
        (res) => {
          if (res.statusCode !== 206) reject(new Error(`status ${res.statusCode}`));
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            requests++;
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) await one(files[Math.floor(Math.random() * files.length)]!);
    }),
  );
  agent.destroy();
  return { rps: requests / SECONDS, mbps: bytes / SECONDS / 1e6 };
}

async function bench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'backline-bench-streaming-'));
  try {
    const site = await start(['--serve', dir]);
    const bare = await start(['--baseline', dir]);
    const sameReads = await start(['--baseline', dir, String(RANGE)]);
    const files = (
      JSON.parse(readFileSync(path.join(dir, 'files.json'), 'utf8')) as { id: number; size: number }[]
    ).filter((f) => f.size > RANGE);
    console.log(`${files.length} tracks, ${(files.reduce((s, f) => s + f.size, 0) / 1e6).toFixed(1)} MB`);
    await load(site.url, files);
    await load(bare.url, files);
    await load(sameReads.url, files);
    const ratios: number[] = [];
    const sameRatios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const ours = await load(site.url, files);
      const floor = await load(bare.url, files);
      const same = await load(sameReads.url, files);
      ratios.push(ours.rps / floor.rps);
      sameRatios.push(ours.rps / same.rps);
      console.log(
        `round ${round}: stream route ${ours.rps.toFixed(0)} req/s ${ours.mbps.toFixed(0)} MB/s; ` +
          `bare node ${floor.rps.toFixed(0)} req/s ${floor.mbps.toFixed(0)} MB/s; ratio ${(ours.rps / floor.rps).toFixed(2)}; ` +
          `bare node with 256 KiB reads ${same.rps.toFixed(0)} req/s; ratio ${(ours.rps / same.rps).toFixed(2)}`,
      );
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `median ratio ${median(ratios).toFixed(2)} (goal ≥ 0.7); ` +
        `against the same 256 KiB reads ${median(sameRatios).toFixed(2)}`,
    );
    await stop(site.child);
    await stop(bare.child);
    await stop(sameReads.child);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
