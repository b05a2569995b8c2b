import type { Server } from 'node:http';
import Koa, { type Context } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { buildBootstrap } from './bootstrap/bootstrap';
import { createDatabase, type Database, type DatabaseOptions } from './db/database';
import { migrate } from './db/migrations';
import { errorHandler, HttpError } from './http/errors';
import { methodOverride } from './http/method-override';
import { BacklineRouter } from './http/routes';
import { type SecurityHeadersOptions, securityHeaders } from './http/security-headers';
import { xsrf } from './http/xsrf';
import type { BacklineModule, Kit, Logger, ResolvedConfig } from './kit';
import { createMailer, type MailOptions } from './mail/mailer';
import { coreModule } from './modules/core';
import { createEncrypter } from './security/encrypter';
import { createRateLimits, type RateLimitOptions } from './security/rate-limits';
import { type SettingDefinitions, SettingsService } from './settings/settings-service';
import { type SpaOptions, serveSpa } from './spa/serve-spa';
import { createStorage, storageConnectSources } from './storage/index';
import type { Storage, StorageOptions } from './storage/storage';

export interface BacklineOptions {
  /** A database from `createDatabase`, or the options to open one. Defaults to PGlite under `dataDir`. */
  database?: Database | DatabaseOptions;
  /** Where embedded data lives (PGlite files, generated keys, local uploads). */
  dataDir?: string;
  /** Modules to install after the core module; a nested list (such as `accounts()`) counts as its modules. */
  modules?: (BacklineModule | BacklineModule[])[];
  /** Setting defaults that override the modules' defaults (a site's name, for example). */
  settings?: SettingDefinitions;
  /** Serve a single-page client with injected bootstrap data. */
  spa?: SpaOptions;
  /** The public origin, used for links in mail and the postMessage origin. */
  baseUrl?: string;
  /** Trust `X-Forwarded-*` headers from a proxy in front. */
  proxy?: boolean;
  securityHeaders?: SecurityHeadersOptions;
  logger?: Logger | 'silent';
  /** `APP_KEY`: the key for values encrypted at rest. Defaults to one generated into `dataDir`. */
  appKey?: string;
  /** Mail delivery (`MAIL_URL`); without a URL, mail goes to the log and the dev outbox. */
  mail?: MailOptions;
  /** Where rate-limit counters live: Redis (`REDIS_URL`), else the database on PostgreSQL and memory on PGlite. */
  rateLimits?: RateLimitOptions;
  /** The clock (tests move it); `() => new Date()` by default. */
  now?: () => Date;
  /** Where uploads live: local disk under `{dataDir}/storage` by default, or an S3-compatible bucket. */
  storage?: Storage | StorageOptions;
  /**
   * Checks every answer against its route's response schema and answers 500 naming the difference when a
   * handler drifts from the contract. Test suites turn it on; production leaves it off (a parse per answer).
   */
  validateResponses?: boolean;
}

/** The Koa app `createBackline` returns, with the kit and a way to shut everything down. */
export interface BacklineApp extends Koa {
  kit: Kit;
  modules: BacklineModule[];
  router: BacklineRouter;
  /** Migrations that ran during start-up. */
  migrated: string[];
  /** Runs every module's idempotent `seed` hook (default roles, demo content), as `backline seed` does. */
  seed(): Promise<void>;
  /** Listens on `port` (0 picks a free one; all interfaces unless `host`) and resolves with the server and its URL. */
  start(port?: number, host?: string): Promise<{ server: Server; url: string }>;
  close(): Promise<void>;
}

