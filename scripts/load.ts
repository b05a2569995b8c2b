/**
 * `pnpm load`: mixed traffic from many virtual users against the music site, then a count of every write the
 * site acknowledged. Goals: no 5xx answer and no lost write, on PGlite and (with `DATABASE_URL`) PostgreSQL.
 *
 *   pnpm load                          # 200 users for 60 s, on PGlite and, when DATABASE_URL is set, PostgreSQL
 *   pnpm load --users 50 --seconds 20  # smaller
 *   pnpm load --db pglite              # one database only
 *
 * The site runs in a child process (`createMusicApp` with the test fixture catalogue, API only), so the load
 * generator and the server each get a core. The site trusts `X-Forwarded-For` as it would behind a proxy, and
 * each virtual user sends its own address: rate limits then count per user, as they would for 200 people.
 *
 * Traffic (closed loop, no think time except for sign-ins):
 * - guests (40 %) browse channels, artists, albums and tracks, search, stream 256 KiB ranges and record plays;
 * - listeners (50 %), signed in, do the same and also like tracks, create a playlist and add tracks to it,
 *   upload a small image, and read their notifications and library;
 * - sign-ins (9 %) log out and in again, 5 times a minute (the login limit per address);
 * - one admin lists users, page after page.
 *
 * Every write answered with success is counted by the generator; afterwards the server counts the rows, and any
 * acknowledged write missing from the database is a lost write. A plain refusal (409, 422, 429) is neither an
 * error nor a write. Exit code 1 when a goal is missed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';

const PASSWORD = 'load-test password 1';
const RANGE = 256 * 1024;
/** Between a sign-in's log-out and its next log-in: 5 a minute per address, the login limit, so none is refused. */
const SIGN_IN_PAUSE_MS = 13_000;
/** A 1×1 PNG: the upload engine sniffs it as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Catalogue {
  artists: number[];
  albums: number[];
  tracks: { id: number; size: number }[];
  channels: string[];
  emails: string[];
  adminEmail: string;
}

/** What the server counts after the run, for the users and the time window of the run. */
interface Counts {
  plays: number;
  likes: number;
  playlists: number;
  playlistTracks: number;
  uploads: number;
}

// ---------------------------------------------------------------------------------------------------------
// The site (child process)
// ---------------------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { createMusicApp } = await import('../examples/music/src/server/app');
  const { fixtureGenerator } = await import('../examples/music/src/server/modules/demo-library/test-fixture');
  const { createUser, hashPassword } = await import('@backline/server');
  const users = Number(process.env.LOAD_USERS);
  const url = process.env.LOAD_DATABASE_URL;
  const app = await createMusicApp({
    dataDir: process.env.LOAD_DATA_DIR,
    ...(url ? { database: { url, schema: process.env.LOAD_SCHEMA } } : {}),
    logger: 'silent',
    proxy: true,
    music: { demoLibrary: true, generate: fixtureGenerator },
    spa: { html: async () => '<!doctype html><title>load</title>' },
  });
  await app.seed();
  const { url: siteUrl } = await app.start(0, '127.0.0.1');
  const { knex } = app.kit;
  // One hash for every account: hashing is what login measures, not what setting up 200 accounts should cost.
  const passwordHash = await hashPassword(PASSWORD);
  const now = app.kit.now();
  const emails = Array.from({ length: users }, (_, i) => `listener${i + 1}@load.test`);
  await knex.transaction(async (trx) => {
    for (const email of emails) await createUser(trx, { email, passwordHash, emailVerifiedAt: now, now });
    await createUser(trx, {
      email: 'admin@load.test',
      passwordHash,
      roles: ['admin'],
      emailVerifiedAt: now,
      now,
    });
  });
  const tracks = await knex('music_tracks as t')
    .join('file_entries as f', 'f.id', 't.file_id')
    .select('t.id', 'f.size');
  const catalogue: Catalogue = {
    artists: (await knex('music_artists').pluck('id')).map(Number),
    albums: (await knex('music_albums').pluck('id')).map(Number),
    tracks: tracks.map((row) => ({ id: Number(row.id), size: Number(row.size) })),
    channels: await knex('music_channels').pluck('slug'),
    emails,
    adminEmail: 'admin@load.test',
  };
  const before = await count(knex, emails);
  process.on('message', async (message: { type: string }) => {
    if (message.type !== 'count') return;
    const after = await count(knex, emails);
    const delta = Object.fromEntries(
      Object.entries(after).map(([key, value]) => [key, value - before[key as keyof Counts]]),
    );
    process.send?.({ type: 'counts', counts: delta });
  });
  process.once('SIGTERM', async () => {
    // The PostgreSQL schema was this run's alone; the pool that can drop it is this process's.
    if (url) await knex.raw('drop schema if exists ?? cascade', [process.env.LOAD_SCHEMA]);
    await app.close();
    process.exit(0);
  });
  process.send?.({ type: 'ready', url: siteUrl, catalogue });
}

