import {
  type FuzzReport,
  formatFuzzReport,
  fuzzRoutes,
  type RunningServer,
  TIMEOUTS,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../e2e/support/site';

/**
 * CI's budget of the fuzzing suite (`pnpm fuzz` runs 10 000 requests per database): every registered route, in
 * turn, gets valid, almost valid and hostile input from its schemas, as a visitor, a user and an admin. No answer
 * may be a 5xx or hang, every 4xx is in the error shape, and a refused request writes no row.
 *
 * The budget is per route, not in all: a total smaller than the route count silently left the last routes
 * unfuzzed (150 cases reached 150 of ~230 routes). One case per route and database keeps every route in CI's
 * run for about the cost of the old total (`FUZZ_PER_ROUTE` raises it).
 */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 1);

describe.each(testDatabases())('fuzzing the music API on $name', (database) => {
  let server: RunningServer;
  let report: FuzzReport;
  beforeAll(async () => {
    server = await startSite({}, database);
    // A seed per day: CI explores new cases over time, and a failure names its seed and case to replay.
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));
    report = await fuzzRoutes({ server, perRoute: PER_ROUTE, seed });
    // A bound, not a wait: ~230 requests and their row counts take several hooks' time on a loaded machine.
  }, TIMEOUTS.hook * 3);
  afterAll(() => server?.close());

  it('sends its budget to every registered route', () => {
    const registered = [...server.app.router.routes, ...server.app.router.documented].map(
      (route) => `${route.method} ${route.path}`,
    );
    // The registry is the music app's whole API; an empty or half-built one would make the comparison hollow.
    expect(registered.length).toBeGreaterThan(200);
    // Two registrations of one method and path would hide one route behind the other in the report.
    expect(new Set(registered).size).toBe(registered.length);
    // The report lists a route only once a request was sent to it, so a skipped route is missing here.
    expect([...report.byRoute.keys()].sort()).toEqual([...registered].sort());
    for (const [route, counts] of report.byRoute)
      expect(
        Object.values(counts).reduce((a, b) => a + b, 0),
        route,
      ).toBe(PER_ROUTE);
    expect(report.cases).toBe(PER_ROUTE * registered.length);
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
