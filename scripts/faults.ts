/**
 * `pnpm faults`: the music site under the faults a real deployment meets, each with its goal. Exit code 1 when a
 * goal is missed.
 *
 * 1. Database down and back: while traffic runs, the PostgreSQL server stops for 10 s and starts again. While it is
 *    down every answer is a 503 in the error shape, none slower than 5 s (no hang, no 500, no stack); within 5 s of
 *    its return requests succeed again, with no restart of the app.
 * 2. Pool exhaustion: a lock makes slow queries hold every pooled connection; new requests get a 503 within a few
 *    seconds, not a hang, and everything succeeds once the lock goes.
 * 3. Graceful shutdown: SIGTERM while an upload is being sent lets it finish, refuses new connections and exits 0;
 *    a resumable (tus) upload cut by the restart resumes afterwards to its full length.
 * 4. Mail server down: registration and a password reset answer as usual, and the failed mail is reported in the
 *    log, not lost silently.
 *
 * The suite starts its own PostgreSQL cluster (Debian's `postgresql` binaries: `initdb` and `pg_ctl` into a
 * temporary directory on a free port) and never touches the machine's own PostgreSQL service. Run as root, it runs
 * the cluster as the `postgres` user, since PostgreSQL refuses to run as root. `PG_BIN` names another bin folder.
 *
 *   pnpm faults
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';
import { HttpSession, tusUpload } from '@internal/testing';

const PASSWORD = 'faults suite password 1';
/** The goals, in milliseconds. */
const MAX_ANSWER_WHILE_DOWN_MS = 5_000;
const MAX_RECOVERY_MS = 5_000;
const DOWN_FOR_MS = 10_000;

const failures: string[] = [];
function check(ok: boolean, goal: string, detail = '') {
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${goal}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(goal);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ---------------------------------------------------------------------------------------------------------------
// A PostgreSQL cluster of the suite's own

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => existsSync(`${dir}/pg_ctl`));
  if (!bin)
    throw new Error("PostgreSQL's binaries were not found: apt-get install postgresql, or set PG_BIN.");
  return bin;
}

async function startCluster() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'backline-faults-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, command), [
      ...(asRoot ? ['-u', 'postgres', '--', path.join(bin, command)] : []),
      ...args,
    ]);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--encoding=UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove() {
      try {
        stop();
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The site, in a child process (so SIGTERM and a restart are real)

interface Site {
  url: string;
  child: ChildProcess;
  /** What the site wrote to stderr so far: its error log. */
  log: () => string;
}

async function startSite(databaseUrl: string, dataDir: string, mailPort: number): Promise<Site> {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', import.meta.filename, '--serve'],
    {
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      env: {
        ...process.env,
        FAULTS_DATABASE_URL: databaseUrl,
        FAULTS_DATA_DIR: dataDir,
        FAULTS_MAIL_PORT: `${mailPort}`,
      },
    },
  );
  let log = '';
  child.stderr!.on('data', (chunk) => {
    log += chunk;
  });
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the site exited (${code}) before it listened:\n${log}`);
    }),
  ])) as [{ url: string }];
  return { url: ready.url, child, log: () => log };
}

/** The child: the music site with the small test catalogue, on the suite's PostgreSQL, mail to a dead port. */
async function serve(): Promise<void> {
  const { createMusicApp } = await import('../examples/music/src/server/app');
  const { fixtureGenerator } = await import('../examples/music/src/server/modules/demo-library/test-fixture');
  const app = await createMusicApp({
    dataDir: process.env.FAULTS_DATA_DIR,
    database: { url: process.env.FAULTS_DATABASE_URL },
    mail: { url: `smtp://127.0.0.1:${process.env.FAULTS_MAIL_PORT}` },
    logger: {
      info() {},
      warn: (message) => console.error(message),
      error: (message, error) => console.error(message, error instanceof Error ? error.message : error),
    },
    music: { demoLibrary: true, generate: fixtureGenerator },
    spa: { html: async () => '<!doctype html><title>faults</title>' },
  });
  await app.seed();
  const { url } = await app.start(0, '127.0.0.1');
  process.once('SIGTERM', async () => {
    await app.close();
    process.exit(0);
  });
  process.send?.({ url });
}

// ---------------------------------------------------------------------------------------------------------------
// Traffic

interface Answer {
  at: number;
  ms: number;
  status: number;
  shaped: boolean;
}