async function count(knex: import('knex').Knex, emails: string[]): Promise<Counts> {
  const ids = knex('users').whereIn('email', emails).select('id');
  const one = async (query: import('knex').Knex.QueryBuilder) =>
    Number(((await query.count({ n: '*' }).first()) as { n: string | number }).n);
  return {
    // Guests' plays count too: every play of the run, whoever listened.
    plays: await one(knex('music_plays')),
    likes: await one(knex('music_track_likes').whereIn('user_id', ids)),
    playlists: await one(knex('music_playlists').whereIn('owner_id', ids)),
    playlistTracks: await one(
      knex('music_playlist_tracks').whereIn(
        'playlist_id',
        knex('music_playlists').whereIn('owner_id', ids).select('id'),
      ),
    ),
    uploads: await one(knex('file_entries').whereIn('owner_id', ids)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The load generator
// ---------------------------------------------------------------------------------------------------------

interface Sample {
  group: string;
  ms: number;
  status: number;
}

/** A small deterministic RNG (mulberry32), so two runs send the same mix. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

/**
 * Keep-alive sockets, dropped after 4 s idle: the server closes an idle one after 5 s (Node's default), and a
 * request sent on a socket at that moment fails with a reset that says nothing about the site (status 0).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 1024, timeout: 4_000 });

/** One virtual user: its own cookies, XSRF token and client address. */
class VirtualUser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly address: string,
    private readonly samples: Sample[],
  ) {}

  async call(
    group: string,
    method: string,
    pathname: string,
    options: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Buffer }> {
    // Like a browser, a user has loaded a page (and so holds the XSRF cookie) before its first unsafe request.
    if (method !== 'GET' && !this.cookies.has(XSRF_COOKIE)) await this.call('other', 'GET', '/api/v1/health');
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Forwarded-For': this.address,
      ...options.headers,
    };
    if (this.cookies.size)
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (xsrf && method !== 'GET') headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    let body = options.body;
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json));
      headers['Content-Type'] = 'application/json';
    }
    if (body) headers['Content-Length'] = String(body.length);
    const started = performance.now();
    const url = new URL(pathname, this.base);
    const result = await new Promise<{ status: number; body: Buffer }>((resolve) => {
      const req = request(url, { method, headers, agent }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const index = pair!.indexOf('=');
          const name = pair!.slice(0, index);
          const value = pair!.slice(index + 1);
          if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
          else this.cookies.set(name, value);
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
      });
      // A connection that fails outright is recorded as status 0: an error, like a 5xx.
      req.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
      req.end(body);
    });
    this.samples.push({ group, ms: performance.now() - started, status: result.status });
    if (result.status >= 500 || result.status === 0)
      console.error(
        `[load] ${method} ${pathname} answered ${result.status}: ${result.body.toString().slice(0, 200)}`,
      );
    return result;
  }

  /**
   * Signs in, trying again after a second when the server answers 429: with a hundred logins at once the password
   * hasher's queue is full and says so (its bounded queue, `Retry-After: 1`), as a browser's user would retry.
   */
  async signIn(email: string): Promise<boolean> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await this.call('sign in', 'POST', '/auth/login', {
        json: { email, password: PASSWORD, remember: false },
      });
      if (answer.status !== 429) return answer.status === 200;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    return false;
  }
}

interface Tally {
  plays: number;
  likes: Set<string>;
  playlists: number;
  playlistTracks: number;
  uploads: number;
}

