import { createHash, randomBytes } from 'node:crypto';
import { type IncomingMessage, request } from 'node:http';
import { createUser, hashPassword, S3Storage } from '@backline/server';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/server/testing';
import {
  HttpSession,
  loginOverHttp,
  type S3TestServer,
  startS3Server,
  tempDir,
  tusUpload,
} from '@internal/testing';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InstanceProcess,
  redisKeys,
  type StartedProcess,
  startInstanceProcess,
  startRedis,
} from './processes';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';

/*
 * Scale out (issue #26): two instances of the music site, each a process of its own started like a deployment
 * starts one (`node src/server/main.ts`, configured by the environment alone), each with its own data directory,
 * on one PostgreSQL database of their own, one Redis and one S3 bucket (s3rver), behind a round-robin proxy.
 * Nothing but those shared parts connects the two processes, so every test shows a piece of state that once lived
 * in one process's memory staying right across instances. PostgreSQL only: PGlite is one process.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const onPostgres = !!DATABASE_URL && /^postgres(ql)?:\/\//.test(DATABASE_URL);
const PASSWORD = 'scale-out-correct-horse';
const ADMIN_EMAIL = 'admin@scale.test';
const MIB = 1024 * 1024;
const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

interface Instance extends InstanceProcess {
  cleanup(): void;
}

/** `bootstrap-data` as the browser decodes it. */
async function bootstrapOn(http: HttpSession) {
  const response = await http.get('/api/v1/bootstrap-data');
  expect(response.status).toBe(200);
  return JSON.parse((response.data as { data: { data: string } }).data.data) as {
    settings: Record<string, Record<string, unknown>>;
    themes: { all: { id: number; name: string }[] };
    i18n: { language: string; lines: Record<string, string> };
  };
}

/** The same browser (its cookies) talking to another address: a session is the database's, not an instance's. */
function sameBrowser(http: HttpSession, url: string): HttpSession {
  const copy = new HttpSession(url);
  for (const [name, value] of http.cookies) copy.cookies.set(name, value);
  return copy;
}

/** Reads a Server-Sent Events stream, collecting `unread` counts. */
function openStream(url: string, http: HttpSession) {
  const counts: number[] = [];
  let response: IncomingMessage | undefined;
  const req = request(`${url}/api/v1/notifications/stream`, {
    headers: { Cookie: http.cookieHeader(), Accept: 'text/event-stream' },
  });
  const opened = new Promise<number>((resolve, reject) => {
    req.once('response', (res) => {
      response = res;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: unread\ndata: (.*)$/m.exec(block)?.[1];
          if (data) counts.push((JSON.parse(data) as { unreadCount: number }).unreadCount);
        }
      });
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
  });
  req.end();
  return { opened, counts, close: () => (response ? response.destroy() : req.destroy()) };
}

