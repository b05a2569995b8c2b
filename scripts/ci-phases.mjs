// The README's test command (`pnpm test`) as timed phases: runs each phase in order, stops at the first
// that fails and names it, and prints how many seconds every phase took against the CI time budget.
// Plain JavaScript with no dependencies, so `.ci/run` can print the table even when `pnpm install` failed.
//
//   node scripts/ci-phases.mjs                    every phase
//   node scripts/ci-phases.mjs --only lint,build  some phases, by name
//   node scripts/ci-phases.mjs --list             the phases and their commands
//   node scripts/ci-phases.mjs --record NAME SECONDS ok|failed   add a phase timed elsewhere (install)
//   node scripts/ci-phases.mjs --table            print the table recorded so far
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** A whole `.ci/run` on the project's 2-core machine must finish inside this, install included. */
const BUDGET_SECONDS = 45 * 60;
/** Where the phases of the current run are recorded, one write per finished phase. */
const TIMINGS = path.resolve(root, process.env.BACKLINE_CI_TIMINGS ?? '.artifacts/ci-phases.json');
const VITEST_REPORTS = path.join(root, '.artifacts', 'vitest');

/**
 * The suites that drive Chromium (globs relative to each project's root); they get their own phase, so two
 * browsers never share the cores with a dozen server suites.
 */
const BROWSER_SUITES = ['**/stories.a11y.test.ts', '**/e2e/**'];

const vitest = (name, args) => [
  'pnpm',
  [
    'exec',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=./scripts/vitest-watchdog-reporter.mjs',
    '--reporter=json',
    `--outputFile.json=${path.join(VITEST_REPORTS, `${name}.json`)}`,
  ],
];

/**
 * `limitMinutes` stops a phase that runs far past its usual time (a hang), so the run still ends with the table and
 * the watchdog's last lines naming the stuck test, well before CI's own hard limit kills everything silently.
 * @type {{ name: string, title: string, command: [string, string[]], env?: Record<string, string>, limitMinutes?: number }[]}
 */
const PHASES = [
  { name: 'typecheck', title: 'Type check', command: ['pnpm', ['typecheck']] },
  { name: 'lint', title: 'Lint (biome)', command: ['pnpm', ['lint']] },
  { name: 'build', title: 'Build packages', command: ['pnpm', ['build']] },
  { name: 'check-packages', title: 'Package checks (publint, attw)', command: ['pnpm', ['check:packages']] },
  { name: 'storybook', title: 'Storybook build', command: ['pnpm', ['storybook:build']] },
  {
    name: 'docs',
    title: 'Docs site (TypeDoc, VitePress, dead links)',
    command: ['pnpm', ['docs:build']],
    // The site ships the Storybook the phase before built, and links to it.
    env: { BACKLINE_DOCS_STORYBOOK: 'required' },
  },
  {
    name: 'unit',
    title: 'Unit + server integration (PGlite, PostgreSQL)',
    // Every project but the browser suites; the music example's own server tests run with its e2e suites,
    // so its site is built once, by that project's global setup.
    command: vitest('unit', ['--project=!music', ...BROWSER_SUITES.map((suite) => `--exclude=${suite}`)]),
    // About 9 minutes on an idle machine.
    limitMinutes: 30,
  },
  {
    name: 'browser',
    title: 'Browser: Storybook stories + music site e2e',
    command: vitest('browser', [
      '--project=music',
      '--project=ui',
      'stories.a11y.test.ts',
      'examples/music/',
    ]),
    // About 15 minutes on an idle machine, and past 40 beside a second whole CI run (two runs of 2026-11-29 were
    // stopped at a 40-minute limit with every file still passing): the limit catches a hang, not a slow machine.
    limitMinutes: 60,
  },
  {
    name: 'release',
    title: 'Release check (verdaccio)',
    command: ['pnpm', ['release:local']],
    // The build phase has just built every package.
    env: { BACKLINE_PACKAGES_BUILT: '1' },
  },
];

function readTimings() {
  if (!existsSync(TIMINGS)) return [];
  try {
    return JSON.parse(readFileSync(TIMINGS, 'utf8')).phases ?? [];
  } catch {
    return [];
  }
}

