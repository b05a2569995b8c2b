import { pathParams, type RouteContract } from '@backline/core/contract';
import { createOpenApiDocument } from '@backline/server';
import { createTestUser, currentUser, loginOverHttp } from '../accounts';
import {
  type FuzzInput,
  requestBody,
  type Target,
  targetsOf,
  urlOf,
  validInputOf,
} from '../fuzz/fuzz-routes';
import type { Resolver, Schema } from '../fuzz/schema-arbitrary';
import type { HttpSession } from '../http-session';
import type { RunningServer } from '../server';

/** The three questions the walk asks of every route the contract marks as closed. */
export type AuthorizationCheck = 'guest' | 'permission' | 'idor';

/** A signed-in persona of the walk: its HTTP session and user id. */
export interface WalkUser {
  http: HttpSession;
  userId: number;
  email: string;
}

/**
 * A kind of resource a user owns (a playlist, an access token): how to make one for a user, through the API as
 * that user would. The walk makes one for the victim and uses its id where a route takes that resource.
 */
export interface OwnedResource {
  create(owner: WalkUser, server: RunningServer): Promise<string | number>;
}

/**
 * What a route's path parameter names, by route path prefix (`'playlists/{id}'` covers every route under it; the
 * longest prefix wins): the name of an `OwnedResource`, or `null` for something that belongs to no user (a
 * catalogue artist, a language, a provider name).
 */
export type ParamOwners = Record<string, Record<string, string | null>>;

export interface AuthorizationWalkOptions {
  server: RunningServer;
  /** The routes to walk; every registered route by default. */
  routes?: readonly RouteContract[];
  resources: Record<string, OwnedResource>;
  params: ParamOwners;
  /**
   * `METHOD path` of reads whose resource is public by design (another user's public profile): the IDOR check
   * expects them to answer, and only checks that writes are refused.
   */
  publicReads?: Record<string, string>;
  /** `METHOD path` → a body that passes validation (ids that exist), where the schema alone cannot say. */
  bodies?: Record<string, (ids: Record<string, string | number>) => unknown>;
  /** `METHOD path` → why the walk leaves it out. */
  skip?: Record<string, string>;
  /** At most this many routes per check, spread over the list (the CI budget); all by default. */
  limit?: number;
  seed?: number;
  /** A line per check as it starts and ends. */
  progress?: (line: string) => void;
}

export interface AuthorizationFinding {
  check: AuthorizationCheck;
  route: string;
  expected: string;
  status: number;
  detail: string;
}

export interface AuthorizationReport {
  /** Per check: routes asked, and how many refused as they should. */
  checks: Record<AuthorizationCheck, { asked: number; refused: number }>;
  findings: AuthorizationFinding[];
  /**
   * IDOR answers that were neither a refusal nor an opening: the body was refused first (422), so the check said
   * nothing. Listed so a route's body can be given in `bodies`.
   */
  inconclusive: AuthorizationFinding[];
  /** Path parameters of closed routes that `params` does not classify: the walk cannot tell whose they are. */
  unclassified: string[];
  skipped: string[];
}

const PASSWORD = 'authorization walk 1234';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every `limit`-th route of a list, so a budget still spans the whole contract. */
function spread<T>(items: T[], limit: number | undefined): T[] {
  if (!limit || items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]!);
}