const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};
const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Builds a Backline server: opens the database, runs migrations and wires the middleware chain. */
export async function createBackline(options: BacklineOptions = {}): Promise<BacklineApp> {
  const log = options.logger === 'silent' ? silentLogger : (options.logger ?? consoleLogger);
  const db =
    options.database && 'knex' in options.database
      ? options.database
      : await createDatabase({
          dataDir: options.dataDir,
          ...(options.database as DatabaseOptions | undefined),
        });
  const modules: BacklineModule[] = [coreModule(), ...(options.modules ?? []).flat()];
  const ids = new Set<string>();
  for (const module of modules) {
    if (ids.has(module.id)) throw new Error(`Two modules share the id "${module.id}"`);
    ids.add(module.id);
  }

  const migrated = await migrate(db.knex, modules, db.schema);
  const definitions: SettingDefinitions = Object.assign(
    {},
    ...modules.map((m) => m.settings ?? {}),
    options.settings,
  );
  const config: ResolvedConfig = {
    dataDir: options.dataDir,
    baseUrl: options.baseUrl?.replace(/\/+$/, ''),
    secureCookies: options.baseUrl?.startsWith('https://') ?? false,
  };
  const settings = new SettingsService(db.knex, definitions);
  const kit: Kit = {
    db,
    modules,
    knex: db.knex,
    settings,
    log,
    config,
    bootstrap: (ctx: Context) => buildBootstrap(ctx, kit, modules),
    now: options.now ?? (() => new Date()),
    mail: createMailer(options.mail ?? {}, {
      log,
      siteName: () => settings.get<string>('branding.site_name', 'Backline'),
      baseUrl: config.baseUrl,
    }),
    encrypter: await createEncrypter({
      appKey: options.appKey,
      dataDir: options.dataDir,
      ephemeralDatabase: db.kind === 'pglite' && !options.dataDir,
    }),
    rateLimits: await createRateLimits(db.knex, {
      store: db.kind === 'pglite' ? 'memory' : 'database',
      ...options.rateLimits,
    }),
    storage: createStorage(options.storage, options.dataDir),
  };

  const app = new Koa({ proxy: options.proxy ?? false }) as BacklineApp;
  app.silent = true;
  app.kit = kit;
  app.modules = modules;
  app.migrated = migrated;
  app.seed = async () => {
    for (const module of modules) await module.seed?.(kit);
  };
  const router = new BacklineRouter();
  app.router = router;
  for (const module of modules) module.routes?.(router, kit);

  app.use(errorHandler((error, ctx) => log.error(`${ctx.method} ${ctx.path} failed`, error)));
  // Browsers PUT direct uploads to the bucket, so its origin joins the page's connect-src.
  const storageOrigins = storageConnectSources(kit.storage);
  app.use(
    securityHeaders(
      storageOrigins.length
        ? {
            ...options.securityHeaders,
            connectSources: [...(options.securityHeaders?.connectSources ?? []), ...storageOrigins],
          }
        : options.securityHeaders,
    ),
  );
  app.use(methodOverride());
  for (const module of modules) if (module.session) app.use(module.session(kit));
  app.use(xsrf());
  for (const module of modules) for (const middleware of module.middleware ?? []) app.use(middleware);
  app.use(
    koaBody({
      json: true,
      urlencoded: true,
      multipart: false,
      jsonLimit: '1mb',
      formLimit: '1mb',
      // Bodies of DELETE requests matter too (file-entries/delete sends them as overridden POSTs).
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
      onError: () => {
        throw new HttpError(400, 'The request body could not be read.');
      },
    }),
  );
  const built = router.build(kit, { validateResponses: options.validateResponses });
  app.use(built.routes());
  app.use(built.allowedMethods({ throw: false }));
  if (options.spa) app.use(serveSpa(options.spa, kit, modules));
  app.use(async (ctx) => {
    if (ctx.body === undefined && ctx.status === 404) {
      ctx.status = 404;
      ctx.body = { message: 'Not found.' };
    }
  });

  for (const module of modules) await module.start?.(kit);

  let server: Server | undefined;
  app.start = (port = 0, host) =>
    new Promise((resolve, reject) => {
      server = host ? app.listen(port, host) : app.listen(port);
      server.once('error', reject);
      server.once('listening', () => {
        const address = server!.address();
        const actual = typeof address === 'object' && address ? address.port : port;
        const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
        resolve({ server: server!, url: `http://${shown}:${actual}` });
      });
    });
  app.close = async () => {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const module of modules) await module.stop?.(kit);
    kit.mail.close();
    await kit.rateLimits.close();
    await db.close();
  };
  return app;
}
