import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'backline-registry-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Starts `scripts/registry.ts` with `args`, collecting its output. */
function registry(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/registry.ts', ...args], { cwd: root });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

const waitFor = async (read: () => string, pattern: RegExp, child: ChildProcess) => {
  for (;;) {
    const match = read().match(pattern);
    if (match) return match;
    if (child.exitCode !== null) throw new Error(`the registry exited early:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('pnpm registry', () => {
  it('serves a registry that answers npm, prints the .npmrc lines for the scope, and stops cleanly', async () => {
    const storage = path.join(work, 'storage');
    const run = registry(['--port', '0', '--storage', storage, '--no-publish']);
    const [, url] = await waitFor(run.output, /verdaccio on (http:\/\/127\.0\.0\.1:\d+\/)/, run.child);
    await waitFor(run.output, /Press Ctrl\+C/, run.child);
    // The lines a consumer copies: the scope goes to this registry, with the token entry npm wants.
    expect(run.output()).toContain(`@backline:registry=${url}`);
    expect(run.output()).toContain(`${url!.replace(/^http:/, '')}:_authToken=`);
    expect((await fetch(`${url}-/ping`)).status).toBe(200);
    // Nothing was published with --no-publish: the scope is empty, not proxied from npm.
    expect((await fetch(`${url}@backline%2fcore`)).status).toBe(404);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('refuses a port that is not a number, with a sentence and exit code 2', async () => {
    const run = registry(['--port', 'abc', '--storage', path.join(work, 'unused')]);
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('--port must be a port number, not "abc".');
  });
});
