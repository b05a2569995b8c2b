/**
 * `pnpm security`: the hostile-input suite, against a music site it starts itself (PGlite by default, PostgreSQL
 * when DATABASE_URL is set), in four parts, then a summary table; exits 1 on any finding.
 *
 *   fuzz    the contract's property-based fuzzing over every route (`--cases`, 10 000 by default): no 5xx, no
 *           hang, every 4xx in the error shape, no refused request that wrote a row
 *   sqlmap  SQL injection with Debian's sqlmap on the search, sort, filter and id parameters, signed in, with the
 *           XSRF header (`--level`, `--risk`; 1 and 1 by default): nothing injectable, no 5xx
 *   xss     stored XSS: a payload corpus in every stored text field, every page showing them opened in Chromium
 *           with a hook that records any script that runs: none may
 *   authz   the authorization walk over the contract: guests get 401, users without a permission 403, another
 *           user's resources 403/404; every path parameter classified
 *
 *   pnpm security [--cases N] [--seed N] [--only fuzz,xss] [--skip sqlmap] [--level N] [--risk N] [--targets N]
 *                 [--no-build]
 *
 * The client is built first (as the browser tests do), so the XSS part sees what `pnpm start` serves; `--no-build`
 * reuses examples/music/dist.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { notificationTypes } from '@backline/server';
import {
  formatAuthorizationReport,
  formatFuzzReport,
  fuzzRoutes,
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  testDatabases,
  walkAuthorization,
} from '@internal/testing';
import buildClient from '../examples/music/e2e/support/global-setup';
import { startSite } from '../examples/music/e2e/support/site';
import { fixtureGenerator } from '../examples/music/src/server/modules/demo-library/test-fixture';
import { MUSIC_AUTHORIZATION } from '../examples/music/src/server/security/authorization-targets';
import { unsubscribeToken } from '../packages/server/src/modules/notifications/notify';
import { runSqlmap, sqlmapAvailable, sqlmapTargets } from './security/sqlmap';
import { storedXss } from './security/xss';

const PARTS = ['authz', 'xss', 'sqlmap', 'fuzz'] as const;
type Part = (typeof PARTS)[number];

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const list = (value: string | undefined) => (value ? value.split(',').map((item) => item.trim()) : []);
const only = list(option('only'));
const skipped = list(option('skip'));
const parts = PARTS.filter((part) => (!only.length || only.includes(part)) && !skipped.includes(part));
const cases = Number(option('cases') ?? 10_000);
const seed = Number(option('seed') ?? 20261124);
const level = Number(option('level') ?? 1);
const risk = Number(option('risk') ?? 1);
/** sqlmap on the first N targets only (a quick try); all by default. */
const sqlmapTargetLimit = Number(option('targets') ?? 0);

interface Row {
  part: Part;
  checked: string;
  findings: number;
  seconds: number;
  note: string;
}
const rows: Row[] = [];
const details: string[] = [];
const databases = testDatabases();
const database = databases.at(-1)!;
const log = (line: string) => console.log(line);

/** A fresh music site with a small catalogue, mail caught on loopback; closed by the caller. */
async function site(smtp?: SmtpCapture): Promise<RunningServer> {
  return startSite(
    { music: { generate: fixtureGenerator }, ...(smtp && { mail: { url: smtp.url } }) },
    database,
  );
}

