import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Job, runJob } from './jobs';

type OnDone = (job: Job, sizes: number[]) => void;

/**
 * A child process that runs this folder's TypeScript through tsx, the way `pnpm start` runs the server, so no
 * build step is needed (a compiled copy runs its `.js` sibling directly).
 */
function startWorker(): ChildProcess {
  const source = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(source ? './worker.ts' : './worker.js', import.meta.url));
  const execArgv = source
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];
  return fork(entry, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/**
 * Runs the phases one after another (a phase's jobs may read files an earlier phase wrote), each spread over
 * `workers` processes; with one worker everything runs in this process.
 */
export async function runJobs(
  phases: Job[][],
  outDir: string,
  workers: number,
  onDone: OnDone,
): Promise<void> {
  if (workers <= 1) {
    for (const phase of phases) {
      for (const job of phase) onDone(job, await runJob(job, outDir));
    }
    return;
  }
  const threads = Array.from({ length: workers }, startWorker);
  try {
    for (const phase of phases) await runPhase(phase, outDir, threads, onDone);
  } finally {
    for (const thread of threads) if (thread.connected) thread.disconnect();
  }
}

function runPhase(jobs: Job[], outDir: string, threads: ChildProcess[], onDone: OnDone): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    let failed = false;
    const cleanups: (() => void)[] = [];
    const finish = (error?: Error) => {
      if (failed) return;
      if (error) failed = true;
      for (const cleanup of cleanups) cleanup();
      if (error) reject(error);
      else resolve();
    };
    const feed = (thread: ChildProcess) => {
      if (failed) return;
      if (next >= jobs.length) {
        if (running === 0) finish();
        return;
      }
      const id = next++;
      running++;
      thread.send({ id, job: jobs[id], outDir });
    };
    for (const thread of threads) {
      const onMessage = (message: { id: number; sizes?: number[]; error?: string }) => {
        running--;
        if (message.error !== undefined) {
          finish(new Error(`Demo library job failed: ${message.error}`));
          return;
        }
        onDone(jobs[message.id]!, message.sizes ?? []);
        feed(thread);
      };
      const onError = (error: Error) => finish(error);
      const onExit = (code: number | null) =>
        finish(new Error(`Demo library worker exited with code ${code}`));
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      cleanups.push(() => {
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
      });
    }
    if (jobs.length === 0) finish();
    else for (const thread of threads) feed(thread);
  });
}