/** Guests reading pages that need the database, in a closed loop, until `stop()`. */
function traffic(url: string, workers: number) {
  const answers: Answer[] = [];
  let running = true;
  const paths = ['/api/v1/channels', '/api/v1/search?query=a', '/api/v1/artists/1', '/api/v1/albums/1'];
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i++) {
      const started = Date.now();
      let status = 0;
      let shaped = false;
      try {
        const response = await fetch(`${url}${paths[i % paths.length]}`, {
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
        shaped = response.ok || typeof body?.message === 'string';
      } catch {
        status = 0;
      }
      answers.push({ at: started, ms: Date.now() - started, status, shaped });
      // A 503 asks the client to come back; a real one would wait, this one waits briefly to keep sampling.
      if (status === 503) await sleep(100);
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function databaseRestart(site: Site, cluster: Awaited<ReturnType<typeof startCluster>>) {
  console.log('\nDatabase down for 10 s and back');
  const load = traffic(site.url, 8);
  await sleep(3_000);
  const stopping = Date.now();
  cluster.stop();
  const down = Date.now();
  await sleep(DOWN_FOR_MS);
  const starting = Date.now();
  cluster.start();
  const up = Date.now();
  await sleep(MAX_RECOVERY_MS + 5_000);
  await load.stop();

  const before = load.answers.filter((a) => a.at + a.ms < stopping);
  const whileDown = load.answers.filter((a) => a.at >= down && a.at + a.ms <= starting);
  const firstSuccess = load.answers
    .filter((a) => a.at >= up && a.status === 200)
    .sort((a, b) => a.at - b.at)[0];
  const settled = load.answers.filter((a) => firstSuccess && a.at >= up + MAX_RECOVERY_MS);
  const slowest = Math.max(0, ...whileDown.map((a) => a.ms));
  check(
    before.length > 0 && before.every((a) => a.status === 200),
    'before: every answer 200',
    `${before.length}`,
  );
  check(
    whileDown.length > 0 && whileDown.every((a) => a.status === 503 && a.shaped),
    'while down: every answer a 503 in the error shape',
    `${whileDown.length} answers, statuses ${[...new Set(whileDown.map((a) => a.status))].join(', ')}`,
  );
  check(
    slowest <= MAX_ANSWER_WHILE_DOWN_MS,
    'while down: no answer slower than 5 s',
    `slowest ${slowest} ms`,
  );
  const recovery = firstSuccess ? firstSuccess.at + firstSuccess.ms - up : Number.POSITIVE_INFINITY;
  check(recovery <= MAX_RECOVERY_MS, 'back: requests succeed within 5 s, no restart', `${recovery} ms`);
  check(
    settled.length > 0 && settled.every((a) => a.status === 200),
    'back: every answer 200 afterwards',
    `${settled.length}, statuses ${[...new Set(settled.map((a) => a.status))].join(', ')}`,
  );
  return { whileDown: whileDown.length, slowest, recovery };
}

async function poolExhaustion(site: Site, databaseUrl: string) {
  console.log('\nPool exhaustion: slow queries hold every connection');
  const { createDatabase } = await import('@backline/server');
  const db = await createDatabase({ url: databaseUrl });
  const trx = await db.knex.transaction();
  try {
    // Every search now waits on the lock while holding its pooled connection, as a slow query would.
    await trx.raw('lock table music_tracks in access exclusive mode');
    const blocked = Array.from({ length: 14 }, () =>
      fetch(`${site.url}/api/v1/search?query=a`).then(async (response) => ({
        status: response.status,
        body: await response.text(),
      })),
    );
    await sleep(500);
    const started = Date.now();
    const response = await fetch(`${site.url}/api/v1/channels`);
    const ms = Date.now() - started;
    check(response.status === 503, 'exhausted: a new request answers 503', `${response.status}`);
    check(ms <= 6_000, 'exhausted: within the 5 s wait for a connection', `${ms} ms`);
    await trx.commit();
    const statuses = (await Promise.all(blocked)).map((answer) => answer.status);
    check(
      statuses.every((status) => status === 200 || status === 503),
      'the held requests end in 200 or a 503, never a 500',
      [...new Set(statuses)].join(', '),
    );
    const after = await fetch(`${site.url}/api/v1/channels`);
    check(after.status === 200, 'lock gone: the next request answers 200', `${after.status}`);
  } finally {
    if (!trx.isCompleted()) await trx.rollback();
    await db.close();
  }
}

async function signedIn(url: string, email: string): Promise<HttpSession> {
  const http = new HttpSession(url);
  await http.get('/api/v1/health');
  const response = await http.post('/auth/login', { email, password: PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return http;
}

async function mailDown(site: Site) {
  console.log('\nMail server down');
  const http = new HttpSession(site.url);
  await http.get('/api/v1/health');
  const email = `faults-${Date.now()}@example.com`;
  const registered = await http.post('/auth/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    privacy: true,
  });
  check(
    registered.status === 200,
    'registration answers as usual',
    `${registered.status}${registered.status === 200 ? '' : ` ${JSON.stringify(registered.data)}`}`,
  );
  const guest = new HttpSession(site.url);
  await guest.get('/api/v1/health');
  const reset = await guest.post('/auth/forgot-password', { email });
  check(reset.status === 200, 'a password reset answers as usual', `${reset.status}`);
  // The mail goes after the answer; its failure is reported within a few seconds (connection refused).
  const deadline = Date.now() + 15_000;
  while (!/password reset mail failed/.test(site.log()) && Date.now() < deadline) await sleep(200);
  check(/password reset mail failed/.test(site.log()), 'the failed mail is reported in the log');
  return email;
}

/** PATCHes `bytes` to a tus upload slowly, in 16 pieces over about `ms`, and answers the status. */
function slowPatch(http: HttpSession, uploadUrl: string, offset: number, bytes: Buffer, ms: number) {
  return new Promise<number>((resolve) => {
    const xsrf = decodeURIComponent(http.cookies.get(XSRF_COOKIE) ?? '');
    const req = request(uploadUrl, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
        Cookie: http.cookieHeader(),
        [XSRF_HEADER]: xsrf,
      },
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    const piece = Math.ceil(bytes.length / 16);
    let sent = 0;
    const timer = setInterval(() => {
      req.write(bytes.subarray(sent, sent + piece));
      sent += piece;
      if (sent >= bytes.length) {
        clearInterval(timer);
        req.end();
      }
    }, ms / 16);
  });
}

async function gracefulShutdown(site: Site, email: string, restart: () => Promise<Site>) {
  console.log('\nSIGTERM with an upload in flight');
  const http = await signedIn(site.url, email);
  const content = Buffer.alloc(4 * 1024 * 1024);
  for (let i = 0; i < content.length; i++) content[i] = (i * 7919) % 251;
  const half = content.length / 2;
  // A tus upload of 4 MiB: the first MiB now, the second during the shutdown, the rest after the restart.
  const created = await tusUpload(http, content, {
    metadata: { name: 'faults.bin', type: 'application/octet-stream' },
    chunkSize: 1024 * 1024,
    onChunk: (accepted) => accepted >= 1024 * 1024,
  });
  const inFlight = slowPatch(http, created.url, 1024 * 1024, content.subarray(1024 * 1024, half), 2_000);
  await sleep(500);
  const exited = once(site.child, 'exit');
  site.child.kill('SIGTERM');
  await sleep(200);
  const refused = await fetch(`${site.url}/api/v1/health`).then(
    () => false,
    () => true,
  );
  const status = await inFlight;
  const [code] = (await exited) as [number | null];
  check(status === 204, 'the upload in flight finishes', `${status}`);
  check(refused, 'a new connection is refused once SIGTERM arrived');
  check(code === 0, 'the process exits 0', `${code}`);

  const next = await restart();
  const again = await signedIn(next.url, email);
  const uploadUrl = created.url.replace(site.url, next.url);
  const head = await again.request('HEAD', uploadUrl.replace(next.url, ''), {
    headers: { 'Tus-Resumable': '1.0.0' },
  });
  const offset = Number(head.headers.get('upload-offset'));
  check(offset === half, 'after the restart the upload is where it was cut', `offset ${offset} of ${half}`);
  const finished = await tusUpload(again, content, {
    uploadUrl,
    metadata: { name: 'faults.bin', type: 'application/octet-stream' },
    chunkSize: 1024 * 1024,
  });
  const claimed = await again.post('/api/v1/tus/entries', { uploadKey: finished.key });
  const entry = (claimed.data as { fileEntry?: { id: number; file_size?: number } } | undefined)?.fileEntry;
  check(
    claimed.status === 200 || claimed.status === 201,
    'the resumed upload completes',
    `${claimed.status}`,
  );
  if (entry) {
    const download = await fetch(`${next.url}/api/v1/file-entries/${entry.id}`, {
      headers: { Cookie: again.cookieHeader() },
    });
    const bytes = Buffer.from(await download.arrayBuffer());
    const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    check(hash(bytes) === hash(content), 'its bytes are the bytes sent', `${bytes.length} bytes`);
  }
  return next;
}

async function main() {
  const cluster = await startCluster();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backline-faults-'));
  const mailPort = await freePort();
  let site = await startSite(cluster.url, dataDir, mailPort);
  try {
    const email = await mailDown(site);
    await databaseRestart(site, cluster);
    await poolExhaustion(site, cluster.url);
    site = await gracefulShutdown(site, email, () => startSite(cluster.url, dataDir, mailPort));
  } finally {
    site.child.kill('SIGTERM');
    await once(site.child, 'exit').catch(() => {});
    cluster.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failures.length ? `\n${failures.length} goal(s) missed.` : '\nEvery goal met.');
  process.exit(failures.length ? 1 : 0);
}

if (process.argv[2] === '--serve') await serve();
else await main();
