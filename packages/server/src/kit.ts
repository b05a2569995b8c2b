import type { Localization, RestrictionDefinition } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context, Middleware } from 'koa';
import type { BootstrapData } from './bootstrap/bootstrap';
import type { InstanceBus } from './bus/instance-bus';
import type { Database } from './db/database';
import type { ModuleMigrations } from './db/migrations';
import type { BacklineRouter } from './http/routes';
import type { Mailer } from './mail/mailer';
import type { User } from './modules/users/user-model';
import type { Encrypter } from './security/encrypter';
import type { RateLimits } from './security/rate-limits';
import type { SettingDefinitions, SettingsService } from './settings/settings-service';
import type { Storage } from './storage/storage';

/** A small logger; `silent` in tests. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** What every module handler can reach. */
export interface Kit {
  db: Database;
  /** The installed modules, in order (the core module first). */
  modules: readonly BacklineModule[];
  knex: Knex;
  settings: SettingsService;
  log: Logger;
  config: ResolvedConfig;
  /** Builds the bootstrap data for a request (public settings, themes, i18n, plus module contributions). */
  bootstrap(ctx: Context): Promise<BootstrapData>;
  /** The clock every expiry reads; tests replace it to move time instead of sleeping. */
  now(): Date;
  /** Sends mail over SMTP (`MAIL_URL`), or into the log and the dev outbox. */
  mail: Mailer;
  /** AES-256-GCM for values kept at rest, keyed by `APP_KEY` or the key generated into the data directory. */
  encrypter: Encrypter;
  /** Named rate limits in Redis (`REDIS_URL`), the database or memory; a spent limit answers 429 with `Retry-After`. */
  rateLimits: RateLimits;
  /** Where uploaded files live: local disk under `DATA_DIR` (default) or an S3-compatible bucket. */
  storage: Storage;
  /**
   * Messages between the instances of the app and the in-process caches they all forget on a write
   * (PostgreSQL `LISTEN/NOTIFY`; this process only on PGlite).
   */
  bus: InstanceBus;
  /** True once `close()` began: readiness answers 503, so a load balancer sends this instance nothing new. */
  draining: boolean;
}

/** A permission a module declares, with the restrictions it understands. */
export interface PermissionDefinition {
  name: string;
  description?: string;
  /**
   * The restrictions it understands (`{name: 'count', type: 'number', description}`): the roles editor offers a
   * value for each, and the server refuses other names and values that do not fit.
   */
  restrictions?: RestrictionDefinition[];
}

/** A module: the unit the server is built from (shaped like better-auth's plugins). */
export interface BacklineModule {
  id: string;
  /**
   * Other modules this one reads from, by id. The app refuses to start without a `requires` one, naming it. An
   * `optional` one may be left out: the module asks `isInstalled(kit, id)` rather than probing the database for
   * that module's tables, so what it reads is declared here rather than discovered at run time.
   */
  dependencies?: { requires?: readonly string[]; optional?: readonly string[] };
  migrations?: ModuleMigrations;
  permissions?: PermissionDefinition[];
  /** Setting defaults; the public ones reach the browser in bootstrap data. */
  settings?: SettingDefinitions;
  /**
   * Defaults for keys this module edits but does not own: they fill in only what no module's `settings` (nor the
   * app's options) define, a missing key or a missing `secret` flag, whatever the module order. The admin settings
   * module uses them, so it never overrides the default of the module that owns a key (it once turned
   * `notifications.integrated` off for every site).
   */
  settingFallbacks?: SettingDefinitions;
  routes?(router: BacklineRouter, kit: Kit): void;
  /** Contributes to the bootstrap data of a request. */
  bootstrap?(ctx: Context, data: BootstrapData, kit: Kit): void | Promise<void>;
  /**
   * Identifies the caller (a session cookie, say) and sets `ctx.state.user`. Runs right after method override
   * and before the XSRF check, so everything after it knows who is calling.
   */
  session?(kit: Kit): Middleware;
  /** Middleware that runs for every request after the conventions and before the routers. */
  middleware?: Middleware[];
  /** Runs once after migrations, before the server answers (seeding, for example). */
  start?(kit: Kit): void | Promise<void>;
  /** Idempotent seed data (default rows, demo content), run by `backline seed`. */
  seed?(kit: Kit): void | Promise<void>;
  /**
   * Commands the module adds to the `backline` CLI, by name (`seed:music`). Each runs against the built app,
   * after migrations and every module's `start`, and answers the exit code.
   */
  commands?: Record<string, ModuleCommand>;
  /**
   * Runs as soon as the app starts closing, before it waits for requests in flight: long-lived responses (event
   * streams) end here, since they would otherwise hold shutdown for the whole grace period.
   */
  stopping?(kit: Kit): void;
  /** Runs when the app closes. */
  stop?(kit: Kit): void | Promise<void>;
  /** What the module adds to the user: serialized fields, `with=` relations, clean-up on deletion. */
  user?: UserHooks;
  /** Languages the module installs (`{language, name, lines}`), offered next to English. */
  localizations?: Localization[];
  /**
   * The head of a client page the server sends (`ctx.path` is the page's URL): its own title, description,
   * Open Graph / Twitter tags and JSON-LD, so crawlers and link previews see them without running scripts. The
   * first module answering a head wins; `null` or nothing leaves the page to the next module and the defaults.
   */
  pageHead?(ctx: Context, kit: Kit): PageHead | null | undefined | Promise<PageHead | null | undefined>;
  /**
   * The site's default head, for pages no `pageHead` answers (the landing page, login…): a default title and
   * description with their Open Graph / Twitter tags. A page with its own head keeps it, and takes only the
   * default description when it has none. The first module answering wins (the appearance module's SEO settings).
   */
  defaultPageHead?(
    ctx: Context,
    kit: Kit,
  ): PageHead | null | undefined | Promise<PageHead | null | undefined>;
  /**
   * Raw HTML a module adds to every client page the server sends: `head` before `</head>`, `body` before
   * `</body>`. Unlike `pageHead`, every module's parts are added. The text is trusted as is (the appearance
   * module's custom code is the site owner's own); `nonce` is the page's CSP nonce for any inline script or style.
   */
  pageHtml?(
    ctx: Context,
    kit: Kit,
    page: { nonce: string | undefined; data: BootstrapData },
  ): PageHtml | null | undefined | Promise<PageHtml | null | undefined>;
}