function writeTimings(phases) {
  mkdirSync(path.dirname(TIMINGS), { recursive: true });
  writeFileSync(TIMINGS, `${JSON.stringify({ budgetSeconds: BUDGET_SECONDS, phases }, null, 2)}\n`);
}

function record(entry) {
  const phases = readTimings().filter((phase) => phase.name !== entry.name);
  phases.push(entry);
  writeTimings(phases);
}

/** Seconds of test time per database, from vitest's JSON report (tests name the database they run on). */
function databaseSplit(report) {
  const file = path.join(VITEST_REPORTS, `${report}.json`);
  if (!existsSync(file)) return undefined;
  const split = { pglite: 0, postgres: 0 };
  try {
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      for (const test of suite.assertionResults ?? []) {
        const name = test.fullName ?? '';
        // Suites over testDatabases() are named "… on 'pglite'" and "… on 'postgres'" (vitest quotes a `$name`
        // string; some suites name the database in their own words, unquoted).
        const which = /\bon '?postgres\b/.test(name)
          ? 'postgres'
          : /\bon '?pglite\b/.test(name)
            ? 'pglite'
            : undefined;
        if (which) split[which] += (test.duration ?? 0) / 1000;
      }
    }
  } catch {
    return undefined;
  }
  return split;
}

/** The failing tests of a vitest phase, one line each with the first line of the error, from its JSON report. */
function failingTests(report, limit = 25) {
  const file = path.join(VITEST_REPORTS, `${report}.json`);
  if (!existsSync(file)) return [];
  const lines = [];
  try {
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      const where = path.relative(root, suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      // A file that failed before any test ran (an import or set-up error) has no failed test of its own.
      if (failedTests.length === 0 && suite.status === 'failed') {
        lines.push(`  ✗ ${where}: ${firstLine(suite.message)}`);
      }
      for (const test of failedTests) {
        lines.push(`  ✗ ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
  } catch {
    return [];
  }
  if (lines.length === 0) return [];
  const shown = lines.slice(0, limit);
  if (lines.length > limit) shown.push(`  … and ${lines.length - limit} more`);
  return [`Failing tests (${lines.length}):`, ...shown];
}

const firstLine = (message) =>
  String(message ?? 'no message')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal colour codes vitest writes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? 'no message';

const pad = (text, width) => String(text).padEnd(width);
const seconds = (value) => value.toFixed(1).padStart(8);

function printTable() {
  const phases = readTimings();
  if (phases.length === 0) return;
  const total = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  const width = Math.max(...phases.map((phase) => phase.title.length), 'Total'.length) + 2;
  const lines = [
    '',
    'CI phase timings (seconds, wall clock)',
    `${pad('Phase', width)}${'Seconds'.padStart(8)}  Status`,
  ];
  for (const phase of phases) {
    lines.push(`${pad(phase.title, width)}${seconds(phase.seconds)}  ${phase.status}`);
    if (phase.databases) {
      const { pglite, postgres } = phase.databases;
      lines.push(`${pad('  of which PGlite tests (summed test time)', width)}${seconds(pglite)}`);
      if (postgres > 0)
        lines.push(`${pad('  of which PostgreSQL tests (summed test time)', width)}${seconds(postgres)}`);
    }
  }
  const minutes = (total / 60).toFixed(1);
  lines.push(
    `${pad('Total', width)}${seconds(total)}  ${minutes} min of a ${BUDGET_SECONDS / 60}-minute budget`,
  );
  const failed = phases.find((phase) => phase.status !== 'ok');
  if (failed) {
    lines.push(`FAILED in phase "${failed.title}" (${failed.name}): ${failed.status}`);
    // CI keeps only the log's tail, so the failing tests are repeated here, after the table, where it shows them.
    lines.push(...failingTests(failed.name));
  }
  console.log(lines.join('\n'));
  // Over budget is a warning, not a failure: a shared machine's load must not fail a correct change.
  if (total > BUDGET_SECONDS) {
    console.log(`::warning::CI took ${minutes} min, over its ${BUDGET_SECONDS / 60}-minute budget`);
  }
}

function runPhase(phase) {
  const [command, args] = phase.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      // No stdin: nothing in a phase asks for input, and a process reading a terminal from this background
      // process group would be stopped (SIGTTIN), a hang.
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...phase.env },
      // Its own process group, so a phase over its limit is stopped with every process it started.
      detached: true,
    });
    let limit;
    if (phase.limitMinutes) {
      limit = setTimeout(() => {
        console.error(
          `\n[ci] phase "${phase.title}" ran over its ${phase.limitMinutes}-minute limit: stopping it (a hang; the [watchdog] lines above name the test)`,
        );
        stopGroup(child.pid);
        resolve({ code: 1, status: `stopped after ${phase.limitMinutes} min (over its limit)` });
      }, phase.limitMinutes * 60_000);
    }
    child.once('error', (error) => {
      clearTimeout(limit);
      console.error(error);
      resolve({ code: 1 });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(limit);
      resolve({ code: code ?? (signal ? 1 : 0) });
    });
    current = child;
  });
}

/** The phase running now, so an interrupted run can stop its process group. */
let current;

function stopGroup(pid) {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {}
  // Whatever ignores SIGTERM (a wedged browser) goes a little later.
  setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }, 5_000).unref();
}

async function main(argv) {
  if (argv[0] === '--list') {
    for (const phase of PHASES) console.log(`${pad(phase.name, 16)}${phase.command.flat().join(' ')}`);
    return 0;
  }
  if (argv[0] === '--table') {
    printTable();
    return 0;
  }
  if (argv[0] === '--record') {
    const [name, value, status] = argv.slice(1);
    record({ name, title: name[0].toUpperCase() + name.slice(1), seconds: Number(value), status });
    return 0;
  }
  const only = argv[0] === '--only' ? argv[1]?.split(',') : undefined;
  const unknown = only?.filter((name) => !PHASES.some((phase) => phase.name === name)) ?? [];
  if (unknown.length > 0) {
    console.error(
      `unknown phase ${unknown.join(', ')}; phases: ${PHASES.map((phase) => phase.name).join(', ')}`,
    );
    return 2;
  }
  // A run started by .ci/run keeps the install phase it recorded; a run of its own starts a fresh table.
  if (process.env.BACKLINE_CI_OUTER !== '1') rmSync(TIMINGS, { force: true });
  rmSync(VITEST_REPORTS, { recursive: true, force: true });
  mkdirSync(VITEST_REPORTS, { recursive: true });

  let code = 0;
  for (const phase of PHASES.filter((candidate) => !only || only.includes(candidate.name))) {
    console.log(`\n::group::${phase.title} (${phase.name}): ${phase.command.flat().join(' ')}`);
    const start = performance.now();
    // A run stopped from outside (a CI timeout, Ctrl-C) still records how long the phase it stopped ran.
    const interrupted = (signal) => {
      if (current?.pid) stopGroup(current.pid);
      record({
        name: phase.name,
        title: phase.title,
        seconds: (performance.now() - start) / 1000,
        status: `interrupted (${signal})`,
      });
      if (process.env.BACKLINE_CI_OUTER !== '1') printTable();
      process.exit(1);
    };
    process.once('SIGTERM', interrupted);
    process.once('SIGINT', interrupted);
    const result = await runPhase(phase);
    code = result.code;
    process.off('SIGTERM', interrupted);
    process.off('SIGINT', interrupted);
    const took = (performance.now() - start) / 1000;
    console.log('::endgroup::');
    const databases = phase.name === 'unit' ? databaseSplit('unit') : undefined;
    record({
      name: phase.name,
      title: phase.title,
      seconds: took,
      status: code === 0 ? 'ok' : (result.status ?? 'failed'),
      ...(databases ? { databases } : {}),
    });
    if (code !== 0) {
      console.error(`\nPhase "${phase.title}" (${phase.name}) failed with exit code ${code}.`);
      break;
    }
  }
  // .ci/run prints the table itself once it has finished, install included.
  if (process.env.BACKLINE_CI_OUTER !== '1') printTable();
  return code;
}

process.exitCode = await main(process.argv.slice(2));