async function part(name: Part, run: () => Promise<Omit<Row, 'part' | 'seconds'>>) {
  if (!parts.includes(name)) return;
  log(`\n=== ${name} ===`);
  const started = performance.now();
  try {
    const row = await run();
    rows.push({ part: name, ...row, seconds: Math.round((performance.now() - started) / 1000) });
    const done = rows.at(-1)!;
    log(`→ ${name}: ${done.checked}; ${done.findings} findings; ${done.seconds} s; ${done.note}`);
  } catch (error) {
    rows.push({
      part: name,
      checked: 'did not finish',
      findings: 1,
      seconds: Math.round((performance.now() - started) / 1000),
      note: String(error instanceof Error ? error.message : error).slice(0, 200),
    });
    details.push(
      `✗ ${name} failed to run: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
  }
}

log(
  `pnpm security on ${database.name}${databases.length === 1 ? ' (set DATABASE_URL for PostgreSQL)' : ''}: ${parts.join(', ')}`,
);
log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);
if (
  parts.includes('xss') &&
  !(args.includes('--no-build') && existsSync('examples/music/dist/client/index.html'))
) {
  log('building the client (as `pnpm start` serves it)…');
  await buildClient();
}

// The quick parts first, so a long fuzz run comes last.
await part('authz', async () => {
  const server = await site();
  try {
    const report = await walkAuthorization({ server, ...MUSIC_AUTHORIZATION, progress: log });
    log(formatAuthorizationReport(report));
    for (const finding of report.findings)
      details.push(
        `✗ authz ${finding.check}: ${finding.route} answered ${finding.status}, expected ${finding.expected}: ${finding.detail}`,
      );
    for (const gap of report.unclassified) details.push(`✗ authz: unclassified path parameter ${gap}`);
    const { guest, permission, idor } = report.checks;
    return {
      checked: `guest ${guest.asked}, permission ${permission.asked}, IDOR ${idor.asked} routes`,
      findings: report.findings.length + report.unclassified.length,
      note: `${report.inconclusive.length} IDOR answers inconclusive (422), ${report.skipped.length} skipped`,
    };
  } finally {
    await server.close();
  }
});

await part('xss', async () => {
  const smtp = await startSmtpCapture();
  const server = await site(smtp);
  try {
    const report = await storedXss({ server, smtp, progress: log });
    for (const finding of report.findings)
      details.push(
        `✗ xss: payload ${finding.payload} ${finding.kind} on ${finding.page} (seen by ${finding.viewer})`,
      );
    const stored = report.writes.filter((write) => write.status < 300).length;
    const refused = report.writes.filter((write) => write.status >= 400);
    return {
      checked: `${report.payloads} payloads, ${stored} stored values, ${report.pages} pages and mails opened`,
      findings: report.findings.length,
      note: `${refused.length} writes refused by validation${refused.length ? ` (${[...new Set(refused.map((w) => w.field))].join(', ')})` : ''}`,
    };
  } finally {
    await server.close();
    await smtp.close();
  }
});

await part('sqlmap', async () => {
  const available = sqlmapAvailable();
  if (!available.ok) throw new Error(available.help);
  const server = await site();
  try {
    const { signedInUser } = await import('@internal/testing');
    const admin = await signedInUser(server, {
      email: `sqlmap-admin-${Date.now()}@example.com`,
      password: 'sqlmap admin 1234',
      roles: ['admin'],
    });
    const knex = server.app.kit.knex;
    const first = async (table: string) =>
      ((await knex(table).orderBy('id').first('id')) as { id: number } | undefined)?.id ?? 1;
    const ids: Record<string, string | number> = {
      artist: await first('music_artists'),
      album: await first('music_albums'),
      track: await first('music_tracks'),
      user: admin.user.id as number,
    };
    const playlist = await admin.http.post('/api/v1/playlists', { name: 'sqlmap', public: true });
    ids.playlist = (playlist.data as { playlist: { id: number } }).playlist.id;
    const genre = (await knex('music_genres').first('name')) as { name: string } | undefined;
    // Every target's base request must be answered (sqlmap gives up on a 404): a real channel, a workspace of the
    // admin's, and a sealed unsubscribe token naming the admin and a registered type.
    const channel = (await knex('music_channels').orderBy('id').first('slug')) as
      | { slug: string }
      | undefined;
    const workspace = await admin.http.post('/api/v1/workspace', { name: 'sqlmap' });
    ids.workspace = (workspace.data as { workspace: { id: number } }).workspace.id;
    const mailType = notificationTypes(server.app.kit)[0];
    const unsubscribe = mailType
      ? unsubscribeToken(server.app.kit, Number(admin.user.id), mailType.id)
      : 'none';
    const realId = (route: { path: string }, param: string) => {
      if (param === 'name' || param === 'genre') return genre?.name ?? 'rock';
      if (param === 'token' && route.path.startsWith('notifications/unsubscribe')) return unsubscribe;
      if (param === 'slug' || param === 'slugOrId')
        return route.path.startsWith('channels') ? (channel?.slug ?? 'discover') : 'privacy-policy';
      if (route.path.startsWith('workspace/')) return ids.workspace!;
      if (param === 'language') return 'en';
      if (param === 'names') return 'timezones';
      if (param === 'slot') return 'general_top';
      if (param === 'type') return 'artist';
      if (route.path.startsWith('artists') || route.path.startsWith('backstage/artists')) return ids.artist!;
      if (route.path.startsWith('albums')) return ids.album!;
      if (route.path.startsWith('tracks') || route.path.startsWith('artwork')) return ids.track!;
      if (route.path.startsWith('playlists')) return ids.playlist!;
      if (
        route.path.startsWith('profiles') ||
        route.path.startsWith('users') ||
        route.path.startsWith('admin/users')
      )
        return ids.user!;
      return 1;
    };
    const routes = [...server.app.router.routes, ...server.app.router.documented];
    const all = sqlmapTargets(server, routes, realId);
    const targets = sqlmapTargetLimit ? all.slice(0, sqlmapTargetLimit) : all;
    log(`${available.version}: ${targets.length} targets, level ${level}, risk ${risk}`);
    const results = await runSqlmap({ targets, http: admin.http, level, risk, progress: log });
    let findings = 0;
    for (const result of results) {
      for (const point of result.injectable)
        details.push(`✗ sqlmap: ${result.target.name} is injectable: ${point}`);
      for (const error of result.serverErrors)
        details.push(`✗ sqlmap: ${result.target.name} provoked ${error}`);
      for (const problem of result.problems)
        details.push(`✗ sqlmap: ${result.target.name} could not be tested: ${problem}`);
      findings += result.injectable.length + result.serverErrors.length + result.problems.length;
    }
    const params = targets.reduce((sum, target) => sum + Math.max(target.params.length, 1), 0);
    return {
      checked: `${targets.length} routes, ${params} parameters (${available.version}, level ${level}, risk ${risk})`,
      findings,
      note: 'injectable points, 5xx and untestable targets',
    };
  } finally {
    await server.close();
  }
});

await part('fuzz', async () => {
  const server = await startSite({ validateResponses: true }, database);
  try {
    const report = await fuzzRoutes({
      server,
      cases,
      seed,
      progress: (line) => log(line),
    });
    log(formatFuzzReport(report));
    for (const failure of report.failures)
      details.push(
        `✗ fuzz ${failure.route} as ${failure.persona} (${failure.kind}): ${failure.reason}\n  ${failure.request}`,
      );
    return {
      checked: `${report.cases} requests over ${report.byRoute.size} routes (seed ${seed}); 5xx ${report.byStatusClass['5xx']}, hangs ${report.byStatusClass.hang}`,
      findings: report.failures.length,
      note: `2xx ${report.byStatusClass['2xx']}, 4xx ${report.byStatusClass['4xx']}`,
    };
  } finally {
    await server.close();
  }
});

log('\n| part | checked | findings | seconds | note |\n|---|---|---:|---:|---|');
for (const row of rows)
  log(`| ${row.part} | ${row.checked} | ${row.findings} | ${row.seconds} | ${row.note} |`);
if (details.length) log(`\n${details.join('\n')}`);
const total = rows.reduce((sum, row) => sum + row.findings, 0);
log(total ? `\n✗ ${total} findings` : `\n✓ no findings (${rows.length} parts)`);
process.exit(total ? 1 : 0);
