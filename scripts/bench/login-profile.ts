/**
 * Where a login's CPU goes, apart from argon2. Throughput on a shared machine swings by 2× from one phase to
 * the next; CPU time per request hardly moves, so this is the number to judge a change to the login path by.
 *
 *   pnpm bench login-profile
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench login-profile
 *   BENCH_CPU_PROFILE=1 pnpm bench login-profile   # also a V8 profile of the server under a login storm
 *   BENCH_LOGIN_SERVER=/elsewhere/scripts/bench/login.ts pnpm bench login-profile   # another version's server
 *
 * It starts the same server as login.ts (`login.ts --serve`, 20,000 users) in a child process and sends it
 * BENCH_LOGINS logins (two in flight, as many as the server hashes at once) after BENCH_WARMUP unmeasured
 * ones. It reads the child's CPU time from /proc (Linux only) before and after:
 *
 * - the main thread: everything but hashing (which runs on libuv's pool): HTTP, Koa, the queries (PGlite runs
 *   them on the main thread), the bootstrap answer; next to it the same POST refused by validation (the
 *   pipeline's floor) and a login for an unknown address (rate limit, user query, dummy verification);
 * - the whole process, minus one raw argon2 verification (measured here, same binding and parameters);
 * - with PostgreSQL, the server's backends (found by `application_name`), which share the cores too;
 * - a signed-in `GET bootstrap-data`, what login.ts's probe asks during a storm.
 *
 * On two cores that both hash, a login rate of 0.8 of raw verification leaves a quarter of a verification's
 * CPU for everything else a login does; the budget line compares against that. Its model is rough: it leaves
 * out the load generator, which shares the cores in login.ts, and the cache misses hashing causes elsewhere.
 * Work on the main thread costs two to three times more while both cores hash than in a quiet loop (argon2's
 * 19 MiB per hash evicts the caches), which is why a query's cost here exceeds its cost measured alone.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { visitorHeaders } from './_visitor';

const serverRequire = createRequire(import.meta.resolve('@backline/server/package.json'));
const { hash, verify } = serverRequire('@node-rs/argon2') as {
  hash(password: string, options: object): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
};

const USERS = 20_000; // as login.ts seeds
const PASSWORD = 'benchmark-password-1';
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 600);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const IN_FLIGHT = 2;
/*
 * The profiler samples wall time: a main thread waiting for a core shows as time in whatever it was running.
 * One connection leaves a core free for it, so the profile shows CPU; 8 (login.ts's storm) shows contention.
 */
const PROFILE_CONNECTIONS = Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 1);
const profileWanted = !!process.env.BENCH_CPU_PROFILE || process.argv.includes('--cpu-prof');
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

/** utime + stime of a process (or one of its threads) in ms, from /proc. */
function cpuMs(pid: number, thread?: number): number {
  try {
    const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // a backend that exited
  }
}

// ---------------------------------------------------------------------------------------------------------
// The server, and a line reader for what it prints.

const appName = `backline_login_profile_${process.pid}`;
const databaseUrl = process.env.DATABASE_URL
  ? `${process.env.DATABASE_URL}${process.env.DATABASE_URL.includes('?') ? '&' : '?'}application_name=${appName}`
  : undefined;
const profileFile = path.join(tmpdir(), `backline-login-${process.pid}.cpuprofile`);

