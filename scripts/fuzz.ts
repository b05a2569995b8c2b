/**
 * Property-based fuzzing of the music site's API: `pnpm fuzz [cases] [--seed N]` sends `cases` (10 000 by default)
 * generated requests to every registered route in turn, as a visitor, a user and an admin, with valid, almost
 * valid and hostile input drawn from each route's schemas, on PGlite and, when `DATABASE_URL` is set, on
 * PostgreSQL. It prints the answers per route and status class, then every failure (a 5xx, a hang, a 4xx outside
 * the error shape, a refused request that wrote rows), and exits 1 when there is one.
 */
import { formatFuzzReport, fuzzRoutes, testDatabases } from '@internal/testing';
import { createMusicApp } from '../examples/music/src/server/app';

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : 20261124;
const cases = Number(args.find((arg, i) => /^\d+$/.test(arg) && args[i - 1] !== '--seed') ?? 10_000);

let failed = false;
const databases = testDatabases();
if (databases.length === 1) console.log('DATABASE_URL is not set: fuzzing PGlite only.');
for (const database of databases) {
  const fresh = database.create();
  const app = await createMusicApp({
    logger: 'silent',
    // Drift between an answer and its contract is a 500 here, so the fuzzer reports it.
    validateResponses: true,
    database: fresh.options,
    dataDir: fresh.dataDir,
  });
  const { url } = await app.start(0, '127.0.0.1');
  const { HttpSession } = await import('@internal/testing');
  const server = {
    app,
    url,
    dataDir: fresh.dataDir,
    session: () => new HttpSession(url),
    close: async () => {
      await app.close();
      await fresh.cleanup();
    },
  };
  console.log(`\n=== ${database.name}: ${cases} requests, seed ${seed} ===`);
  const started = performance.now();
  try {
    const report = await fuzzRoutes({ server, cases, seed, progress: (line) => console.log(line) });
    console.log(formatFuzzReport(report));
    console.log(`${Math.round((performance.now() - started) / 1000)} s, ${report.failures.length} failures`);
    for (const failure of report.failures)
      console.log(
        `\n✗ ${failure.route} as ${failure.persona} (${failure.kind}): ${failure.reason}\n  ${failure.request}`,
      );
    failed ||= report.failures.length > 0;
  } finally {
    await server.close();
  }
}
process.exit(failed ? 1 : 0);
