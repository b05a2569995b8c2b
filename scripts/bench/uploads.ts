/**
 * Uploads benchmark. In one run on loopback, against a baseline measured in the same run:
 *
 * 1. tus upload throughput of a 1 GiB file (tus-js-client, 64 MiB chunks, then `POST tus/entries`) over a raw
 *    streaming PUT of the same file to a bare Node http server that pipes the body to a file on the same disk
 *    (goal ≥ 0.6);
 * 2. the multipart form upload (`POST file-entries`) of a 100 MB file over the same baseline for 100 MB;
 * 3. the server's peak RSS growth during the 1 GiB tus upload (goal ≤ 64 MiB), sampled from
 *    /proc/<pid>/status every 20 ms.
 *
 * Both servers run in child processes (this file with `--serve` or `--baseline`) and write into one temp
 * directory, removed at the end with the generated files. Each upload alternates with its baseline over
 * ROUNDS rounds and the median ratio is reported. Run with `pnpm bench uploads`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';

const GIB = 1024 * 1024 * 1024;
const FORM_SIZE = 100 * 1000 * 1000;
const CHUNK = 64 * 1024 * 1024;
const ROUNDS = 3;
const PASSWORD = 'benchmark-password-1';

const mode = process.argv[2];
if (mode === '--serve') await serve(process.argv[3]!);
else if (mode === '--baseline') await baseline(process.argv[3]!);
else await bench();

/** A real Backline app (accounts + uploads, PGlite) storing uploads under `dir`. */
async function serve(dir: string): Promise<void> {
  const { accounts, createBackline, createUser, hashPassword, uploadsModule } = await import(
    '@backline/server'
  );
  const app = await createBackline({
    dataDir: dir,
    logger: 'silent',
    modules: [accounts(), uploadsModule({ cleanupIntervalMs: 0 })],
    settings: {
      'uploads.max_size': { value: 2 * GIB, public: true },
      'uploads.user_quota': { value: null },
    },
  });
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date();
  await app.kit.knex.transaction((trx) =>
    createUser(trx, { email: 'bench@example.com', passwordHash, emailVerifiedAt: now, now }),
  );
  const { url } = await app.start(0, '127.0.0.1');
  console.log(`READY ${url}`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
}

/** The floor: a bare Node server piping each PUT body to a file in `dir`. */
async function baseline(dir: string): Promise<void> {
  const { createServer } = await import('node:http');
  let n = 0;
  const server = createServer((req, res) => {
    const file = path.join(dir, `baseline-${n++}`);
    req.pipe(createWriteStream(file)).on('finish', () => {
      rmSync(file, { force: true });
      res.end('{}');
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

async function start(flag: string, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', import.meta.filename, flag, dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('READY ')) return { url: line.slice(6), child };
  }
  throw new Error(`The ${flag} server exited before it was ready`);
}

/** Writes `size` random-looking bytes (a 1 MiB random block repeated) to `file`. */
async function makeFile(file: string, size: number): Promise<void> {
  const block = randomBytes(1024 * 1024);
  const out = createWriteStream(file);
  for (let written = 0; written < size; written += block.length) {
    if (!out.write(block.subarray(0, Math.min(block.length, size - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Streams a request body (a file, wrapped in optional head/tail bytes) and resolves with the answer. */
function send(
  url: string,
  method: string,
  file: string,
  headers: Record<string, string | number>,
  wrap: { head?: Buffer; tail?: Buffer } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (wrap.head) req.write(wrap.head);
    const source = createReadStream(file, { highWaterMark: 1024 * 1024 });
    source.pipe(req, { end: false });
    source.on('end', () => req.end(wrap.tail));
    source.on('error', reject);
  });
}

/** Current and peak RSS of a process, in bytes. */
function rss(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
function mbps(bytes: number, ms: number): number {
  return bytes / (1024 * 1024) / (ms / 1000);
}

async function bench(): Promise<void> {
  const { HttpSession, loginOverHttp, tusUpload } = await import('@internal/testing');
  const dir = mkdtempSync(path.join(tmpdir(), 'backline-bench-uploads-'));
  const children: ChildProcess[] = [];
  try {
    const big = path.join(dir, 'big.bin');
    const form = path.join(dir, 'form.bin');
    await makeFile(big, GIB);
    await makeFile(form, FORM_SIZE);
    const base = await start('--baseline', dir);
    const app = await start('--serve', path.join(dir, 'app'));
    children.push(base.child, app.child);
    const http = new HttpSession(app.url);
    const login = await loginOverHttp(http, 'bench@example.com', PASSWORD);
    if (login.status !== 200) throw new Error(`Login failed: ${login.status}`);

    const rawPut = async (file: string) => {
      const size = statSync(file).size;
      const t0 = performance.now();
      const answer = await send(`${base.url}/upload`, 'PUT', file, {
        'Content-Length': size,
        'Content-Type': 'application/octet-stream',
      });
      if (answer.status !== 200) throw new Error(`Baseline PUT answered ${answer.status}`);
      return performance.now() - t0;
    };

    const tus = async () => {
      const pid = app.child.pid!;
      const before = rss(pid).rss;
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, rss(pid).rss);
      }, 20);
      const t0 = performance.now();
      try {
        const { key } = await tusUpload(http, createReadStream(big, { highWaterMark: 1024 * 1024 }), {
          chunkSize: CHUNK,
          uploadSize: GIB,
          metadata: { name: 'big.bin', mime: 'application/octet-stream' },
        });
        const claimed = await http.post('/api/v1/tus/entries', { uploadKey: key });
        if (claimed.status !== 201)
          throw new Error(`tus/entries answered ${claimed.status}: ${JSON.stringify(claimed.data)}`);
        const ms = performance.now() - t0;
        const { fileEntry } = claimed.data as { fileEntry: { id: number } };
        await http.post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id], deleteForever: true });
        return { ms, growth: Math.max(peak, rss(pid).rss) - before };
      } finally {
        clearInterval(timer);
      }
    };

    const formUpload = async () => {
      const boundary = `----bench${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="form.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const t0 = performance.now();
      const answer = await send(
        `${app.url}/api/v1/file-entries`,
        'POST',
        form,
        {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + FORM_SIZE + tail.length,
          Cookie: http.cookieHeader(),
          [XSRF_HEADER]: decodeURIComponent(http.cookies.get(XSRF_COOKIE) ?? ''),
        },
        { head, tail },
      );
      const ms = performance.now() - t0;
      if (answer.status !== 201)
        throw new Error(`POST file-entries answered ${answer.status}: ${answer.body}`);
      const { fileEntry } = JSON.parse(answer.body) as { fileEntry: { id: number } };
      await http.post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id], deleteForever: true });
      return ms;
    };

    // Warm both paths once (JIT, page cache of the source files).
    await rawPut(form);
    await formUpload();

    const tusRatios: number[] = [];
    const formRatios: number[] = [];
    const growths: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const baseBig = await rawPut(big);
      const t = await tus();
      const baseForm = await rawPut(form);
      const f = await formUpload();
      tusRatios.push(baseBig / t.ms);
      formRatios.push(baseForm / f);
      growths.push(t.growth);
      console.log(
        `round ${round}: raw PUT 1 GiB ${mbps(GIB, baseBig).toFixed(0)} MiB/s, tus ${mbps(GIB, t.ms).toFixed(0)} MiB/s` +
          ` (RSS +${(t.growth / 1024 / 1024).toFixed(1)} MiB); raw PUT 100 MB ${mbps(FORM_SIZE, baseForm).toFixed(0)} MiB/s,` +
          ` form ${mbps(FORM_SIZE, f).toFixed(0)} MiB/s`,
      );
    }
    const tusRatio = median(tusRatios);
    const formRatio = median(formRatios);
    const growth = Math.max(...growths) / 1024 / 1024;
    console.log(`tus 1 GiB throughput / raw streaming PUT: ${tusRatio.toFixed(2)} (goal ≥ 0.6)`);
    console.log(`form 100 MB throughput / raw streaming PUT: ${formRatio.toFixed(2)}`);
    console.log(
      `server peak RSS growth during the 1 GiB tus upload: ${growth.toFixed(1)} MiB (goal ≤ 64 MiB)`,
    );
    if (tusRatio < 0.6 || growth > 64) process.exitCode = 1;
  } finally {
    for (const child of children) {
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => {});
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