/** Raw HTML parts of a page (see `BacklineModule.pageHtml`). */
export interface PageHtml {
  head?: string;
  body?: string;
}

/** A command a module adds to the `backline` CLI. */
export interface ModuleCommand {
  /** One line for `backline help`: the arguments, then what it does. */
  usage: string;
  run(
    kit: Kit,
    args: { positional: string[]; flags: Record<string, string> },
    io: { out(line: string): void; err(line: string): void },
  ): number | Promise<number>;
}

/** What a page's `<head>` says about it. Every value is text; the server escapes it. */
export interface PageHead {
  /** Replaces the `<title>`. */
  title?: string;
  /** `<meta name="description">` */
  description?: string;
  /** `<link rel="canonical">`, an absolute URL. */
  canonical?: string;
  /** More tags: `{property: 'og:image', content}` or `{name: 'twitter:card', content}`. */
  meta?: ({ name: string; content: string } | { property: string; content: string })[];
  /** Structured data, each object one `<script type="application/ld+json">`. */
  jsonLd?: Record<string, unknown>[];
  /**
   * Resources the page needs first, fetched while its scripts load (`<link rel="preload">`): a landing page's
   * header image, say, so the largest paint does not wait for the script that names it.
   */
  preload?: { href: string; as: 'image' | 'style' | 'font' | 'fetch'; type?: string }[];
}

/** An installed language: its code, its own name and its lines keyed by the English text. */
export type { Localization };

/** Who a user is being serialized for: the request, when there is one, and whether it is the user's own. */
export interface UserViewContext {
  ctx?: Context;
  /** The request's user is this user: fields only the owner may see may be added. */
  own: boolean;
}

/**
 * A module's part of the user, so the users module needs to know no other module: the fields it adds to every
 * serialized user (`two_factor_confirmed_at`…), the relations `GET users/{id}?with=` can load by name
 * (`social_profiles`, `tokens`…), and its clean-up when a user is deleted (inside the deletion transaction;
 * rows whose `user_id` cascades need none).
 */
export interface UserHooks {
  serialize?(
    kit: Kit,
    user: User,
    view: UserViewContext,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  relations?: Record<string, (kit: Kit, user: User, view: UserViewContext) => Promise<unknown>>;
  /**
   * Removes or anonymises the module's rows of a user whose account is being deleted. Every module's hook runs
   * inside one transaction (`trx`), then the user row is deleted; work that cannot roll back (removing stored
   * files) should wait for the commit. The only deletion hook: a module's clean-up lives with its other user hooks.
   */
  onDelete?(kit: Kit, userId: number, trx: Knex.Transaction): Promise<void>;
  /**
   * Refuses a sign-in (password, social, two-factor completion, "log in as") with the message to answer (403),
   * or answers nothing to allow it. The admin module refuses banned users this way.
   */
  signInRefusal?(kit: Kit, user: User): string | null | undefined | Promise<string | null | undefined>;
}

/** Whether the app installed the module `id`: how a module checks one of its `dependencies.optional`. */
export function isInstalled(kit: Pick<Kit, 'modules'>, id: string): boolean {
  return kit.modules.some((module) => module.id === id);
}

/** Identity helper for typing a module. */
export function defineModule<M extends BacklineModule>(module: M): M {
  return module;
}

export interface ResolvedConfig {
  dataDir: string | undefined;
  /** The public origin (`APP_URL`); mail links fall back to an allowed Host, else the listening address. */
  baseUrl: string | undefined;
  /** Served behind TLS: cookies get `Secure`. */
  secureCookies: boolean;
  /** Hosts (lower case, with any port) a request's `Host` may name for links in mail when `baseUrl` is unset. */
  allowedHosts: string[];
  /** The address `app.start()` listens on: the origin of links in mail when neither of the above applies. */
  listenUrl: string | undefined;
  /** How long this process reuses the guests role's permissions (0: asked on every request). */
  guestRoleCacheMs: number;
}
