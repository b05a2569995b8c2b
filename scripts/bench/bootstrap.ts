/**
 * Requests per second of `GET /api/v1/bootstrap-data` on a real createBackline server, against a bare Koa
 * server answering the same JSON, measured in the same run with the same tool (autocannon) on loopback.
 *
 *   pnpm bench bootstrap
 *   BENCH_DURATION=10 BENCH_ROUNDS=3 BENCH_CONNECTIONS=10 pnpm bench bootstrap
 *   BENCH_FLOOR=1 pnpm bench bootstrap   # also a no-op Backline route: the middleware pipeline's own cost
 *
 * Each server runs in its own process; rounds alternate between the two so noise from a shared machine
 * falls on both. Requests carry the XSRF-TOKEN cookie of the first answer, as a browser that loaded the
 * page does (BENCH_FIRST_VISIT=1 sends none, so every answer mints a token). Goal: Backline at least 0.5
 * of the bare server. Like the other benchmarks it reports rather than gates: it fails only when a server
 * misbehaves (errors, non-2xx answers, different JSON).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE } from '@backline/core/contract';
import { tempDir } from '@internal/testing';
import autocannon from 'autocannon';

const GOAL = 0.5;
const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmup = 2;
const firstVisit = process.env.BENCH_FIRST_VISIT === '1';
const withFloor = process.env.BENCH_FLOOR === '1';
let headers: Record<string, string> = {};
const PATH = '/api/v1/bootstrap-data';

/** Starts one side of the benchmark in its own process and answers its URL. */
function startServer(mode: 'backline' | 'koa', env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@backline/source',
      '--import',
      'tsx',
      path.join(import.meta.dirname, '_bootstrap-server.ts'),
      mode,
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise<{ url: string; child: ChildProcess }>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Runs autocannon against a URL; refuses results with errors or non-2xx answers. */
async function measure(url: string, seconds: number, path = PATH): Promise<number> {
  const result = await autocannon({ url: `${url}${path}`, connections, duration: seconds, headers });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  return result.requests.average;
}

const bodyFile = tempDir('bench-body-');
const backline = await startServer('backline');
let koa: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const answer = await fetch(`${backline.url}${PATH}`);
  const body = await answer.text();
  if (!answer.ok || !JSON.parse(body).data?.data) throw new Error(`unexpected bootstrap answer: ${body}`);
  const xsrf = answer.headers.getSetCookie().find((line) => line.startsWith(`${XSRF_COOKIE}=`));
  if (!firstVisit && xsrf) headers = { cookie: xsrf.split(';')[0]! };
  writeFileSync(path.join(bodyFile.dir, 'body.json'), body);
  koa = await startServer('koa', { BENCH_BODY_FILE: path.join(bodyFile.dir, 'body.json') });
  const check = await (await fetch(`${koa.url}${PATH}`)).text();
  if (check !== body) throw new Error('the bare Koa server does not answer the same JSON');

  console.log(
    `GET ${PATH}: ${body.length} bytes, ${connections} connections, ${rounds} rounds of ${duration}s each, ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ` +
      (firstVisit ? 'no cookies (first visit)' : 'with the XSRF cookie (page already loaded)'),
  );
  await measure(koa.url, warmup);
  await measure(backline.url, warmup);
  const bare: number[] = [];
  const kit: number[] = [];
  const floor: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternate the order, so neither side always runs on a warmer (or busier) machine.
    if (round % 2) {
      bare.push(await measure(koa.url, duration));
      kit.push(await measure(backline.url, duration));
    } else {
      kit.push(await measure(backline.url, duration));
      bare.push(await measure(koa.url, duration));
    }
    if (withFloor) floor.push(await measure(backline.url, duration, '/api/v1/bench-noop'));
    console.log(
      `round ${round}: bare Koa ${bare.at(-1)!.toFixed(0)} req/s, Backline ${kit.at(-1)!.toFixed(0)} req/s` +
        (withFloor ? `, Backline no-op route ${floor.at(-1)!.toFixed(0)} req/s` : ''),
    );
  }
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  const ratio = mean(kit) / mean(bare);
  console.log(`bare Koa:  ${mean(bare).toFixed(0)} req/s`);
  console.log(`Backline:  ${mean(kit).toFixed(0)} req/s`);
  console.log(`ratio:     ${ratio.toFixed(2)} (goal >= ${GOAL}) ${ratio >= GOAL ? 'MET' : 'MISSED'}`);
  if (withFloor) {
    console.log(
      `no-op Backline route: ${mean(floor).toFixed(0)} req/s, ${(mean(floor) / mean(bare)).toFixed(2)} of bare Koa ` +
        '(the middleware pipeline alone)',
    );
  }
} finally {
  if (koa) await stop(koa.child);
  await stop(backline.child);
  bodyFile.cleanup();
}
