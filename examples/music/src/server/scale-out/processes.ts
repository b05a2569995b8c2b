import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The music site's folder: instances start there, as `pnpm serve` does. */
const MUSIC_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A child process the suite started, with what it printed so far (for the failure message). */
export interface StartedProcess {
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the process has ended. */
  stop(): Promise<number | null>;
}

/** An instance of the music site in a process of its own, listening on a free port. */
export interface InstanceProcess extends StartedProcess {
  url: string;
}

function track(child: ChildProcess): { output(): string; exited: Promise<number | null> } {
  let printed = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => printed, exited };
}

/** Resolves with the first match of `pattern` in what the process prints; rejects if it exits or times out first. */
function waitFor(
  child: ChildProcess,
  output: () => string,
  exited: Promise<number | null>,
  pattern: RegExp,
  what: string,
  timeoutMs: number,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = pattern.exec(output());
      if (!found) return;
      done();
      resolve(found);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${output()}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    exited.then((code) => {
      done();
      reject(new Error(`${what} exited (${code}) before it was ready:\n${output()}`));
    });
    check();
  });
}

function stopper(child: ChildProcess, exited: Promise<number | null>) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
}

/**
 * Starts the music site the way a deployment runs each instance: `node src/server/main.ts` with the environment
 * as its only configuration, on a free port (`PORT=0`) of the loopback interface.
 */
export async function startInstanceProcess(env: Record<string, string>): Promise<InstanceProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: MUSIC_ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const { output, exited } = track(child);
  // A cold start compiles the server with tsx and may run every migration: generous on a busy machine.
  const [, url] = await waitFor(
    child,
    output,
    exited,
    /Music is running at (http:\/\/\S+)/,
    'An instance',
    120_000,
  );
  return { child, url: url!, output, stop: stopper(child, exited) };
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Redis of the suite's own (Debian's `redis-server`, nothing kept on disk), on a free port. */
export async function startRedis(): Promise<StartedProcess & { url: string }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const { output, exited } = track(child);
  child.once('error', () => {});
  await waitFor(child, output, exited, /Ready to accept connections/, 'redis-server', 30_000);
  return { child, url: `redis://127.0.0.1:${port}`, output, stop: stopper(child, exited) };
}

/** The keys a Redis holds (`KEYS *`), over its plain protocol: the suite needs no client library for one command. */
export function redisKeys(url: string): Promise<string[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let reply = '';
    socket.setEncoding('utf8');
    socket.once('error', reject);
    socket.on('data', (chunk: string) => {
      reply += chunk;
      // An array reply: `*N\r\n` then N bulk strings `$len\r\nvalue\r\n`.
      const lines = reply.split('\r\n');
      const count = Number(lines[0]?.slice(1));
      if (!lines[0]?.startsWith('*') || lines.length < 1 + count * 2 + 1) return;
      socket.end();
      resolve(Array.from({ length: count }, (_, index) => lines[2 + index * 2]!));
    });
    socket.write('*2\r\n$4\r\nKEYS\r\n$1\r\n*\r\n');
  });
}
