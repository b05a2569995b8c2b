import type { Server } from 'node:http';
import Koa, { type Context } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { buildBootstrap } from './bootstrap/bootstrap';
import { createLocalBus, createPostgresBus, type InstanceBus } from './bus/instance-bus';
import { createDatabase, type Database, type DatabaseOptions } from './db/database';
import { migrate } from './db/migrations';
import { compressResponses } from './http/compression';
import { errorHandler, HttpError } from './http/errors';
import { methodOverride } from './http/method-override';
import { BacklineRouter } from './http/routes';
import { type SecurityHeadersOptions, securityHeaders } from './http/security-headers';
import { streamResponses } from './http/stream-responses';
import { xsrf } from './http/xsrf';
import type { BacklineModule, Kit, Logger, ResolvedConfig } from './kit';
import { createMailer, type MailOptions } from './mail/mailer';
import { coreModule } from './modules/core';
import { invalidateThemes } from './modules/core/theme-cache';
import { forgetStoredLocalizations } from './modules/localization/registry';
import { forgetGuestRole } from './modules/permissions/permissions';
import { createEncrypter } from './security/encrypter';
import { createRateLimits, type RateLimitOptions } from './security/rate-limits';
import { type SettingDefinitions, SettingsService } from './settings/settings-service';
import { type SpaOptions, serveSpa, serveStaticFiles } from './spa/serve-spa';
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
  /**
   * The site is served over https (`SECURE=true`), even if a TLS proxy in front talks plain http to it and is
   * not trusted (`proxy`): every cookie gets `Secure` and HSTS is sent. Defaults to `baseUrl` being https.
   */
  secure?: boolean;
  /**
   * Trust `X-Forwarded-*` headers from a proxy in front (`TRUST_PROXY`). Off, `X-Forwarded-For` and
   * `X-Forwarded-Proto` are ignored: the client IP that rate limits count is the socket's, and https is the
   * socket's too. On, the client IP is the entry the nearest proxy appended (see `proxyHops`).
   */
  proxy?: boolean;
  /** How many trusted proxies append to `X-Forwarded-For` (1 by default): entries further left are the client's own claims. */
  proxyHops?: number;
  /**
   * Hosts whose `Host` header may name the origin of links in mail when `baseUrl` is not set (`APP_ALLOWED_HOSTS`).
   * Any other Host is ignored and links use the address the server listens on.
   */
  allowedHosts?: string[];
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
  /**
   * Milliseconds a process may reuse the guests role's permissions instead of loading them for every visitor's
   * request (a busy public route, such as audio streaming, spends most of its time there otherwise). A change
   * made through the kit (`grantToRole`, `forgetGuestRole`) applies at once; one written straight to the
   * database within this time. 0 (the default) loads them on every request.
   */
  guestRoleCacheMs?: number;
  /** Where uploads live: local disk under `{dataDir}/storage` by default, or an S3-compatible bucket. */
  storage?: Storage | StorageOptions;
  /**
   * Checks every answer against its route's response schema, strictly (a field the contract does not declare
   * is a drift too, so a leaked column fails), and answers 500 naming the difference when a handler drifts from
   * the contract. Test suites and dev servers turn it on; production leaves it off (a parse per answer).
   */
  validateResponses?: boolean;
  /**
   * How long `close()` lets requests in flight finish before destroying the connections that remain, in
   * milliseconds (`DEFAULT_SHUTDOWN_GRACE_MS`). A client that trickles its request a byte at a time would
   * otherwise keep the process alive for as long as it likes.
   */
  shutdownGraceMs?: number;
  /**
   * Messages and cache invalidation between instances. Defaults to PostgreSQL `LISTEN/NOTIFY` on a PostgreSQL
   * database (so any number of instances may share it) and to this process only on PGlite.
   */
  bus?: InstanceBus;
}

