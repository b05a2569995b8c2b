/**
 * Every timeout of the test suites, in one place. They bound how long a test may wait for a condition; they
 * are never what a test waits *for* (tests wait for events and DOM conditions). So they are generous: under
 * a full CI run two cores carry the server suites, PostgreSQL, Chromium and Storybook at once, and a wait
 * that takes 300 ms on an idle machine can take 20 s there. A slow machine may scale them all with
 * `BACKLINE_TEST_TIMEOUT_SCALE` (for example `2`), never shrink them below these values in CI.
 *
 * Plain values without imports, so vitest configs can read them too.
 */
const scale = Math.max(1, Number(process.env.BACKLINE_TEST_TIMEOUT_SCALE) || 1);
const scaled = (ms: number) => Math.round(ms * scale);

export const TIMEOUTS = {
  /** One test (vitest `testTimeout`). */
  test: scaled(90_000),
  /** One beforeAll/afterAll hook: starting servers, databases, browsers (vitest `hookTimeout`). */
  hook: scaled(180_000),
  /** `expect.poll` and `expect.element`-style waits for a condition to hold. */
  poll: scaled(20_000),
  /** A Playwright action or wait (click, fill, waitFor, waitForFunction). */
  browserAction: scaled(30_000),
  /** A Playwright navigation (goto, reload, waitForURL). */
  navigation: scaled(60_000),
  /** A child process (a server started as `pnpm start` does, through tsx) until it reports it is ready. */
  processStart: scaled(180_000),
} as const;
