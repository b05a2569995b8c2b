/**
 * SQL injection with sqlmap (Debian's package) against the routes that take search, sort, filter and id
 * parameters, derived from the contract: GET routes with a query parameter named `query`, `orderBy`, `orderDir`,
 * `filters` or `ids` (and the other filters of those list routes), and GET routes with a path parameter. Part of
 * `pnpm security` (scripts/security.ts).
 *
 * Each target is one sqlmap run with a signed-in admin's session cookie and the XSRF header (so every route is
 * reachable), valid values for the other parameters, and PostgreSQL as the database (PGlite is PostgreSQL). A
 * finding is an injection point sqlmap identifies, or a 5xx it provokes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathParams, type RouteContract, XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';
import { createOpenApiDocument } from '@backline/server';
import { type HttpSession, type RunningServer, targetsOf, urlOf, validInputOf } from '@internal/testing';

/** Query parameters that reach SQL as search text, sort keys, filters or id lists. */
export const SQL_QUERY_PARAMS = new Set(['query', 'orderBy', 'orderDir', 'filters', 'ids']);
/** Pagination is parsed to whole numbers before any query: not worth sqlmap's time. */
const PAGINATION = new Set(['page', 'perPage']);

export interface SqlmapTarget {
  name: string;
  /** Full URL; a path id is marked with sqlmap's custom injection marker `*`. */
  url: string;
  /** Query parameters to test (`-p`); empty when the URL carries a `*` marker. */
  params: string[];
}

export interface SqlmapResult {
  target: SqlmapTarget;
  injectable: string[];
  serverErrors: string[];
  problems: string[];
  seconds: number;
}

/** Whether sqlmap is installed; if not, how to get it. */
export function sqlmapAvailable(): { ok: true; version: string } | { ok: false; help: string } {
  const probe = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return { ok: true, version: probe.stdout.trim().split('\n')[0]! };
  return {
    ok: false,
    help: 'sqlmap is not installed: `apt-get install -y sqlmap` (Debian), or skip this part with --skip sqlmap.',
  };
}

/**
 * The targets, from the registered routes: every GET route with a search, sort, filter or id query parameter
 * (tested together with the route's other non-paging filters), and every GET route with path parameters (each
 * marked `*`), with `ids` of real rows so the request reaches its query.
 */
export function sqlmapTargets(
  server: RunningServer,
  routes: readonly RouteContract[],
  realIds: (route: RouteContract, param: string) => string | number,
  seed = 20261129,
): SqlmapTarget[] {
  const document = createOpenApiDocument(routes);
  const resolve = (ref: string) =>
    document.components.schemas[ref.replace('#/components/schemas/', '')] as
      | Record<string, unknown>
      | undefined;
  const targets: SqlmapTarget[] = [];
  for (const [index, target] of targetsOf(routes, document).entries()) {
    if (target.route.method !== 'GET') continue;
    const queryNames = Object.keys((target.query?.properties ?? {}) as Record<string, unknown>);
    // Path parameters that look a row up (ids, slugs, names, tokens); an enum (a provider, a slot) never reaches SQL.
    const pathSchemas = (target.params?.properties ?? {}) as Record<string, { enum?: unknown[] }>;
    const names = pathParams(target.route.path).filter((name) => !pathSchemas[name]?.enum);
    const sqlParams = queryNames.filter((name) => SQL_QUERY_PARAMS.has(name));
    if (!sqlParams.length && !names.length) continue;
    // The raw event stream and frames of other types are not SQL-backed lists.
    if ((target.route.response as { contentType?: string }).contentType === 'text/event-stream') continue;
    const input = validInputOf(target, resolve, seed + index);
    for (const name of pathParams(target.route.path)) input.params[name] = realIds(target.route, name);
    if (queryNames.includes('query')) input.query.query = 'night';
    // A filter naming a row (a genre) must name a real one: a list filtered by an unknown genre answers 404,
    // and sqlmap stops at a base request that is not found.
    if (queryNames.includes('genre')) input.query.genre = String(realIds(target.route, 'genre'));
    const base = `${server.url}${urlOf(target.route, input)}`;
    if (sqlParams.length) {
      // Every filter of a list route with search or sort goes with them: all reach the same query builder.
      const params = queryNames.filter((name) => !PAGINATION.has(name) && input.query[name] !== undefined);
      const url = new URL(base);
      for (const name of params) if (!url.searchParams.has(name)) url.searchParams.set(name, '1');
      targets.push({ name: `${target.name} ?${params.join('&')}`, url: url.href, params });
    }
    if (names.length) {
      let url = `${server.url}${urlOf(target.route, { ...input, query: {} })}`;
      for (const name of names) {
        const value = encodeURIComponent(String(input.params[name]));
        url = url.replace(`/${value}`, `/${value}*`);
      }
      if (url.includes('*')) targets.push({ name: `${target.name} {${names.join(', ')}}`, url, params: [] });
    }
  }
  return targets;
}