const child: ChildProcess = spawn(
  process.execPath,
  [
    '--conditions=@backline/source',
    '--import',
    'tsx',
    // Another checkout's login.ts (with its own node_modules links) compares two versions on the same machine.
    process.env.BENCH_LOGIN_SERVER ?? path.join(import.meta.dirname, 'login.ts'),
    '--serve',
  ],
  {
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(profileWanted ? { BENCH_CPU_PROFILE: profileFile } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
async function nextMessage(): Promise<Record<string, unknown>> {
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error('The bench server exited');
    if (value.startsWith('{')) return JSON.parse(value) as Record<string, unknown>;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Logins over keep-alive connections, IN_FLIGHT at a time, each user in turn (as login.ts's storm does).

const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
let nextUser = 0;
function call(method: string, url: URL, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': Buffer.byteLength(body) };
    const req = request(url, { method, agent, headers: { ...headers, ...length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}
/** Sends `count` requests, IN_FLIGHT at a time (a POST when `body` is given); each must answer `expected`. */
async function send(
  target: URL,
  headers: Record<string, string>,
  count: number,
  body: (() => string) | undefined,
  expected: number,
): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) {
        const status = body
          ? await call('POST', target, headers, body())
          : await call('GET', target, headers);
        if (status !== expected) throw new Error(`${target.pathname} answered ${status}, not ${expected}`);
      }
    }),
  );
}
const loginBody = () => JSON.stringify({ email: `user${nextUser++ % USERS}@bench.test`, password: PASSWORD });

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL backends of the server, by application_name.

async function backendPids(): Promise<number[]> {
  if (!process.env.DATABASE_URL) return [];
  const pg = serverRequire('pg') as typeof import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [appName],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// A V8 profile's self time by function and by package, and inclusive time of our own functions.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(import.meta.dirname, '../..');
function where(url: string): string {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (file.startsWith(root)) return path.relative(root, file);
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return url.startsWith('wasm') ? 'wasm' : url;
}
const packageOf = (url: string) => {
  const place = where(url);
  if (place.startsWith('packages/')) return place.split('/').slice(0, 5).join('/');
  return place;
};

function summarise(profile: Profile, loginCount: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    busy += ms;
    const name = `${functionName || '(anonymous)'} ${url ? `${where(url)}:${lineNumber + 1}` : ''}`.trim();
    self.set(name, (self.get(name) ?? 0) + ms);
    const pkg = url ? packageOf(url) : functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    // Inclusive time of our own source's frames (each once per sample, however deep the recursion).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const place = where(frame.url);
      if (!place.startsWith('packages/') && !place.startsWith('scripts/')) continue;
      const key = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  const per = (ms: number) => `${((ms / loginCount) * 1000).toFixed(0).padStart(6)} µs`;
  const table = (title: string, map: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
      console.log(`${per(ms)} ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
  };
  console.log(
    `\nmain thread under the storm: ${busy.toFixed(0)} ms busy for ${loginCount} logins = ${(busy / loginCount).toFixed(2)} ms per login (profiler overhead included)`,
  );
  table('self time by package (per login, share of busy time):', byPackage, 25);
  table('self time by function:', self, 40);
  table('inclusive time of Backline functions:', inclusive, 40);
}

// ---------------------------------------------------------------------------------------------------------

try {
  const { url, database } = (await nextMessage()) as { url: string; database: string };
  const { headers } = await visitorHeaders(url);

  /*
   * One raw verification's CPU, in this process while the server idles, IN_FLIGHT at a time as the server
   * runs them: two vCPUs may share a physical core, and a verification costs more CPU when both hash.
   */
  const stored = await hash(PASSWORD, ARGON2);
  const verifyRound = (count: number) =>
    Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let i = 0; i < count / IN_FLIGHT; i++) await verify(stored, PASSWORD);
      }),
    );
  await verifyRound(10);
  const verifies = 100;
  const before = process.cpuUsage();
  await verifyRound(verifies);
  const used = process.cpuUsage(before);
  const verifyMs = (used.user + used.system) / 1000 / verifies;

  const pid = child.pid!;
  const loginUrl = new URL('/auth/login', url);
  /** CPU per request of `count` requests, after `warmup` unmeasured ones. */
  const measure = async (count: number, warmup: number, run: (count: number) => Promise<void>) => {
    await run(warmup);
    const pidsBefore = await backendPids();
    const start = {
      main: cpuMs(pid, pid),
      all: cpuMs(pid),
      pg: new Map(pidsBefore.map((p) => [p, cpuMs(p)])),
      wall: performance.now(),
    };
    await run(count);
    const wall = performance.now() - start.wall;
    const main = (cpuMs(pid, pid) - start.main) / count;
    const all = (cpuMs(pid) - start.all) / count;
    let pgMs = 0;
    const backends = new Set([...pidsBefore, ...(await backendPids())]);
    for (const p of backends) pgMs += cpuMs(p) - (start.pg.get(p) ?? 0);
    return { main, all, pg: pgMs / count, backends: backends.size, perSecond: count / (wall / 1000) };
  };

  // The floor: the same route refused by validation (422) runs the whole pipeline with no query and no hash.
  const floor = await measure(LOGINS * 2, WARMUP, (n) => send(loginUrl, headers, n, () => '{}', 422));
  // An unknown address: the rate limit, the user query and the dummy verification, then the same 422.
  let stranger = 0;
  const unknown = await measure(LOGINS, WARMUP, (n) =>
    send(
      loginUrl,
      headers,
      n,
      () => JSON.stringify({ email: `nobody${stranger++}@bench.test`, password: PASSWORD }),
      422,
    ),
  );
  const { main, all, pg, backends, perSecond } = await measure(LOGINS, WARMUP, (n) =>
    send(loginUrl, headers, n, loginBody, 200),
  );

  // What the storm's probe asks: a signed-in user's bootstrap data (the session, the user, its access).
  const signedIn = await fetch(loginUrl, { method: 'POST', headers, body: loginBody() });
  const session = signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('backline_session='))!
    .split(';')[0]!;
  const bootstrapUrl = new URL('/api/v1/bootstrap-data', url);
  const probe = await measure(LOGINS * 2, WARMUP, (n) =>
    send(bootstrapUrl, { cookie: `${headers.cookie}; ${session}` }, n, undefined, 200),
  );

  const other = Math.max(0, all - verifyMs) + pg;
  const budget = verifyMs / 4;
  const line = (label: string, value: number, note = '') =>
    console.log(`${label.padEnd(44)}${value.toFixed(2)} ms${note ? ` ${note}` : ''}`);
  console.log(
    `${database}; ${LOGINS} logins after ${WARMUP} warm-up, ${IN_FLIGHT} in flight; ${perSecond.toFixed(0)} logins/s`,
  );
  line('raw argon2 verification, CPU:', verifyMs);
  line('login, server main thread CPU:', main, '(all but hashing: HTTP, Koa, queries, bootstrap answer)');
  line('  the same POST refused by validation:', floor.main, '(HTTP, middleware, body, validation)');
  line('  an unknown address:', unknown.main, '(+ rate limit, user query, dummy verification)');
  line('login, server process CPU:', all, '(hashing included)');
  if (process.env.DATABASE_URL) line(`login, PostgreSQL CPU (${backends} backends):`, pg);
  line(
    'login CPU besides one verification:',
    other,
    `(budget for login/raw ≥ 0.8: ${budget.toFixed(2)} ms; a rough model puts login/raw at ${(verifyMs / (verifyMs + other)).toFixed(2)})`,
  );
  line(
    'GET bootstrap-data signed in, main thread:',
    probe.main,
    process.env.DATABASE_URL ? `(+ ${probe.pg.toFixed(2)} ms PostgreSQL)` : '',
  );

  if (profileWanted) {
    process.kill(pid, 'SIGUSR2');
    while (!(await nextMessage()).profiling);
    const storm = await autocannon({
      url,
      connections: PROFILE_CONNECTIONS,
      duration: 5,
      requests: [
        {
          method: 'POST',
          path: '/auth/login',
          headers,
          setupRequest: (req) => ({ ...req, body: loginBody() }),
        },
      ],
    });
    process.kill(pid, 'SIGUSR2');
    let message = await nextMessage();
    while (!message.profile) message = await nextMessage();
    if (storm.non2xx || storm.errors)
      throw new Error(`storm: ${storm.non2xx} non-2xx, ${storm.errors} errors`);
    summarise(JSON.parse(readFileSync(profileFile, 'utf8')) as Profile, storm.requests.total);
    console.log(`\nprofile kept at ${profileFile} (open it in Chrome DevTools)`);
  }
} finally {
  agent.destroy();
  child.kill('SIGTERM');
  if (!profileWanted) rmSync(profileFile, { force: true });
}
