/**
 * Login benchmark. Prints two ratios, each against a baseline measured in the same run:
 *
 * 1. login requests per second over raw argon2id verifications per second (goal ≥ 0.8): the login path
 *    should cost little beyond the hash it must compute;
 * 2. the p99 of `GET bootstrap-data` during a login storm over its p99 when idle (goal ≤ 3×): hashing runs off
 *    the event loop, so a storm of logins must not stall everything else.
 *
 * Next to the first it prints a floor: the same POST through the same app and middleware, validated and
 * verified by the same `verifyPassword`, but touching no database (a route only this bench adds). Its ratio is
 * what the machine leaves a login at all once HTTP, the load generator and the hash share its cores, so a
 * reader can tell the login path's cost from the machine's.
 *
 * The server runs in a child process on loopback (this file with `--serve`), so the load generator does not
 * share its event loop. Bounded: about a minute. Run with `pnpm bench login`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { visitorHeaders } from './_visitor';

// The baseline uses the very argon2 binding the server does, resolved from the server package.
interface Argon2 {
  hash(password: string, options: object): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}
const serverRequire = createRequire(import.meta.resolve('@backline/server/package.json'));
const { hash, verify } = serverRequire('@node-rs/argon2') as Argon2;

/*
 * A storm of distinct people, as a real one is: with this many users none logs in twice within the login
 * limit's minute here, so no login pays for clearing earlier attempts (a first success keeps its one point).
 * 400 users cycling every few seconds made most logins also delete a limiter key.
 */
const USERS = 20_000;
const PASSWORD = 'benchmark-password-1';
/*
 * Short phases, alternated over several rounds, with the median ratio reported: on a shared machine the load
 * from elsewhere drifts, and alternating lets the drift land on both sides of each ratio alike.
 */
const ROUNDS = 5;
const PHASE_SECONDS = 3;
const LOGIN_CONNECTIONS = 8;
/** The next user to log in: it runs on across phases, so no user comes back within the limit's minute. */
let next = 1; // user0 is the probe's signed-in user
/** Bootstrap requests arrive at a fixed rate in both phases, so the two p99s are comparable. */
const BOOTSTRAP_RATE = 100;
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

if (process.argv.includes('--serve')) await serve();
else await bench();

/** The server side: a fresh app with accounts and USERS users, on a free loopback port. */
async function serve(): Promise<void> {
  const { accounts, createBackline, defineModule, emailField, passwordField, verifyPassword } = await import(
    '@backline/server'
  );
  const { route } = await import('@backline/core/contract');
  // The server's own zod, so the floor validates its body exactly as the login route does.
  const z = serverRequire('zod/mini') as typeof import('zod/mini');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backline-bench-'));
  // Embedded PGlite by default; DATABASE_URL benches PostgreSQL, in a schema of its own that is dropped after.
  const url = process.env.DATABASE_URL;
  const schema = url ? `bench_${process.pid}` : undefined;
  // One hash for every user: seeding them must not take a hash each.
  const passwordHash = await hash(PASSWORD, ARGON2);
  // The floor: a login's request, body validation and verification, without its queries or its session.
  const floor = defineModule({
    id: 'bench-floor',
    routes(router) {
      const verify = route({
        method: 'POST',
        path: 'bench/verify',
        tag: 'bench',
        summary: 'A login without the database (bench only)',
        body: z.object({ email: emailField, password: passwordField() }),
        response: z.object({ valid: z.boolean() }),
      });
      router
        .route(verify)
        .handle(async ({ body }) => ({ valid: await verifyPassword(passwordHash, body.password) }));
    },
  });
  const app = await createBackline({
    dataDir,
    database: { url, schema },
    modules: [accounts(), floor],
    rateLimits: process.env.REDIS_URL ? { redis: process.env.REDIS_URL } : undefined,
    logger: 'silent',
  });
  const now = new Date();
  await app.kit.knex.batchInsert(
    'users',
    Array.from({ length: USERS }, (_, i) => ({
      email: `user${i}@bench.test`,
      password: passwordHash,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })),
    1000,
  );
  const started = await app.start(0, '127.0.0.1');
  if (process.env.BENCH_CPU_PROFILE) await profileOnSignal(process.env.BENCH_CPU_PROFILE);
  console.log(JSON.stringify({ url: started.url, database: app.kit.db.kind }));
  const stop = async () => {
    if (schema) await app.kit.knex.raw('drop schema if exists ?? cascade', [schema]);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * For login-profile.ts: SIGUSR2 starts V8's CPU profiler, the next SIGUSR2 writes the profile to `file` and
 * prints `{"profile": file}`. Only the window between the two is profiled, not start-up and seeding.
 */
async function profileOnSignal(file: string): Promise<void> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 250 µs between samples: a login's few milliseconds of main-thread work land in enough samples.
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  let running = false;
  process.on('SIGUSR2', async () => {
    if (!running) {
      running = true;
      await session.post('Profiler.start');
      console.log(JSON.stringify({ profiling: true }));
      return;
    }
    running = false;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    console.log(JSON.stringify({ profile: file }));
  });
}

async function startServer(): Promise<{ url: string; database: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', import.meta.filename, '--serve'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { ...(JSON.parse(line) as { url: string; database: string }), child };
  }
  throw new Error('The bench server exited before it was ready');
}