/** The default grace period for requests in flight when the server shuts down (10 s). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

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
  const modules: BacklineModule[] = [coreModule(), ...(options.modules ?? []).flat()];
  const ids = new Set<string>();
  for (const module of modules) {
    if (ids.has(module.id)) throw new Error(`Two modules share the id "${module.id}"`);
    ids.add(module.id);
  }
  // Checked before the database opens, so a misassembled app fails without leaving a connection behind.
  for (const module of modules)
    for (const id of module.dependencies?.requires ?? [])
      if (!ids.has(id))
        throw new Error(`The "${module.id}" module requires the "${id}" module: install it too.`);
  const db =
    options.database && 'knex' in options.database
      ? options.database
      : await createDatabase({
          dataDir: options.dataDir,
          ...(options.database as DatabaseOptions | undefined),
        });

  const migrated = await migrate(db.knex, modules, db.schema);
  const definitions: SettingDefinitions = Object.assign(
    {},
    ...modules.map((m) => m.settings ?? {}),
    options.settings,
  );
  // A fallback fills in what the owner's definition leaves out (a key it does not define, or the `secret` flag
  // of a key the admin area keeps write-only), never the owner's value or public flag.
  for (const module of modules) {
    for (const [key, fallback] of Object.entries(module.settingFallbacks ?? {}))
      definitions[key] = { ...fallback, ...definitions[key] };
  }
  const config: ResolvedConfig = {
    dataDir: options.dataDir,
    baseUrl: options.baseUrl?.replace(/\/+$/, ''),
    secureCookies: options.secure ?? options.baseUrl?.startsWith('https://') ?? false,
    allowedHosts: (options.allowedHosts ?? []).map((host) => host.trim().toLowerCase()).filter(Boolean),
    listenUrl: undefined,
    guestRoleCacheMs: Math.max(0, options.guestRoleCacheMs ?? 0),
  };
  const encrypter = await createEncrypter({
    appKey: options.appKey,
    dataDir: options.dataDir,
    ephemeralDatabase: db.kind === 'pglite' && !options.dataDir,
  });
  const settings = new SettingsService(db.knex, definitions, encrypter, (message) => log.warn(message));
  const bus =
    options.bus ??
    (db.kind === 'postgres' && db.url
      ? await createPostgresBus({ knex: db.knex, url: db.url, schema: db.schema, log })
      : createLocalBus(log));
  // Every in-process cache, forgotten on every instance when any instance writes (see docs/deploy.md).
  bus.cache('settings', () => settings.invalidate());
  bus.cache('themes', () => invalidateThemes(db.knex));
  bus.cache('guest-role', forgetGuestRole);
  settings.onWrite = () => bus.invalidate('settings');
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
      sender: async () => ({
        name: String(await settings.get('mail.from_name', '')),
        address: String(await settings.get('mail.from_address', '')),
      }),
    }),
    encrypter,
    rateLimits: await createRateLimits(db.knex, {
      store: db.kind === 'pglite' ? 'memory' : 'database',
      ...options.rateLimits,
    }),
    storage: createStorage(options.storage, options.dataDir),
    bus,
    draining: false,
  };

  const app = new Koa({
    proxy: options.proxy ?? false,
    maxIpsCount: options.proxy ? Math.max(1, options.proxyHops ?? 1) : 0,
  }) as BacklineApp;
  app.silent = true;
  app.kit = kit;
  app.modules = modules;
  app.migrated = migrated;
  bus.cache('localizations', () => forgetStoredLocalizations(app));
  app.seed = async () => {
    for (const module of modules) await module.seed?.(kit);
  };
  const router = new BacklineRouter();
  app.router = router;
  for (const module of modules) module.routes?.(router, kit);

  // Outside the error handler, so an error answer's body is final before it decides how to send a stream.
  app.use(streamResponses());
  app.use(errorHandler((error, ctx) => log.error(`${ctx.method} ${ctx.path} failed`, error)));
  // Browsers PUT direct uploads to the bucket, so its origin joins the page's connect-src.
  const storageOrigins = storageConnectSources(kit.storage);
  app.use(
    securityHeaders({
      https: config.secureCookies,
      ...options.securityHeaders,
      ...(storageOrigins.length && {
        connectSources: [...(options.securityHeaders?.connectSources ?? []), ...storageOrigins],
      }),
    }),
  );
  app.use(compressResponses());
  // Built client files leave before sessions and the XSRF cookie: no session look-up, no Set-Cookie on assets.
  if (options.spa?.root) app.use(serveStaticFiles(options.spa));
  app.use(methodOverride());
  for (const module of modules) if (module.session) app.use(module.session(kit));
  app.use(xsrf({ secure: config.secureCookies }));
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
        const url = `http://${shown}:${actual}`;
        // Links in mail never follow an unchecked Host header: without APP_URL they point here.
        config.listenUrl = url;
        if (!config.baseUrl)
          log.info(
            `APP_URL is not set: links in mail point at ${url}, the address the server listens on. Set APP_URL to the public origin.`,
          );
        resolve({ server: server!, url });
      });
    });
  const grace = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  app.close = async () => {
    kit.draining = true;
    for (const module of modules) module.stopping?.(kit);
    if (server) {
      const listening = server;
      // Stop accepting, close idle keep-alive connections now, let requests in flight finish within the grace;
      // then destroy whatever is still open (a slow or stalled client), so shutdown always ends.
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(() => listening.closeAllConnections(), grace);
        listening.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        listening.closeIdleConnections();
      });
    }
    for (const module of modules) await module.stop?.(kit);
    kit.mail.close();
    await kit.rateLimits.close();
    await bus.close();
    await db.close();
  };
  return app;
}
