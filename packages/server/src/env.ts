import path from 'node:path';
import type { BacklineOptions } from './create-backline';
import type { HumanCheckOptions } from './modules/human-check/index';
import { SOCIAL_SERVICES, type SocialOptions } from './modules/social/providers';

/** The options a deployment sets through the environment. */
export type EnvironmentOptions = Pick<
  BacklineOptions,
  | 'dataDir'
  | 'database'
  | 'appKey'
  | 'baseUrl'
  | 'mail'
  | 'rateLimits'
  | 'storage'
  | 'settings'
  | 'proxy'
  | 'allowedHosts'
  | 'secure'
>;

/**
 * Reads the standard environment variables into `createBackline` options:
 *
 * - `DATA_DIR` (default `.data`, relative to where the command was run: pnpm's `INIT_CWD`, else the cwd)
 * - `DATABASE_URL` (`postgres://…`; embedded PGlite under `DATA_DIR` without it)
 * - `APP_KEY` (key for values encrypted at rest; generated into `DATA_DIR` without it)
 * - `APP_URL` (public origin for links in mail; without it, the address the server listens on)
 * - `APP_ALLOWED_HOSTS` (comma-separated hosts whose Host header may name the mail links' origin without `APP_URL`)
 * - `SECURE=true` (served over https behind a proxy: Secure cookies and HSTS; an https `APP_URL` implies it)
 * - `TRUST_PROXY=true` (trust `X-Forwarded-For`/`-Proto` from one proxy in front; off by default)
 * - `MAIL_URL`, `MAIL_FROM` (SMTP; the log and dev outbox without it)
 * - `REDIS_URL` (rate limits; the database without it)
 * - `S3_BUCKET` with `S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY` (uploads in an
 *   S3-compatible bucket; local disk under `DATA_DIR/storage` without it), `UPLOADS_DIRECT=true` (browsers
 *   upload straight to the bucket through presigned URLs) and `UPLOADS_MAX_SIZE` (bytes)
 *
 * The server kit itself never reads the environment, so tests and embedding apps stay in control.
 */
export function optionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): EnvironmentOptions {
  const dataDir = path.resolve(env.INIT_CWD || cwd, env.DATA_DIR || '.data');
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const bucket = blank(env.S3_BUCKET);
  const settings: NonNullable<EnvironmentOptions['settings']> = {};
  if (bucket && /^(1|true|yes)$/i.test(env.UPLOADS_DIRECT ?? '')) {
    settings['uploads.direct'] = { value: true, public: true };
  }
  const maxSize = Number(blank(env.UPLOADS_MAX_SIZE));
  if (Number.isSafeInteger(maxSize) && maxSize > 0)
    settings['uploads.max_size'] = { value: maxSize, public: true };
  return {
    dataDir,
    database: { url: blank(env.DATABASE_URL), dataDir },
    appKey: blank(env.APP_KEY),
    baseUrl: blank(env.APP_URL),
    proxy: /^(1|true|yes)$/i.test(env.TRUST_PROXY ?? ''),
    ...(/^(1|true|yes)$/i.test(env.SECURE ?? '') && { secure: true }),
    ...(blank(env.APP_ALLOWED_HOSTS) && {
      allowedHosts: env
        .APP_ALLOWED_HOSTS!.split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    }),
    mail: { url: blank(env.MAIL_URL), from: blank(env.MAIL_FROM) },
    rateLimits: { redis: blank(env.REDIS_URL) },
    // Only set when configured, so spreading these options never hides a config file's storage or settings.
    ...(bucket && {
      storage: {
        driver: 's3' as const,
        bucket,
        endpoint: blank(env.S3_ENDPOINT),
        region: blank(env.S3_REGION),
        accessKeyId: blank(env.S3_ACCESS_KEY_ID),
        secretAccessKey: blank(env.S3_SECRET_ACCESS_KEY),
      },
    }),
    ...(Object.keys(settings).length > 0 && { settings }),
  };
}

/**
 * Reads social sign-in credentials for `accounts({ social })`: `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET`,
 * `FACEBOOK_CLIENT_ID` and `FACEBOOK_CLIENT_SECRET`, `TWITTER_CLIENT_ID` and `TWITTER_CLIENT_SECRET`, and, to
 * point a provider at another OAuth 2.0 / OpenID Connect server, `{SERVICE}_AUTHORIZE_URL`,
 * `{SERVICE}_TOKEN_URL` and `{SERVICE}_PROFILE_URL` (the userinfo endpoint). A provider also needs its
 * setting `social.{service}.enable`.
 */
export function socialOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SocialOptions {
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const providers: NonNullable<SocialOptions['providers']> = {};
  for (const service of SOCIAL_SERVICES) {
    const name = service.toUpperCase();
    const clientId = blank(env[`${name}_CLIENT_ID`]);
    const clientSecret = blank(env[`${name}_CLIENT_SECRET`]);
    if (!clientId || !clientSecret) continue;
    const authorizeUrl = blank(env[`${name}_AUTHORIZE_URL`]);
    const accessUrl = blank(env[`${name}_TOKEN_URL`]);
    const profileUrl = blank(env[`${name}_PROFILE_URL`]);
    providers[service] = {
      clientId,
      clientSecret,
      ...(authorizeUrl && { authorizeUrl }),
      ...(accessUrl && { accessUrl }),
      ...(profileUrl && { profileUrl }),
    };
  }
  return { providers };
}

/** Reads the human check's server side for `accounts({ humanCheck })`: `RECAPTCHA_SECRET_KEY`, `RECAPTCHA_VERIFY_URL`. */
export function humanCheckOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): HumanCheckOptions {
  const secretKey = env.RECAPTCHA_SECRET_KEY?.trim();
  const verifyUrl = env.RECAPTCHA_VERIFY_URL?.trim();
  return { ...(secretKey && { secretKey }), ...(verifyUrl && { verifyUrl }) };
}