/** The `ParamOwners` entry for a route: the longest prefix of its path. */
function ownersOf(params: ParamOwners, path: string): Record<string, string | null> {
  const prefix = Object.keys(params)
    .filter((key) => path === key || path.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? params[prefix]! : {};
}

async function permissionsOf(server: RunningServer, http: HttpSession | null): Promise<Set<string>> {
  if (!http) {
    const rows: { name: string }[] = await server.app.kit
      .knex('permissions')
      .join('role_permissions', 'role_permissions.permission_id', 'permissions.id')
      .join('roles', 'roles.id', 'role_permissions.role_id')
      .where('roles.name', 'guests')
      .select('permissions.name');
    return new Set(rows.map((row) => row.name));
  }
  const user = await currentUser(http);
  const list = (user?.permissions ?? []) as ({ name: string } | string)[];
  return new Set(list.map((item) => (typeof item === 'string' ? item : item.name)));
}

/**
 * Walks the contract's closed routes with the wrong people, the way an attacker with a browser and an account
 * would, and reports every route that lets them through:
 *
 * - guest: every route marked `auth` answers a visitor 401; a route needing a permission the guest role lacks
 *   answers 401 or 403;
 * - permission: every route needing a permission answers 403 to a signed-in user holding no role at all;
 * - idor: every route whose path names a user's resource (see `params`) answers 403 or 404 to another user, for a
 *   real resource of the victim, with a body that passes validation (or 422 on that path parameter itself: the id
 *   refused, as `users/{id}` answers "Not found."); reads listed in `publicReads` may answer.
 *
 * Each request carries valid input drawn from the route's schemas, so a 422 cannot pass for a refusal; a refused
 * write (any method but GET) must also leave every table's row count as it was.
 */
export async function walkAuthorization(options: AuthorizationWalkOptions): Promise<AuthorizationReport> {
  const { server } = options;
  const routes = options.routes ?? [...server.app.router.routes, ...server.app.router.documented];
  const document = createOpenApiDocument(routes);
  const resolve: Resolver = (ref) =>
    document.components.schemas[ref.replace('#/components/schemas/', '')] as Schema | undefined;
  const seed = options.seed ?? 20261129;
  const report: AuthorizationReport = {
    checks: {
      guest: { asked: 0, refused: 0 },
      permission: { asked: 0, refused: 0 },
      idor: { asked: 0, refused: 0 },
    },
    findings: [],
    inconclusive: [],
    unclassified: [],
    skipped: [],
  };
  const targets = targetsOf(routes, document).filter((target) => {
    const reason = options.skip?.[target.name];
    if (reason) report.skipped.push(`${target.name}: ${reason}`);
    return !reason;
  });

  let made = 0;
  const makeUser = async (name: string, roles?: string[]): Promise<WalkUser> => {
    made += 1;
    const email = `walk-${name}-${made}-${Date.now().toString(36)}@example.com`;
    const user = await createTestUser(server.app, { email, password: PASSWORD, roles });
    const http = server.session();
    await http.get('/api/v1/health');
    const login = await loginOverHttp(http, email, PASSWORD);
    if (login.status !== 200) throw new Error(`the walk's ${name} could not log in (${login.status})`);
    return { http, userId: user.id as number, email };
  };

  const validInput = (target: Target, index: number): FuzzInput =>
    validInputOf(target, resolve, seed + index);
  const send = async (http: HttpSession, target: Target, input: FuzzInput) => {
    const { body, headers } = requestBody(input.body);
    return http.request(target.route.method, urlOf(target.route, input), {
      body,
      headers: { ...headers, ...input.headers },
      signal: AbortSignal.timeout(30_000),
      headersOnly: (target.route.response as { contentType?: string }).contentType === 'text/event-stream',
    });
  };
  const tables: string[] = (
    (await server.app.kit
      .knex('information_schema.tables')
      .whereRaw('table_schema = current_schema()')
      .andWhere('table_type', 'BASE TABLE')
      .select('table_name')) as { table_name: string }[]
  )
    .map((row) => row.table_name)
    .filter((name) => !['rate_limits', 'knex_migrations', 'knex_migrations_lock', 'sessions'].includes(name));
  const counts = async () => {
    const sql = tables.map((_, i) => `(select count(*) from ??) as c${i}`).join(', ');
    const row = (await server.app.kit.knex.raw(`select ${sql}`, tables)).rows[0] as Record<string, string>;
    return tables.map((_, i) => Number(row[`c${i}`]));
  };
  /** Sends the request; a finding unless `refused(status)`, or when a refused request changed a row count. */
  const expectRefused = async (
    check: AuthorizationCheck,
    http: HttpSession,
    target: Target,
    input: FuzzInput,
    expected: string,
    refused: (status: number) => boolean,
    /** Path parameters naming the victim's resource: a 422 on one of them is the id refused. */
    ownedParams: string[] = [],
  ) => {
    report.checks[check].asked += 1;
    if (report.checks[check].asked % 25 === 0)
      options.progress?.(
        `${check}: ${report.checks[check].asked} asked, ${report.findings.length} findings so far`,
      );
    // Reads are not expected to write, and counting every table twice per request is most of the walk's time.
    const counted = !SAFE.has(target.route.method);
    const before = counted ? await counts() : [];
    let answer: Awaited<ReturnType<typeof send>>;
    try {
      answer = await send(http, target, input);
    } catch (error) {
      // A route that never answers the wrong person is no refusal either.
      report.findings.push({
        check,
        route: target.name,
        expected,
        status: 0,
        detail: `${target.route.method} ${urlOf(target.route, input)}: no answer (${String(error)})`,
      });
      return 0;
    }
    const finding = {
      check,
      route: target.name,
      expected,
      status: answer.status,
      detail: `${target.route.method} ${urlOf(target.route, input)} → ${JSON.stringify(answer.data ?? '').slice(0, 200)}`,
    };
    const errors = (answer.data as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
    const idRefused = answer.status === 422 && ownedParams.some((param) => param in errors);
    if (!refused(answer.status) && !idRefused) {
      if (check === 'idor' && answer.status === 422) report.inconclusive.push(finding);
      else report.findings.push(finding);
      return answer.status;
    }
    const after = counted ? await counts() : [];
    const changed = tables.filter((_, i) => before[i] !== after[i]);
    if (changed.length)
      report.findings.push({
        ...finding,
        detail: `${finding.detail}; refused, yet wrote to ${changed.join(', ')}`,
      });
    else report.checks[check].refused += 1;
    return answer.status;
  };

  // Guests: a fresh visitor with the XSRF cookie, as a browser would be.
  const guestPermissions = await permissionsOf(server, null);
  const guestTargets = spread(
    targets.filter(
      (target) =>
        target.route.auth ||
        (target.route.permission !== undefined && !guestPermissions.has(target.route.permission)),
    ),
    options.limit,
  );
  options.progress?.(`guest: ${guestTargets.length} routes`);
  const guest = server.session();
  await guest.get('/api/v1/health');
  for (const [index, target] of guestTargets.entries()) {
    await expectRefused(
      'guest',
      guest,
      target,
      validInput(target, index),
      target.route.auth ? '401' : '401 or 403',
      (status) => (target.route.auth ? status === 401 : status === 401 || status === 403),
    );
  }

  // A user without any role or permission of their own.
  const bare = await makeUser('bare');
  await server.app.kit.knex('user_roles').where({ user_id: bare.userId }).delete();
  await server.app.kit
    .knex('user_permissions')
    .where({ user_id: bare.userId })
    .delete()
    .catch(() => undefined);
  const bareHeld = await permissionsOf(server, bare.http);
  const permissionTargets = spread(
    targets.filter(
      (target) => target.route.permission !== undefined && !bareHeld.has(target.route.permission),
    ),
    options.limit,
  );
  options.progress?.(`permission: ${permissionTargets.length} routes`);
  for (const [index, target] of permissionTargets.entries())
    await expectRefused('permission', bare.http, target, validInput(target, index), '403', (s) => s === 403);

  // Another user's resources: the victim owns one of each kind; the attacker asks for them.
  const victim = await makeUser('victim');
  let attacker = await makeUser('attacker');
  const ids: Record<string, string | number> = {};
  for (const [name, resource] of Object.entries(options.resources))
    ids[name] = await resource.create(victim, server);
  const idorTargets: { target: Target; owned: Record<string, string> }[] = [];
  for (const target of targets) {
    const names = pathParams(target.route.path);
    if (!names.length || !(target.route.auth || target.route.permission)) continue;
    const owners = ownersOf(options.params, target.route.path);
    const owned: Record<string, string> = {};
    for (const name of names) {
      if (!(name in owners)) report.unclassified.push(`${target.name} {${name}}`);
      else if (owners[name]) owned[name] = owners[name]!;
    }
    if (Object.keys(owned).length) idorTargets.push({ target, owned });
  }
  const idorList = spread(idorTargets, options.limit);
  options.progress?.(`idor: ${idorList.length} routes`);
  for (const [index, { target, owned }] of idorList.entries()) {
    const input = validInput(target, index);
    for (const [param, resource] of Object.entries(owned)) {
      if (!(resource in ids)) throw new Error(`${target.name}: no resource named ${resource}`);
      input.params[param] = ids[resource];
    }
    const body = options.bodies?.[target.name];
    if (body) input.body = { type: 'json', text: JSON.stringify(body(ids)) };
    const publicRead = SAFE.has(target.route.method) && options.publicReads?.[target.name] !== undefined;
    if (publicRead) {
      report.checks.idor.asked += 1;
      report.checks.idor.refused += 1;
      continue;
    }
    const status = await expectRefused(
      'idor',
      attacker.http,
      target,
      input,
      '403 or 404',
      (s) => s === 403 || s === 404,
      Object.keys(owned),
    );
    // A request that ended the attacker's own session (an opening, already reported) must not blind the rest.
    if (status === 401 || (status < 300 && !SAFE.has(target.route.method)))
      if (!(await currentUser(attacker.http))) attacker = await makeUser('attacker');
  }
  report.unclassified = [...new Set(report.unclassified)];
  return report;
}

/** The report as lines: per check, asked and refused; then every finding, inconclusive answer and gap. */
export function formatAuthorizationReport(report: AuthorizationReport): string {
  const lines = Object.entries(report.checks).map(
    ([check, { asked, refused }]) =>
      `${check.padEnd(10)} ${String(asked).padStart(4)} asked ${String(refused).padStart(4)} refused`,
  );
  for (const finding of report.findings)
    lines.push(
      `✗ ${finding.check}: ${finding.route} answered ${finding.status}, expected ${finding.expected}: ${finding.detail}`,
    );
  for (const item of report.inconclusive)
    lines.push(`? idor: ${item.route} refused the body first (422): ${item.detail}`);
  for (const gap of report.unclassified) lines.push(`? unclassified path parameter: ${gap}`);
  return lines.join('\n');
}
