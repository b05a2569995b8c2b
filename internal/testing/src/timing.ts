import { Worker } from 'node:worker_threads';

/**
 * The median wall time of `fn` over `runs` runs, after one warm-up. For defences whose point is timing
 * (unknown vs known accounts): compare two medians with a generous bound, never a tight threshold.
 */
export async function medianMs(runs: number, fn: (run: number) => Promise<unknown>): Promise<number> {
  await fn(-1);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await fn(run);
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * Medians of two operations over `runs` runs each, alternating a, b, a, b… so that load from elsewhere on the
 * machine lands on both alike. One warm-up of each first.
 */
export async function alternatingMediansMs(
  runs: number,
  a: (run: number) => Promise<unknown>,
  b: (run: number) => Promise<unknown>,
): Promise<[number, number]> {
  await a(-1);
  await b(-1);
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    for (const [index, fn] of [a, b].entries()) {
      const start = performance.now();
      await fn(run);
      times[index]!.push(performance.now() - start);
    }
  }
  return [median(times[0]), median(times[1])];
}

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface TimedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

// Plain JS for the worker: sequential requests, each timed until its whole body has arrived.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const times = [];
  for (const request of workerData.requests) {
    await new Promise((resolve) => setTimeout(resolve, workerData.settleMs));
    const start = performance.now();
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  parentPort.postMessage(times);
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * Times requests from a worker thread, as a client on another machine would see them. A client in the
 * server's own event loop would be slowed by work the server does after answering (mail, say), which a
 * real client never waits for. `settleMs` passes untimed before each request.
 */
export function responseTimesMs(
  requests: TimedRequest[],
  options: { settleMs?: number } = {},
): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { requests, settleMs: options.settleMs ?? 30 },
    });
    worker.once('message', (message: number[] | { error: string }) => {
      void worker.terminate();
      if (Array.isArray(message)) resolve(message);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}