/**
 * Raw argon2id verifications per second with one verification in flight per core: what the machine can hash
 * (more in flight only queue on the thread pool; the server caps its own hashing the same way).
 */
async function rawVerifyRate(stored: string, seconds: number): Promise<number> {
  let count = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: availableParallelism() }, async () => {
      while (performance.now() < end) {
        await verify(stored, PASSWORD);
        count++;
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

/** A visitor's cookies and XSRF header, and a signed-in user's cookie, from real requests. */
async function credentials(url: string) {
  const { xsrf, headers } = await visitorHeaders(url);
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'user0@bench.test', password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const session = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('backline_session='))!
    .split(';')[0]!;
  return { headers, userCookie: `${xsrf}; ${session}` };
}

/** Logins (or, with `path` set to the floor's route, the same request without the database), each user in turn. */
function loginStorm(url: string, headers: Record<string, string>, path = '/auth/login') {
  return autocannon({
    url,
    connections: LOGIN_CONNECTIONS,
    duration: PHASE_SECONDS,
    requests: [
      {
        method: 'POST',
        path,
        headers,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ email: `user${next++ % USERS}@bench.test`, password: PASSWORD }),
        }),
      },
    ],
  });
}

function bootstrapProbe(url: string, cookie: string) {
  return autocannon({
    url: `${url}/api/v1/bootstrap-data`,
    connections: 2,
    overallRate: BOOTSTRAP_RATE,
    duration: PHASE_SECONDS,
    headers: { cookie },
  });
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function bench(): Promise<void> {
  const { url, database, child } = await startServer();
  try {
    const { headers, userCookie } = await credentials(url);
    const stored = await hash(PASSWORD, ARGON2);
    // The floor must verify for real: a failing check would cost the same but prove nothing.
    const check = await fetch(`${url}/api/v1/bench/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'user1@bench.test', password: PASSWORD }),
    });
    const checked = (await check.json()) as { valid?: boolean };
    if (!checked.valid)
      throw new Error(`the floor route answered ${check.status}: ${JSON.stringify(checked)}`);
    const rounds: {
      raw: number;
      login: number;
      floor: number;
      idleP99: number;
      stormP99: number;
      stormLogins: number;
    }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const raw = await rawVerifyRate(stored, PHASE_SECONDS);
      const storm = await loginStorm(url, headers);
      if (storm.non2xx || storm.errors)
        throw new Error(`login storm: ${storm.non2xx} non-2xx, ${storm.errors} errors`);
      const floor = await loginStorm(url, headers, '/api/v1/bench/verify');
      if (floor.non2xx || floor.errors)
        throw new Error(`floor: ${floor.non2xx} non-2xx, ${floor.errors} errors`);
      const idle = await bootstrapProbe(url, userCookie);
      const [during, background] = await Promise.all([
        bootstrapProbe(url, userCookie),
        loginStorm(url, headers),
      ]);
      if (idle.non2xx || during.non2xx || background.non2xx) throw new Error('a probe answered non-2xx');
      rounds.push({
        raw,
        login: storm.requests.average,
        floor: floor.requests.average,
        idleP99: idle.latency.p99,
        stormP99: during.latency.p99,
        stormLogins: background.requests.average,
      });
    }

    const loginRatio = median(rounds.map((r) => r.login / r.raw));
    const floorRatio = median(rounds.map((r) => r.floor / r.raw));
    const p99Ratio = median(rounds.map((r) => r.stormP99 / Math.max(r.idleP99, 1)));
    const verdict = (ok: boolean) => (ok ? 'meets the goal' : 'MISSES the goal');
    const list = (values: number[], digits = 1) => values.map((v) => v.toFixed(digits)).join(' / ');
    console.log(
      `machine: ${availableParallelism()} cores; ${database}; argon2id m=19456 t=2 p=1; ${USERS} users; ${LOGIN_CONNECTIONS} concurrent logins; ${ROUNDS} rounds of ${PHASE_SECONDS} s phases`,
    );
    console.log(`raw argon2 verify/s:      ${list(rounds.map((r) => r.raw))}`);
    console.log(`POST auth/login req/s:    ${list(rounds.map((r) => r.login))}`);
    console.log(
      `login / raw (median):     ${loginRatio.toFixed(2)} (goal ≥ 0.8: ${verdict(loginRatio >= 0.8)})`,
    );
    console.log(`floor req/s (no database): ${list(rounds.map((r) => r.floor))}`);
    console.log(
      `floor / raw (median):     ${floorRatio.toFixed(2)} (the most a login can reach on this machine; login / floor ${(loginRatio / floorRatio).toFixed(2)})`,
    );
    console.log(
      `bootstrap-data p99 idle:  ${list(
        rounds.map((r) => r.idleP99),
        0,
      )} ms`,
    );
    console.log(
      `bootstrap-data p99 storm: ${list(
        rounds.map((r) => r.stormP99),
        0,
      )} ms (${list(rounds.map((r) => r.stormLogins))} logins/s)`,
    );
    console.log(`storm / idle p99 (median): ${p99Ratio.toFixed(2)}× (goal ≤ 3×: ${verdict(p99Ratio <= 3)})`);
  } finally {
    child.kill('SIGTERM');
  }
}