async function runLoad(options: {
  url: string;
  catalogue: Catalogue;
  users: number;
  seconds: number;
}): Promise<{ samples: Sample[]; tally: Tally; elapsed: number }> {
  const { url, catalogue } = options;
  const samples: Sample[] = [];
  const tally: Tally = { plays: 0, likes: new Set(), playlists: 0, playlistTracks: 0, uploads: 0 };
  const deadline = Date.now() + options.seconds * 1000;
  const alive = () => Date.now() < deadline;
  const guests = Math.round(options.users * 0.4);
  const signers = Math.max(1, Math.round(options.users * 0.09));
  const listeners = options.users - guests - signers - 1;
  const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const searches = ['nebula', 'neon', 'drift', 'harbor', 'ambient', 'synth', 'nebla', 'society'];

  /** Browsing and listening, shared by guests and listeners; plays each track once per user. */
  async function browseOnce(user: VirtualUser, random: ReturnType<typeof rng>, unplayed: number[]) {
    const roll = random.next();
    if (roll < 0.15) await user.call('browse', 'GET', '/api/v1/channels');
    else if (roll < 0.3)
      await user.call('browse', 'GET', `/api/v1/artists/${random.pick(catalogue.artists)}`);
    else if (roll < 0.45) await user.call('browse', 'GET', `/api/v1/albums/${random.pick(catalogue.albums)}`);
    else if (roll < 0.55)
      await user.call('browse', 'GET', `/api/v1/channels/${random.pick(catalogue.channels)}`);
    else if (roll < 0.7) await user.call('search', 'GET', `/api/v1/search?query=${random.pick(searches)}`);
    else if (roll < 0.9) {
      const track = random.pick(catalogue.tracks);
      const start = Math.floor(random.next() * Math.max(1, track.size - RANGE));
      await user.call('stream', 'GET', `/api/v1/tracks/${track.id}/stream`, {
        headers: { Range: `bytes=${start}-${start + RANGE - 1}`, Accept: '*/*' },
      });
    } else if (unplayed.length) {
      const id = unplayed.pop()!;
      const answer = await user.call('plays', 'POST', `/api/v1/tracks/${id}/plays`);
      if (answer.status === 204) tally.plays++;
    }
  }

  const guest = async (n: number) => {
    const random = rng(n);
    const user = new VirtualUser(url, address(n), samples);
    const unplayed = catalogue.tracks.map((track) => track.id);
    while (alive()) await browseOnce(user, random, unplayed);
  };

  const listener = async (n: number, email: string) => {
    const random = rng(n);
    const user = new VirtualUser(url, address(n), samples);
    if (!(await user.signIn(email))) return;
    const unplayed = catalogue.tracks.map((track) => track.id);
    const unliked = catalogue.tracks.map((track) => track.id);
    const unadded = catalogue.tracks.map((track) => track.id);
    let playlist: number | undefined;
    let uploaded = 0;
    while (alive()) {
      const roll = random.next();
      if (roll < 0.55) await browseOnce(user, random, unplayed);
      else if (roll < 0.65 && unliked.length) {
        const id = unliked.pop()!;
        const answer = await user.call('likes', 'POST', `/api/v1/me/likes/track/${id}`);
        if (answer.status >= 200 && answer.status < 300) tally.likes.add(`${email}:${id}`);
      } else if (roll < 0.75) {
        if (playlist === undefined) {
          const answer = await user.call('playlists', 'POST', '/api/v1/playlists', {
            json: { name: `Load ${n}`, public: false },
          });
          if (answer.status === 201 || answer.status === 200) {
            tally.playlists++;
            playlist = (JSON.parse(answer.body.toString()) as { playlist: { id: number } }).playlist.id;
          }
        } else if (unadded.length) {
          const id = unadded.pop()!;
          const answer = await user.call('playlists', 'POST', `/api/v1/playlists/${playlist}/tracks/add`, {
            json: { track_ids: [id] },
          });
          if (answer.status >= 200 && answer.status < 300) tally.playlistTracks++;
        }
      } else if (roll < 0.8 && uploaded < 5) {
        const boundary = `----load${n}x${uploaded}`;
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover-${n}-${uploaded}.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          PNG,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        uploaded++;
        const answer = await user.call('uploads', 'POST', '/api/v1/file-entries', {
          body,
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        });
        if (answer.status === 201) tally.uploads++;
      } else if (roll < 0.9) await user.call('notifications', 'GET', '/api/v1/notifications');
      else await user.call('library', 'GET', '/api/v1/me/library/tracks');
    }
  };

  const signer = async (n: number, email: string) => {
    const user = new VirtualUser(url, address(n), samples);
    while (alive()) {
      await user.signIn(email);
      await new Promise((resolve) => setTimeout(resolve, SIGN_IN_PAUSE_MS));
      await user.call('sign in', 'POST', '/auth/logout');
    }
  };

  const admin = async (n: number) => {
    const user = new VirtualUser(url, address(n), samples);
    if (!(await user.signIn(catalogue.adminEmail))) return;
    let page = 1;
    while (alive()) {
      const answer = await user.call('admin', 'GET', `/api/v1/admin/users?page=${page}&perPage=25`);
      const lastPage = answer.status === 200 ? JSON.parse(answer.body.toString()).pagination.last_page : 1;
      page = page >= lastPage ? 1 : page + 1;
    }
  };

  const started = Date.now();
  const work: Promise<void>[] = [];
  let n = 1;
  for (let i = 0; i < guests; i++) work.push(guest(n++));
  for (let i = 0; i < listeners; i++) work.push(listener(n++, catalogue.emails[i]!));
  for (let i = 0; i < signers; i++) work.push(signer(n++, catalogue.emails[listeners + i]!));
  work.push(admin(n++));
  await Promise.all(work);
  return { samples, tally, elapsed: (Date.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(samples: Sample[], elapsed: number) {
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) groups.set(sample.group, [...(groups.get(sample.group) ?? []), sample]);
  const rows = [...groups].map(([group, list]) => {
    const times = list.map((s) => s.ms).sort((a, b) => a - b);
    return {
      group,
      requests: list.length,
      'req/s': (list.length / elapsed).toFixed(1),
      'p50 ms': percentile(times, 50).toFixed(0),
      'p95 ms': percentile(times, 95).toFixed(0),
      'p99 ms': percentile(times, 99).toFixed(0),
      '5xx/failed': list.filter((s) => s.status >= 500 || s.status === 0).length,
      '4xx': list.filter((s) => s.status >= 400 && s.status < 500).length,
      // Which answers: a 429 is a rate limit doing its job, a 419 or 422 the scenario's own mistake, 0 a
      // connection that failed.
      'not ok, by status': [
        ...list
          .filter((s) => s.status >= 400 || s.status === 0)
          .reduce(
            (byStatus, s) => byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1),
            new Map<number, number>(),
          ),
      ]
        .map(([status, hits]) => `${status}×${hits}`)
        .join(' '),
    };
  });
  rows.sort((a, b) => b.requests - a.requests);
  console.table(rows);
  console.log(
    `total: ${samples.length} requests in ${elapsed.toFixed(1)} s, ${(samples.length / elapsed).toFixed(0)} req/s`,
  );
}

async function startSite(database: 'pglite' | 'postgres', users: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backline-load-'));
  const schema = `load_${Date.now().toString(36)}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', import.meta.filename, '--serve'],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        LOAD_USERS: String(users),
        LOAD_DATA_DIR: dataDir,
        ...(database === 'postgres'
          ? { LOAD_DATABASE_URL: process.env.DATABASE_URL, LOAD_SCHEMA: schema }
          : {}),
      },
    },
  );
  const [ready] = (await once(child, 'message')) as [{ type: string; url: string; catalogue: Catalogue }];
  return {
    url: ready.url,
    catalogue: ready.catalogue,
    async counts(): Promise<Counts> {
      child.send({ type: 'count' });
      const [message] = (await once(child, 'message')) as [{ counts: Counts }];
      return message.counts;
    },
    async close() {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '60' },
      db: { type: 'string' },
    },
  });
  const users = Number(values.users);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(users) || users < 10 || !(seconds > 0)) {
    console.error('--users must be a whole number of at least 10, and --seconds a positive number.');
    process.exit(2);
  }
  const databases: ('pglite' | 'postgres')[] = values.db
    ? [values.db as 'pglite' | 'postgres']
    : process.env.DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite'];
  if (databases.includes('postgres') && !process.env.DATABASE_URL) {
    console.error('--db postgres needs DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test).');
    process.exit(2);
  }
  let failed = false;
  for (const database of databases) {
    console.log(`\n=== ${database}: ${users} virtual users for ${seconds} s ===`);
    const site = await startSite(database, users);
    try {
      const { samples, tally, elapsed } = await runLoad({ ...site, users, seconds });
      report(samples, elapsed);
      const counted = await site.counts();
      const acknowledged: Counts = {
        plays: tally.plays,
        likes: tally.likes.size,
        playlists: tally.playlists,
        playlistTracks: tally.playlistTracks,
        uploads: tally.uploads,
      };
      const lost = (Object.keys(acknowledged) as (keyof Counts)[]).filter(
        (key) => counted[key] < acknowledged[key],
      );
      console.table(
        (Object.keys(acknowledged) as (keyof Counts)[]).map((key) => ({
          write: key,
          acknowledged: acknowledged[key],
          'in the database': counted[key],
        })),
      );
      const errors = samples.filter((s) => s.status >= 500 || s.status === 0).length;
      const writes = Object.values(acknowledged).reduce((sum, value) => sum + value, 0);
      console.log(
        `${database}: ${errors} answers of 5xx or failed connections (goal 0); ${writes} acknowledged writes, ` +
          `${lost.length ? `LOST in ${lost.join(', ')}` : 'none lost'} (goal 0 lost).`,
      );
      if (errors > 0 || lost.length > 0 || writes === 0) failed = true;
    } finally {
      await site.close();
    }
  }
  agent.destroy();
  process.exit(failed ? 1 : 0);
}

// Last, so every class and constant above is initialised before either side starts.
if (process.argv[2] === '--serve') await serve();
else await main();
