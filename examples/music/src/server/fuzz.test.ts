import {
  type FuzzReport,
  formatFuzzReport,
  fuzzRoutes,
  type RunningServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../e2e/support/site';

/**
 * CI's budget of the fuzzing suite (`pnpm fuzz` runs 10 000 requests per database): every registered route, in
 * turn, gets valid, almost valid and hostile input from its schemas, as a visitor, a user and an admin. No answer
 * may be a 5xx or hang, every 4xx is in the error shape, and a refused request writes no row.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 150);

describe.each(testDatabases())('fuzzing the music API on $name', (database) => {
  let server: RunningServer;
  let report: FuzzReport;
  beforeAll(async () => {
    server = await startSite({}, database);
    // A seed per day: CI explores new cases over time, and a failure names its seed and case to replay.
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));
    report = await fuzzRoutes({ server, cases: CASES, seed });
  }, 240_000);
  afterAll(() => server?.close());

  it('sends its budget to every registered route', () => {
    expect(report.cases).toBe(CASES);
    const routes = server.app.router.routes.length + server.app.router.documented.length;
    expect(report.byRoute.size).toBe(routes);
    for (const [route, counts] of report.byRoute)
      expect(
        Object.values(counts).reduce((a, b) => a + b, 0),
        route,
      ).toBeGreaterThanOrEqual(Math.floor(CASES / routes));
  });

  it('answers every request without a 5xx or a hang, in the error shape, and refused requests write nothing', () => {
    const failures = report.failures.map(
      (failure) =>
        `${failure.route} as ${failure.persona} (${failure.kind}): ${failure.reason}\n  ${failure.request}`,
    );
    expect(failures, formatFuzzReport(report)).toEqual([]);
    expect(report.byStatusClass['5xx']).toBe(0);
    expect(report.byStatusClass.hang).toBe(0);
    // Valid input reaches the handlers: a suite that only ever got refused would prove little.
    expect(report.byStatusClass['2xx']).toBeGreaterThan(0);
  });
});
