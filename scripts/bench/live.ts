/**
 * What 1,000 open live-notification streams (Server-Sent Events, `GET notifications/stream`) cost the rest of
 * the server: the p99 latency of `GET /api/v1/bootstrap-data` for a signed-in user while the streams are open,
 * against the same server with none open, measured in the same run with the same tool (autocannon) on loopback.
 *
 *   pnpm bench live
 *   BENCH_STREAMS=2000 BENCH_ROUNDS=3 BENCH_DURATION=8 BENCH_CONNECTIONS=10 pnpm bench live
 *
 * The server runs in its own process; rounds alternate between "idle" (no streams) and "streams open", so noise
 * from a shared machine falls on both. Every stream must have received its first `unread` event before a
 * streams-open round starts, and must still be open when it ends. Goal: p99 with the streams at most 2× the
 * idle p99. Like the other benchmarks it reports rather than gates: it fails only when something misbehaves.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus } from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';
import autocannon from 'autocannon';

const GOAL = 2;
const streams = Number(process.env.BENCH_STREAMS ?? 1000);
const users = Number(process.env.BENCH_USERS ?? 10);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PATH = '/api/v1/bootstrap-data';

function startServer() {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', path.join(import.meta.dirname, '_live-server.ts')],
    { env: { ...process.env, BENCH_USERS: String(users) }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise<{ url: string; child: ChildProcess }>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Signs a bench user in over HTTP as the browser does; answers the Cookie header of the session. */
async function login(url: string, email: string): Promise<string> {
  const first = await fetch(`${url}/api/v1/health`);
  const xsrf = first.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${XSRF_COOKIE}=`))!
    .split(';')[0]!;
  const answer = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Cookie: xsrf,
      [XSRF_HEADER]: decodeURIComponent(xsrf.split('=')[1]!),
    },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${await answer.text()}`);
  const cookies = new Map([[XSRF_COOKIE, xsrf.split('=')[1]!]]);
  for (const line of answer.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Opens `count` event streams spread over the sessions; resolves once each has its first event. */
async function openStreams(url: string, sessions: string[], count: number) {
  // One socket per stream, as one per browser tab.
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const open: ReturnType<typeof request>[] = [];
  let dropped = 0;
  let closing = false;
  const openOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const req = request(`${url}/api/v1/notifications/stream`, {
        agent,
        headers: { Cookie: sessions[i % sessions.length]!, Accept: 'text/event-stream' },
      });
      req.on('response', (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${i}: ${res.statusCode}`));
        res.setEncoding('utf8');
        let first = true;
        res.on('data', (chunk: string) => {
          if (first && chunk.includes('event: unread')) {
            first = false;
            resolve();
          }
        });
        res.on('error', () => {});
        res.on('close', () => {
          if (!closing) dropped++;
        });
      });
      req.on('error', (error) => (closing ? undefined : reject(error)));
      req.end();
      open.push(req);
    });
  // Open them in batches of 100, as tabs come and go, not as one burst the listen backlog must absorb.
  for (let i = 0; i < count; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => openOne(i + j)));
  return {
    get dropped() {
      return dropped;
    },
    close() {
      closing = true;
      for (const req of open) req.destroy();
      agent.destroy();
    },
  };
}

async function p99(url: string, cookie: string, seconds: number): Promise<{ p99: number; rps: number }> {
  const result = await autocannon({
    url: `${url}${PATH}`,
    connections,
    duration: seconds,
    headers: { cookie },
  });
  if (result.errors || result.non2xx || result.timeouts)
    throw new Error(`${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  return { p99: result.latency.p99, rps: result.requests.average };
}

const server = await startServer();
try {
  const sessions: string[] = [];
  for (let i = 0; i < users; i++) sessions.push(await login(server.url, `live-${i}@bench.test`));
  const probe = sessions[0]!;
  const check = await fetch(`${server.url}${PATH}`, { headers: { cookie: probe } });
  const user = JSON.parse((await check.json()).data.data).user;
  if (!user || typeof user.unread_notifications_count !== 'number')
    throw new Error('the probe is not signed in, or the bootstrap user has no unread count');

  console.log(
    `GET ${PATH} (signed in): ${connections} connections, ${rounds} rounds of ${duration}s each side, ` +
      `${streams} streams over ${users} sessions, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
      `Node ${process.version}`,
  );
  await p99(server.url, probe, 2);
  const idle: number[] = [];
  const live: number[] = [];
  const idleRps: number[] = [];
  const liveRps: number[] = [];
  const withStreams = async () => {
    const open = await openStreams(server.url, sessions, streams);
    try {
      const result = await p99(server.url, probe, duration);
      if (open.dropped) throw new Error(`${open.dropped} streams closed during the round`);
      live.push(result.p99);
      liveRps.push(result.rps);
    } finally {
      open.close();
    }
  };
  const withoutStreams = async () => {
    const result = await p99(server.url, probe, duration);
    idle.push(result.p99);
    idleRps.push(result.rps);
  };
  for (let round = 1; round <= rounds; round++) {
    if (round % 2) {
      await withoutStreams();
      await withStreams();
    } else {
      await withStreams();
      await withoutStreams();
    }
    console.log(
      `round ${round}: idle p99 ${idle.at(-1)} ms (${idleRps.at(-1)!.toFixed(0)} req/s), ` +
        `${streams} streams open p99 ${live.at(-1)} ms (${liveRps.at(-1)!.toFixed(0)} req/s)`,
    );
  }
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  const ratio = mean(live) / mean(idle);
  console.log(`idle:         p99 ${mean(idle).toFixed(1)} ms, ${mean(idleRps).toFixed(0)} req/s`);
  console.log(`streams open: p99 ${mean(live).toFixed(1)} ms, ${mean(liveRps).toFixed(0)} req/s`);
  console.log(`ratio:        ${ratio.toFixed(2)} (goal <= ${GOAL}) ${ratio <= GOAL ? 'MET' : 'MISSED'}`);
} finally {
  await stop(server.child);
}