describe.skipIf(!onPostgres)('scale out: two instance processes behind a round-robin proxy', () => {
  let admin: Knex;
  /** The suite's own connection to the instances' database: it reads what they wrote, and adds users. */
  let db: Knex;
  let databaseUrl: string;
  const databaseName = `backline_scale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let s3: S3TestServer;
  let storage: S3Storage;
  let redisUrl: string;
  let redis: StartedProcess | undefined;
  let a: Instance;
  let b: Instance;
  let proxy: RoundRobinProxy;
  let aStopped: Promise<number | null> | undefined;
  const appKey = `base64:${randomBytes(32).toString('base64')}`;
  let adminHttp: HttpSession;

  const startInstance = async (): Promise<Instance> => {
    const data = tempDir('backline-scale-');
    const instance = await startInstanceProcess({
      // Every instance of one site shares APP_KEY: secrets at rest and signed values read the same everywhere.
      APP_KEY: appKey,
      DATABASE_URL: databaseUrl,
      DATA_DIR: data.dir,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      REDIS_URL: redisUrl,
      MUSIC_DEMO_LIBRARY: 'off',
      // The first start seeds the roles and this admin.
      DEMO_ADMIN_EMAIL: ADMIN_EMAIL,
      DEMO_ADMIN_PASSWORD: PASSWORD,
    });
    return { ...instance, cleanup: data.cleanup };
  };

  /** A verified user, written straight to the shared database as `backline users:create` would. */
  const addUser = async (email: string) => {
    const passwordHash = await hashPassword(PASSWORD);
    const now = new Date();
    return db.transaction((trx) => createUser(trx, { email, passwordHash, emailVerifiedAt: now, now }));
  };

  beforeAll(async () => {
    // A database of its own on the machine's server: the instances use its default schema, as a deployment does.
    admin = knexFactory({ client: 'pg', connection: DATABASE_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`create database "${databaseName}"`);
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
    db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
    s3 = await startS3Server();
    storage = new S3Storage({ driver: 's3', ...s3 });
    // A Redis of the suite's own (so two runs on one machine never share counters), or the one REDIS_URL names.
    if (process.env.REDIS_URL) redisUrl = process.env.REDIS_URL;
    else {
      const started = await startRedis();
      redis = started;
      redisUrl = started.url;
    }
    // Both start at once on the empty database: one migrates (and seeds) while the other waits for it.
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    proxy = await startRoundRobinProxy([a.url, b.url]);
    adminHttp = new HttpSession(a.url);
    expect((await loginOverHttp(adminHttp, ADMIN_EMAIL, PASSWORD)).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([aStopped ?? a?.stop(), b?.stop()]);
    a?.cleanup();
    b?.cleanup();
    await redis?.stop();
    await s3?.close();
    await db?.destroy();
    await admin?.raw(`drop database if exists "${databaseName}" with (force)`);
    await admin?.destroy();
  }, 60_000);

  /** The sha256 of what the shared bucket holds at `key`. */
  const storedSha = async (key: string): Promise<string> => {
    const hash = createHash('sha256');
    for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  };

  it('both instances are ready, with the PostgreSQL bus connected', async () => {
    for (const instance of [a, b]) {
      const ready = await new HttpSession(instance.url).get('/api/v1/health/ready');
      expect([ready.status, ready.data]).toEqual([
        200,
        { status: 'ready', database: 'up', bus: { kind: 'postgres', connected: true } },
      ]);
    }
  });

  it("an admin's settings change through A shows in B's bootstrap data", async () => {
    const visitorOnB = new HttpSession(b.url);
    // B has read (and cached) the settings before the change.
    expect((await bootstrapOn(visitorOnB)).settings.branding!.site_name).not.toBe('Scaled Music');
    const saved = await adminHttp.request('PUT', '/api/v1/admin/settings', {
      json: { settings: { 'branding.site_name': 'Scaled Music' } },
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => (await bootstrapOn(visitorOnB)).settings.branding!.site_name)
      .toBe('Scaled Music');
  });

  it('a theme edit through A shows in B', async () => {
    const visitorOnB = new HttpSession(b.url);
    const before = (await bootstrapOn(visitorOnB)).themes.all;
    expect(before.length).toBeGreaterThan(0);
    const listed = await adminHttp.get('/api/v1/admin/themes');
    const theme = (listed.data as { themes: Record<string, unknown>[] }).themes[0]!;
    const { id, name, is_dark, default_light, default_dark, colors } = theme;
    expect(before.find((row) => row.id === id)?.name).toBe(name);
    const saved = await adminHttp.request('PUT', `/api/v1/admin/themes/${id}`, {
      json: { name: 'Scaled theme', is_dark, default_light, default_dark, colors },
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => (await bootstrapOn(visitorOnB)).themes.all.find((row) => row.id === id)?.name)
      .toBe('Scaled theme');
  });

  it('a new language and its translation lines, saved through A, reach visitors of B', async () => {
    const visitorOnB = new HttpSession(b.url);
    visitorOnB.cookies.set('locale', 'fr');
    // B loads the stored languages (none in French yet) before the admin adds one.
    expect((await bootstrapOn(visitorOnB)).i18n.language).not.toBe('fr');
    const created = await adminHttp.post('/api/v1/admin/localizations', { language: 'fr', name: 'Français' });
    expect(created.status).toBe(201);
    const saved = await adminHttp.request('PUT', '/api/v1/admin/localizations/fr', {
      json: { lines: { Search: 'Chercher' } },
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => {
        const { i18n } = await bootstrapOn(visitorOnB);
        return [i18n.language, i18n.lines.Search];
      })
      .toEqual(['fr', 'Chercher']);
  });

  it('a tus upload whose requests alternate between the instances completes byte-identical', async () => {
    const user = await addUser('uploader@scale.test');
    const http = new HttpSession(proxy.url);
    expect((await loginOverHttp(http, 'uploader@scale.test', PASSWORD)).status).toBe(200);
    const data = randomBytes(10 * MIB + 4_321);
    const from = proxy.log.length;
    const result = await tusUpload(http, data, {
      chunkSize: 3 * MIB,
      metadata: { name: 'scaled.bin', mime: 'application/octet-stream' },
    });
    expect(result.aborted).toBe(false);
    // The chunks landed on both instances (the client sends PATCH as an overridden POST).
    const patches = proxy.log.slice(from).filter((entry) => entry.method === 'PATCH');
    expect(patches.length).toBe(4);
    expect(new Set(patches.map((entry) => entry.upstream))).toEqual(new Set([a.url, b.url]));
    expect(patches.every((entry) => entry.status === 204)).toBe(true);

    const claimed = await http.post('/api/v1/tus/entries', { uploadKey: result.key });
    expect(claimed.status).toBe(201);
    const entry = (claimed.data as { fileEntry: { file_name: string; size: number } }).fileEntry;
    expect(entry.size).toBe(data.length);
    expect(await storedSha(`uploads/${entry.file_name}`)).toBe(sha256(data));
    const rows = await db('file_entries').where({ owner_id: user.id });
    expect(rows).toHaveLength(1);
  });

  it('two concurrent PATCHes of one upload on different instances are serialised', async () => {
    await addUser('racer@scale.test');
    const onA = new HttpSession(a.url);
    expect((await loginOverHttp(onA, 'racer@scale.test', PASSWORD)).status).toBe(200);
    const onB = sameBrowser(onA, b.url);
    const size = 6 * MIB;
    const first = randomBytes(size);
    const second = randomBytes(size);
    const created = await onA.request('POST', '/api/v1/tus/upload', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(size),
        'Upload-Metadata': `name ${Buffer.from('race.bin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patch = (instance: Instance, http: HttpSession) => {
      const req = request(new URL(location, instance.url), {
        method: 'PATCH',
        headers: {
          Cookie: http.cookieHeader(),
          [XSRF_HEADER]: decodeURIComponent(http.cookies.get(XSRF_COOKIE)!),
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(size),
        },
      });
      const status = new Promise<number>((resolve, reject) => {
        req.once('response', (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
        });
        req.once('error', reject);
      });
      return { req, status };
    };
    const advisoryLocks = async () =>
      Number(
        (
          await db.raw(
            `select count(*)::int as n from pg_locks where locktype = 'advisory'
               and database = (select oid from pg_database where datname = current_database())`,
          )
        ).rows[0].n,
      );
    expect(await advisoryLocks()).toBe(0);

    // A takes the upload's lock and is half-way through its body…
    const onFirst = patch(a, onA);
    onFirst.req.write(first.subarray(0, size / 2));
    await expect.poll(advisoryLocks).toBe(1);
    // …when the same upload's PATCH from offset 0 reaches B, whole.
    const onSecond = patch(b, onB);
    onSecond.req.end(second);
    onFirst.req.end(first.subarray(size / 2));
    const statuses = await Promise.all([onFirst.status, onSecond.status]);
    // A finished first; B, once it held the lock, found the offset moved (409) or gave up waiting (423).
    expect(statuses[0]).toBe(204);
    expect([409, 423]).toContain(statuses[1]);
    const head = await onB.request('HEAD', location, { headers: { 'Tus-Resumable': '1.0.0' } });
    expect(head.headers.get('upload-offset')).toBe(String(size));
    const claimed = await onB.post('/api/v1/tus/entries', { uploadKey: location.split('/').pop() });
    expect(claimed.status).toBe(201);
    const entry = (claimed.data as { fileEntry: { file_name: string } }).fileEntry;
    // Nothing of the refused request's bytes got in.
    expect(await storedSha(`uploads/${entry.file_name}`)).toBe(sha256(first));
    expect(await advisoryLocks()).toBe(0);
  });

  it('a notification raised via A reaches a live connection held on B', async () => {
    const listener = await addUser('listener@scale.test');
    await addUser('fan@scale.test');
    const http = new HttpSession(b.url);
    expect((await loginOverHttp(http, 'listener@scale.test', PASSWORD)).status).toBe(200);
    const fanOnA = new HttpSession(a.url);
    expect((await loginOverHttp(fanOnA, 'fan@scale.test', PASSWORD)).status).toBe(200);
    const stream = openStream(b.url, http);
    try {
      expect(await stream.opened).toBe(200);
      await expect.poll(() => stream.counts).toEqual([0]);
      // Following a listener on A raises their "new follower" notification in A's process.
      const followed = await fanOnA.post(`/api/v1/me/follows/user/${listener.id}`, {});
      expect(followed.status).toBe(204);
      await expect.poll(() => stream.counts).toEqual([0, 1]);
      // Reading it on A brings B's stream back to zero.
      const onA = sameBrowser(http, a.url);
      const marked = await onA.post('/api/v1/notifications/mark-all-as-read', {});
      expect(marked.status).toBe(200);
      await expect.poll(() => stream.counts).toEqual([0, 1, 0]);
    } finally {
      stream.close();
    }
  });

  it('a login rate limit spent on A is spent on B', async () => {
    await addUser('target@scale.test');
    const onA = new HttpSession(a.url);
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await loginOverHttp(onA, 'target@scale.test', 'wrong password');
      expect(failed.status).toBe(422);
    }
    // The sixth attempt, on the other instance, finds the limit spent: even the right password is refused.
    const onB = new HttpSession(b.url);
    const refused = await loginOverHttp(onB, 'target@scale.test', PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The counters are Redis's: the two processes share nothing else that could have carried them.
    expect((await redisKeys(redisUrl)).some((key) => key.startsWith('backline:login'))).toBe(true);
  });

  it('stopping A under load loses no acknowledged write or upload, and B serves everything meanwhile', async () => {
    await addUser('writer@scale.test');
    const http = new HttpSession(proxy.url);
    expect((await loginOverHttp(http, 'writer@scale.test', PASSWORD)).status).toBe(200);
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let stopped = false;
    let written = 0;
    let acknowledgedAfterStop = 0;
    const worker = async () => {
      while (!stopped || acknowledgedAfterStop < 20) {
        const name = `load ${++written}`;
        const answer = await http.post('/api/v1/playlists', { name });
        if (answer.status === 201) {
          acknowledged.push(name);
          if (stopped) acknowledgedAfterStop++;
        } else failures.push(`${name}: ${answer.status} ${JSON.stringify(answer.data)}`);
        const read = await http.get('/api/v1/me/playlists');
        if (read.status !== 200) failures.push(`read: ${read.status} ${JSON.stringify(read.data)}`);
      }
    };
    const workers = [worker(), worker(), worker(), worker()];
    // An upload in small chunks runs meanwhile: chunks before, during and after the stop.
    const file = randomBytes(6 * MIB + 99);
    let chunks = 0;
    const upload = tusUpload(http, file, {
      chunkSize: MIB,
      metadata: { name: 'rolling.bin', mime: 'application/octet-stream' },
      onChunk: () => {
        chunks++;
        return false;
      },
    });
    // A stops (drains its requests in flight) once both instances have taken writes and the upload is under way.
    await expect
      .poll(
        () =>
          new Set(proxy.log.filter((entry) => entry.path === '/api/v1/playlists').map((e) => e.upstream))
            .size,
      )
      .toBe(2);
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(10);
    await expect.poll(() => chunks).toBeGreaterThanOrEqual(2);
    // SIGTERM, as a rolling restart sends it: A drains the requests it holds, then exits cleanly.
    aStopped = a.stop();
    expect(await aStopped).toBe(0);
    stopped = true;
    await Promise.all(workers);
    const uploaded = await upload;
    expect(chunks).toBe(7);

    expect(failures).toEqual([]);
    // Every acknowledged write is in the database.
    const stored = new Set(
      (await db('music_playlists').whereIn('name', acknowledged).select('name')).map(
        (row: { name: string }) => row.name,
      ),
    );
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    // The upload finished on B, byte-identical.
    const claimed = await http.post('/api/v1/tus/entries', { uploadKey: uploaded.key });
    expect(claimed.status).toBe(201);
    const entry = (claimed.data as { fileEntry: { file_name: string } }).fileEntry;
    expect(await storedSha(`uploads/${entry.file_name}`)).toBe(sha256(file));
    // After A stopped, B answered everything.
    const ready = await new HttpSession(b.url).get('/api/v1/health/ready');
    expect(ready.status).toBe(200);
  });
});
