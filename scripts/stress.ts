/**
 * Flake detector: runs the browser and integration suites several times while busy loops load every core,
 * and reports every test that failed at least once. A test that passes alone and fails here depends on the
 * machine being idle (a fixed sleep, a timeout tuned on a quiet machine, a missed event).
 *
 *   pnpm test:stress                         3 runs, one busy loop per core, the default suites
 *   pnpm test:stress --runs 5 --load 4       5 runs with 4 busy loops
 *   pnpm test:stress --load 0 packages/ui    no extra load; only files whose path contains packages/ui
 *   pnpm test:stress packages/ui -- -t toast  arguments after `--` go to vitest as they are
 *
 * Positional arguments are vitest file filters and replace the default suites. Reports go to
 * `.artifacts/stress/`; the exit code is 1 when any test failed in any run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.artifacts', 'stress');

/** Browser suites (Chromium) and integration suites (real servers, databases, SMTP, S3 on loopback). */
const DEFAULT_SUITES = [
  'packages/ui/src/stories.a11y.test.ts',
  'examples/music/',
  'packages/server/',
  'internal/testing/',
];

// Everything after `--` is for vitest (a test name filter, say).
const separator = process.argv.indexOf('--', 2);
const ownArgs = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const vitestArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
const { values, positionals } = parseArgs({
  args: ownArgs,
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: String(availableParallelism()) },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(readFileSync(import.meta.filename, 'utf8').split('*/')[0]);
  process.exit(0);
}
const runs = Number(values.runs);
const load = Number(values.load);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(load) || load < 0) {
  console.error('--runs must be a positive integer and --load a non-negative one');
  process.exit(2);
}
const suites = positionals.length > 0 ? positionals : DEFAULT_SUITES;

interface AssertionResult {
  fullName: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo' | 'disabled';
  failureMessages?: string[];
}
interface FileResult {
  name: string;
  status: 'passed' | 'failed';
  message?: string;
  assertionResults: AssertionResult[];
}

/** One busy loop per worker thread: each keeps one core at 100 % until terminated. */
function startLoad(count: number): Worker[] {
  return Array.from(
    { length: count },
    () => new Worker('for (;;) { Math.sqrt(Math.random()); }', { eval: true }),
  );
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CI: 'true' } });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const ERROR_LINES = 3;
const firstLines = (message: string | undefined) =>
  (message ?? '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, ERROR_LINES)
    .join('\n      ');

async function main(): Promise<number> {
  if (
    suites.some((suite) => suite.includes('stories.a11y') || suite.includes('packages/ui')) &&
    !existsSync(path.join(root, 'storybook-static', 'index.json'))
  ) {
    console.log('[stress] building Storybook first: the story suite drives the built Storybook');
    if ((await run('pnpm', ['storybook:build'])) !== 0) return 1;
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  /** Failures per test ("file > test"), with the first message seen. */
  const failures = new Map<string, { runs: number[]; message: string }>();
  const note = (key: string, runIndex: number, message: string) => {
    const entry = failures.get(key) ?? { runs: [], message };
    entry.runs.push(runIndex);
    failures.set(key, entry);
  };

  console.log(`[stress] ${runs} run(s) of ${suites.join(', ')} with ${load} busy loop(s)`);
  const workers = startLoad(load);
  const started = performance.now();
  try {
    for (let index = 1; index <= runs; index++) {
      const report = path.join(out, `run-${index}.json`);
      console.log(`\n[stress] run ${index} of ${runs}`);
      const code = await run('pnpm', [
        'exec',
        'vitest',
        'run',
        ...suites,
        ...vitestArgs,
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ]);
      if (!existsSync(report)) {
        note('(vitest itself)', index, `vitest exited with ${code} and wrote no report`);
        continue;
      }
      const files = (JSON.parse(readFileSync(report, 'utf8')) as { testResults: FileResult[] }).testResults;
      for (const file of files) {
        const relative = path.relative(root, file.name);
        const failed = file.assertionResults.filter((test) => test.status === 'failed');
        for (const test of failed) {
          note(`${relative} > ${test.fullName}`, index, firstLines(test.failureMessages?.[0]));
        }
        // A file can fail outside any test: an import error, a failing beforeAll or afterAll hook.
        if (file.status === 'failed' && failed.length === 0) {
          note(`${relative} (outside its tests)`, index, firstLines(file.message));
        }
      }
      console.log(`[stress] run ${index}: vitest exited with ${code}`);
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\n[stress] ${runs} run(s) with ${load} busy loop(s) in ${minutes} min`);
  if (failures.size === 0) {
    console.log('[stress] no test failed in any run');
    return 0;
  }
  console.log(`[stress] ${failures.size} test(s) failed at least once:`);
  for (const [key, { runs: failedRuns, message }] of failures) {
    console.log(`  ${key}\n    failed in run(s) ${failedRuns.join(', ')} of ${runs}\n      ${message}`);
  }
  return 1;
}

process.exitCode = await main();