function sqlmapArgs(target: SqlmapTarget, http: HttpSession, outDir: string, level: number, risk: number) {
  const xsrf = decodeURIComponent(http.cookies.get(XSRF_COOKIE) ?? '');
  return [
    '-u',
    target.url,
    '--batch',
    `--level=${level}`,
    `--risk=${risk}`,
    '--dbms=PostgreSQL',
    `--cookie=${http.cookieHeader()}`,
    `--headers=${XSRF_HEADER}: ${xsrf}\nAccept: application/json`,
    ...(target.params.length ? ['-p', target.params.join(',')] : []),
    '--flush-session',
    '--disable-coloring',
    '--time-sec=2',
    '--timeout=30',
    '--retries=1',
    // The cookie is our session, not a parameter to inject (an injected cookie would only end the session).
    '--skip=backline_session',
    `--output-dir=${outDir}`,
  ];
}

function parse(
  output: string,
  outDir: string,
): Pick<SqlmapResult, 'injectable' | 'serverErrors' | 'problems'> {
  const injectable = [...output.matchAll(/^Parameter: (.+)$/gm)].map((match) => match[1]!.trim());
  if (/identified the following injection point/.test(output) && !injectable.length)
    injectable.push('(see log)');
  // sqlmap keeps a `log` file per host with every injection point it confirmed: empty or absent when none.
  for (const host of existsSync(outDir) ? readdirSync(outDir) : []) {
    const log = path.join(outDir, host, 'log');
    if (existsSync(log) && statSync(log).size > 0 && !injectable.length)
      injectable.push(readFileSync(log, 'utf8').slice(0, 300));
  }
  const serverErrors = [...output.matchAll(/^(5\d\d \([^)]*\)) - (\d+) times/gm)].map(
    (m) => `${m[1]} × ${m[2]}`,
  );
  const problems = [...output.matchAll(/\[CRITICAL\] (.+)$/gm)]
    .map((match) => match[1]!)
    .filter(
      (line) =>
        !/do not appear to be injectable|not seem to be injectable|no parameter\(s\) found/.test(line),
    );
  return { injectable, serverErrors, problems };
}

/** Runs sqlmap once per target, in turn; `progress` gets a line per target. */
export async function runSqlmap(options: {
  targets: SqlmapTarget[];
  http: HttpSession;
  level?: number;
  risk?: number;
  progress?: (line: string) => void;
}): Promise<SqlmapResult[]> {
  const results: SqlmapResult[] = [];
  const level = options.level ?? 2;
  const risk = options.risk ?? 1;
  for (const [index, target] of options.targets.entries()) {
    const outDir = mkdtempSync(path.join(tmpdir(), 'backline-sqlmap-'));
    const started = performance.now();
    const output = await new Promise<string>((resolve) => {
      const child = spawn('sqlmap', sqlmapArgs(target, options.http, outDir, level, risk), {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('close', () => resolve(text));
    });
    const parsed = parse(output, outDir);
    rmSync(outDir, { recursive: true, force: true });
    const seconds = Math.round((performance.now() - started) / 1000);
    results.push({ target, ...parsed, seconds });
    options.progress?.(
      `sqlmap ${index + 1}/${options.targets.length} ${target.name}: ${
        parsed.injectable.length ? `INJECTABLE ${parsed.injectable.join('; ')}` : 'nothing found'
      }${parsed.serverErrors.length ? `, server errors ${parsed.serverErrors.join(', ')}` : ''}${
        parsed.problems.length ? `, NOT TESTED: ${parsed.problems.join('; ')}` : ''
      } (${seconds} s)`,
    );
  }
  return results;
}
