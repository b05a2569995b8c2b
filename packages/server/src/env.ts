import path from 'node:path';
import type { BacklineOptions } from './create-backline';

/** The options a deployment sets through the environment. */
export type EnvironmentOptions = Pick<
  BacklineOptions,
  'dataDir' | 'database' | 'appKey' | 'baseUrl' | 'mail' | 'rateLimits'
>;

/**
 * Reads the standard environment variables into `createBackline` options:
 *
 * - `DATA_DIR` (default `.data`, relative to where the command was run: pnpm's `INIT_CWD`, else the cwd)
 * - `DATABASE_URL` (`postgres://…`; embedded PGlite under `DATA_DIR` without it)
 * - `APP_KEY` (key for values encrypted at rest; generated into `DATA_DIR` without it)
 * - `APP_URL` (public origin for links in mail)
 * - `MAIL_URL`, `MAIL_FROM` (SMTP; the log and dev outbox without it)
 * - `REDIS_URL` (rate limits; the database without it)
 *
 * The server kit itself never reads the environment, so tests and embedding apps stay in control.
 */
export function optionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): EnvironmentOptions {
  const dataDir = path.resolve(env.INIT_CWD || cwd, env.DATA_DIR || '.data');
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return {
    dataDir,
    database: { url: blank(env.DATABASE_URL), dataDir },
    appKey: blank(env.APP_KEY),
    baseUrl: blank(env.APP_URL),
    mail: { url: blank(env.MAIL_URL), from: blank(env.MAIL_FROM) },
    rateLimits: { redis: blank(env.REDIS_URL) },
  };
}
