import {
  API_PREFIX,
  apiPath,
  ErrorBody,
  METHOD_OVERRIDE_HEADER,
  pathParams,
  type RouteContract,
} from '@backline/core/contract';
import {
  createOpenApiDocument,
  type OpenApiDocument,
  type OpenApiOperation,
  routeUrl,
} from '@backline/server';
import fc from 'fast-check';
import { safeParse } from 'zod/v4/core';
import { createTestUser, currentUser, loginOverHttp } from '../accounts';
import type { HttpSession } from '../http-session';
import type { RunningServer } from '../server';
import {
  almostValidOf,
  hugeString,
  nastyString,
  type Resolver,
  type Schema,
  validValueOf,
} from './schema-arbitrary';

/** Who sends a request: a visitor (with the XSRF cookie), a signed-in user, or an admin. */
export type PersonaName = 'guest' | 'user' | 'admin';
/** Valid input, valid input with one field wrong, or input built to break parsers and databases. */
export type CaseKind = 'valid' | 'almost' | 'hostile';
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'hang';

export type FuzzBody =
  | { type: 'json'; text: string }
  | { type: 'multipart'; fields: Record<string, unknown>; file?: { name: string; bytes: Uint8Array } }
  | { type: 'raw'; bytes: Uint8Array };

/** One generated request, before it is bound to a persona's session. */
export interface FuzzInput {
  params: Record<string, unknown>;
  /** Path segments put in unencoded (`%`, `%zz`): what a hand-written client might send. */
  rawParams?: Record<string, string>;
  query: Record<string, unknown>;
  body?: FuzzBody;
  headers: Record<string, string>;
}

export interface FuzzFailure {
  route: string;
  persona: PersonaName;
  kind: CaseKind;
  status: number | 'hang';
  reason: string;
  request: string;
}

export interface FuzzReport {
  cases: number;
  /**
   * Per route (`POST auth/login`) that was sent at least one request, the count of answers per status class. A
   * route gets its entry when its first request is sent, not before, so a route the budget never reached is
   * missing here rather than listed with zeros.
   */
  byRoute: Map<string, Record<StatusClass, number>>;
  byStatusClass: Record<StatusClass, number>;
  failures: FuzzFailure[];
}

export interface FuzzOptions {
  /** The running app; its registered routes are fuzzed unless `routes` is given. */
  server: RunningServer;
  routes?: readonly RouteContract[];
  /**
   * How many requests to send in all; routes take turns, so each gets `cases / routes` of them. A budget smaller
   * than the route count leaves routes unfuzzed: prefer `perRoute` for a small budget.
   */
  cases?: number;
  /** Requests per route (`cases` is then `perRoute × routes`): a small budget that still reaches every route. */
  perRoute?: number;
  seed?: number;
  /** A request that takes longer than this counts as a hang. */
  timeoutMs?: number;
  /**
   * Tables a refused request may legitimately write to: rate-limit counters exist to count refused attempts.
   */
  writableTables?: string[];
  /** Called with a line per 500 requests, to show progress in long runs. */
  progress?: (line: string) => void;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const PASSWORD = 'fuzzing persona 1234';
const encoder = new TextEncoder();

/** Routes answering Server-Sent Events, whose successful body never ends. */
function isEventStream(route: RouteContract): boolean {
  const response = route.response as { kind?: string; contentType?: string };
  return response.kind === 'raw' && response.contentType === 'text/event-stream';
}

/** The request parts of one operation, as JSON Schemas. */
export interface Target {
  route: RouteContract;
  name: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  bodyType: 'json' | 'multipart' | 'raw';
}

function objectOf(
  parameters: OpenApiOperation['parameters'],
  location: 'path' | 'query',
): Schema | undefined {
  const list = (parameters ?? []).filter((parameter) => parameter.in === location);
  if (!list.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(list.map((parameter) => [parameter.name, parameter.schema])),
    required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** Each route with its request parts read from the OpenAPI document the server generates from the contract. */
export function targetsOf(routes: readonly RouteContract[], document: OpenApiDocument): Target[] {
  return routes.map((route) => {
    const operation = document.paths[routeUrl(route.path)]?.[route.method.toLowerCase()];
    if (!operation) throw new Error(`${route.method} ${route.path} is missing from the OpenAPI document`);
    const content = operation.requestBody?.content ?? {};
    const body = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
    return {
      route,
      name: `${route.method} ${route.path}`,
      params: objectOf(operation.parameters, 'path'),
      query: objectOf(operation.parameters, 'query'),
      body,
      bodyType: route.bodyType ?? 'json',
    };
  });
}

const none = fc.constant(undefined);
const asRecord = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Deeply nested JSON, as text (an object literal that deep would overflow the encoder first). */
const deepJson = fc
  .tuple(fc.constantFrom(100, 5_000, 100_000), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

/** JSON text with prototype-pollution keys next to otherwise valid fields. */
const protoJson = (valid: unknown) =>
  `{"__proto__":{"admin":true,"isAdmin":true,"permissions":["admin"]},"constructor":{"prototype":{"admin":true}},${JSON.stringify(asRecord(valid)).slice(1)}`.replace(
    /,}$/,
    '}',
  );

function bodyArbitrary(
  target: Target,
  kind: CaseKind,
  resolve: Resolver,
): fc.Arbitrary<FuzzBody | undefined> {
  if (SAFE.has(target.route.method)) return none;
  if (target.bodyType === 'raw')
    return fc
      .oneof(
        fc.uint8Array({ maxLength: 256 }),
        fc.constant(new Uint8Array(0)),
        hugeString.map((text) => encoder.encode(text)),
      )
      .map((bytes) => ({ type: 'raw', bytes }));
  const schema = target.body ?? { type: 'object' };
  const fields =
    kind === 'valid'
      ? validValueOf(schema, resolve)
      : kind === 'almost'
        ? almostValidOf(schema, resolve)
        : fc.oneof(
            validValueOf(schema, resolve).map((value) =>
              Object.fromEntries(Object.keys(asRecord(value)).map((key) => [key, '\u0000'])),
            ),
            fc
              .tuple(validValueOf(schema, resolve), nastyString)
              .map(([value, nasty]) =>
                Object.fromEntries(Object.keys({ ...asRecord(value), x: 1 }).map((key) => [key, nasty])),
              ),
            fc.tuple(validValueOf(schema, resolve), hugeString).map(([value, huge]) => {
              const keys = Object.keys(asRecord(value));
              return { ...asRecord(value), [keys[0] ?? 'x']: huge };
            }),
          );
  if (target.bodyType === 'multipart')
    return fc
      .tuple(
        fields,
        fc.option(fc.uint8Array({ maxLength: 512 })),
        fc.oneof(fc.constant('song.mp3'), nastyString),
      )
      .map(([value, bytes, name]) => ({
        type: 'multipart',
        fields: asRecord(value),
        ...(bytes && { file: { name: name || 'x', bytes } }),
      }));
  if (kind !== 'hostile') return fields.map((value) => ({ type: 'json', text: JSON.stringify(value ?? {}) }));
  return fc.oneof(
    fields.map((value) => ({ type: 'json' as const, text: JSON.stringify(value) })),
    fc
      .constantFrom('42', '"text"', 'null', '[]', 'true', '{"a":', '', '\u0000')
      .map((text) => ({ type: 'json' as const, text })),
    deepJson.map((text) => ({ type: 'json' as const, text })),
    validValueOf(schema, resolve).map((value) => ({ type: 'json' as const, text: protoJson(value) })),
  );
}

function paramsArbitrary(target: Target, kind: CaseKind, resolve: Resolver) {
  const names = pathParams(target.route.path);
  const schema = target.params ?? { type: 'object', properties: {} };
  const valid = validValueOf(schema, resolve).map(asRecord);
  if (kind === 'valid' || !names.length) return valid.map((params) => ({ params }));
  if (kind === 'almost')
    return almostValidOf(schema, resolve).map((params) => ({ params: asRecord(params) }));
  return fc.oneof(
    fc.tuple(valid, fc.constantFrom(...names), nastyString).map(([params, name, nasty]) => ({
      params: { ...params, [name]: nasty },
    })),
    fc
      .tuple(
        valid,
        fc.constantFrom(...names),
        fc.constantFrom('%', '%zz', '%ED%A0%80', '..', '%2e%2e', '%00', '9'.repeat(400)),
      )
      .map(([params, name, raw]) => ({ params, rawParams: { [name]: raw } })),
  );
}

function queryArbitrary(target: Target, kind: CaseKind, resolve: Resolver) {
  const schema = target.query ?? { type: 'object', properties: {} };
  if (kind === 'valid') return validValueOf(schema, resolve).map(asRecord);
  if (kind === 'almost') return target.query ? almostValidOf(schema, resolve).map(asRecord) : fc.constant({});
  return fc.tuple(validValueOf(schema, resolve).map(asRecord), nastyString).map(([query, nasty]) => ({
    ...query,
    '__proto__[admin]': '1',
    'constructor[prototype][admin]': '1',
    [Object.keys(query)[0] ?? 'q']: [nasty, nasty],
    workspaceId: nasty,
  }));
}

function headersArbitrary(target: Target, kind: CaseKind): fc.Arbitrary<Record<string, string>> {
  const tus =
    target.bodyType === 'raw' || target.route.path.startsWith('tus/upload')
      ? fc.record(
          {
            'Tus-Resumable': fc.constantFrom('1.0.0', '0.2.2', ''),
            'Upload-Length': fc.oneof(
              fc.nat({ max: 4096 }).map(String),
              fc.constantFrom('-1', 'abc', '1e400', '99999999999999999999'),
            ),
            'Upload-Offset': fc.oneof(fc.nat({ max: 4096 }).map(String), fc.constantFrom('-5', 'x')),
            'Upload-Metadata': fc.oneof(
              fc.constantFrom('filename c29uZy5tcDM=,filetype YXVkaW8vbXBlZw==', 'filename', '', 'a b c,,,'),
              nastyString.filter((text) => /^[\x20-\x7e]*$/.test(text)),
            ),
            'Content-Type': fc.constantFrom('application/offset+octet-stream', 'text/plain'),
          },
          { requiredKeys: ['Tus-Resumable'] },
        )
      : fc.constant({});
  if (kind !== 'hostile') return tus;
  return fc
    .tuple(
      tus,
      fc.constantFrom<Record<string, string>>(
        {},
        { 'Content-Type': 'text/plain' },
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        { [METHOD_OVERRIDE_HEADER]: 'TRACE' },
        { [METHOD_OVERRIDE_HEADER]: 'DELETE' },
        { 'Accept-Language': 'zz-ZZ;q=abc,\u0000'.replace('\u0000', '') },
        { Range: 'bytes=999999999-1' },
        { Authorization: 'Bearer 1|nope' },
      ),
    )
    .map(([a, b]) => ({ ...a, ...b }));
}

/** Requests for one route: valid, almost valid or hostile params, query, body and headers. */
export function inputArbitrary(target: Target, kind: CaseKind, resolve: Resolver): fc.Arbitrary<FuzzInput> {
  return fc
    .tuple(
      paramsArbitrary(target, kind, resolve),
      queryArbitrary(target, kind, resolve),
      bodyArbitrary(target, kind, resolve),
      headersArbitrary(target, kind),
    )
    .map(([params, query, body, headers]) => ({ ...params, query, body, headers }));
}

/** One valid request for a route, the same for the same seed: params, query and body that pass its schemas. */
export function validInputOf(target: Target, resolve: Resolver, seed: number): FuzzInput {
  const [input] = fc.sample(inputArbitrary(target, 'valid', resolve), { numRuns: 1, seed });
  return input!;
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Percent-encodes what can be encoded; a lone surrogate cannot, so it goes as the bytes a browser would send. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
};

/** The URL a generated input calls. */
export function urlOf(route: RouteContract, input: FuzzInput): string {
  const path = routeUrl(route.path).replace(/\{(\w+)\}/g, (_, name: string) => {
    if (input.rawParams?.[name] !== undefined) return input.rawParams[name]!;
    const value = input.params[name];
    return value === undefined || value === null || value === '' ? '1' : encode(text(value));
  });
  const parts: string[] = [];
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      parts.push(`${encode(key)}=${encode(text(item))}`);
  }
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** The fetch body and headers of a generated body. */
export function requestBody(body: FuzzBody | undefined): {
  body?: BodyInit;
  headers: Record<string, string>;
} {
  if (!body) return { headers: {} };
  if (body.type === 'json') return { body: body.text, headers: { 'Content-Type': 'application/json' } };
  if (body.type === 'raw') return { body: new Blob([body.bytes as Uint8Array<ArrayBuffer>]), headers: {} };
  const form = new FormData();
  for (const [key, value] of Object.entries(body.fields))
    if (value !== undefined) form.append(key, text(value));
  if (body.file) form.append('file', new Blob([body.file.bytes as Uint8Array<ArrayBuffer>]), body.file.name);
  return { body: form, headers: {} };
}

interface Persona {
  name: PersonaName;
  http: HttpSession;
  userId?: number;
}

/** The app's tables, less those refused requests may write to; read once, since no request adds a table. */
async function tablesOf(server: RunningServer, skip: Set<string>): Promise<string[]> {
  const tables: { table_name: string }[] = await server.app.kit
    .knex('information_schema.tables')
    .whereRaw('table_schema = current_schema()')
    .andWhere('table_type', 'BASE TABLE')
    .select('table_name');
  return tables.map((row) => row.table_name).filter((name) => !skip.has(name));
}

/** The row count of each table, in one query. */
async function tableCounts(server: RunningServer, names: string[]): Promise<Record<string, number>> {
  if (!names.length) return {};
  const sql = names.map((_, i) => `(select count(*) from ??) as c${i}`).join(', ');
  const row = (await server.app.kit.knex.raw(`select ${sql}`, names)).rows[0] as Record<
    string,
    string | number
  >;
  return Object.fromEntries(names.map((name, i) => [name, Number(row[`c${i}`])]));
}

const classOf = (status: number): StatusClass =>
  status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';

const describeRequest = (method: string, url: string, input: FuzzInput) => {
  const body =
    input.body?.type === 'json'
      ? input.body.text
      : input.body?.type === 'multipart'
        ? `multipart ${JSON.stringify(input.body.fields)}${input.body.file ? ` + file ${input.body.file.name}` : ''}`
        : input.body
          ? `${input.body.bytes.length} raw bytes`
          : '';
  const shown = `${method} ${url} ${JSON.stringify(input.headers)} ${body}`;
  return shown.length > 600 ? `${shown.slice(0, 600)}… (${shown.length} characters)` : shown;
};

/**
 * Sends `cases` generated requests to every registered route in turn, as a visitor, a user and an admin, each
 * with valid, almost valid or hostile input drawn from the route's schemas (through its OpenAPI description).
 * A failure is any 5xx, a request that does not answer within the timeout, a 4xx outside the error shape, or a
 * refused (4xx) request after which a table holds a different number of rows.
 */
export async function fuzzRoutes(options: FuzzOptions): Promise<FuzzReport> {
  const { server } = options;
  const routes = options.routes ?? [...server.app.router.routes, ...server.app.router.documented];
  const document = createOpenApiDocument(routes);
  const resolve: Resolver = (ref) =>
    document.components.schemas[ref.replace('#/components/schemas/', '')] as Schema | undefined;
  const targets = targetsOf(routes, document);
  const skip = new Set([
    'rate_limits',
    'knex_migrations',
    'knex_migrations_lock',
    ...(options.writableTables ?? []),
  ]);
  const tables = await tablesOf(server, skip);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const report: FuzzReport = {
    cases: 0,
    byRoute: new Map(),
    byStatusClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, hang: 0 },
    failures: [],
  };

  let made = 0;
  const persona = async (name: PersonaName): Promise<Persona> => {
    const http = server.session();
    await http.get('/api/v1/health');
    if (name === 'guest') return { name, http };
    made += 1;
    const email = `fuzz-${name}-${made}-${Date.now().toString(36)}@example.com`;
    const user = await createTestUser(server.app, {
      email,
      password: PASSWORD,
      roles: name === 'admin' ? ['admin'] : undefined,
    });
    const login = await loginOverHttp(http, email, PASSWORD);
    if (login.status !== 200) throw new Error(`the ${name} persona could not log in (${login.status})`);
    return { name, http, userId: user.id };
  };
  const personas: Record<PersonaName, Persona> = {
    guest: await persona('guest'),
    user: await persona('user'),
    admin: await persona('admin'),
  };
  /** A request may have logged a persona out, deleted its account or signed a visitor in: start it afresh. */
  const refreshPersonas = async () => {
    for (const name of Object.keys(personas) as PersonaName[]) {
      const seen = await currentUser(personas[name].http).catch(() => undefined);
      const id = seen ? (seen.id as number) : undefined;
      if (id !== personas[name].userId) personas[name] = await persona(name);
    }
  };

  const caseArbitrary = (target: Target) =>
    fc
      .tuple(
        fc.constantFrom<PersonaName>('guest', 'user', 'admin'),
        fc.constantFrom<CaseKind>('valid', 'almost', 'hostile'),
      )
      .chain(([who, kind]) => inputArbitrary(target, kind, resolve).map((input) => ({ who, kind, input })));
  const arbitraries = targets.map(caseArbitrary);
  const seed = options.seed ?? 20261124;
  if ((options.cases === undefined) === (options.perRoute === undefined))
    throw new Error('fuzzRoutes takes either `cases` or `perRoute`');
  const cases = options.cases ?? options.perRoute! * targets.length;

  for (let index = 0; index < cases; index++) {
    const target = targets[index % targets.length]!;
    // One draw per case from its own seed: a failure is reproduced by its seed and index alone.
    const [drawn] = fc.sample(arbitraries[index % targets.length]!, { numRuns: 1, seed: seed + index });
    const { who, kind, input } = drawn!;
    const method = target.route.method;
    const url = urlOf(target.route, input);
    const before = await tableCounts(server, tables);
    const { body, headers } = requestBody(input.body);
    const signal = AbortSignal.timeout(timeoutMs);
    const stats = report.byRoute.get(target.name) ?? { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, hang: 0 };
    report.byRoute.set(target.name, stats);
    report.cases += 1;
    const fail = (status: number | 'hang', reason: string) =>
      report.failures.push({
        route: target.name,
        persona: who,
        kind,
        status,
        reason: `${reason} (seed ${seed}, case ${index})`,
        request: describeRequest(method, url, input),
      });
    let answer: Awaited<ReturnType<HttpSession['request']>>;
    try {
      answer = await personas[who].http.request(method, url, {
        body,
        headers: { ...headers, ...input.headers },
        signal,
        // An event stream never ends by design: its status and headers are the answer.
        headersOnly: isEventStream(target.route),
      });
    } catch (error) {
      stats.hang += 1;
      report.byStatusClass.hang += 1;
      fail(
        'hang',
        signal.aborted ? `no answer within ${timeoutMs} ms` : `the connection failed: ${String(error)}`,
      );
      continue;
    }
    const statusClass = classOf(answer.status);
    stats[statusClass] += 1;
    report.byStatusClass[statusClass] += 1;
    if (statusClass === '5xx')
      fail(answer.status, `answered ${answer.status}: ${text(answer.data).slice(0, 300)}`);
    if (statusClass === '4xx') {
      if (!safeParse(ErrorBody, answer.data).success)
        fail(answer.status, `a ${answer.status} outside the error shape: ${text(answer.data).slice(0, 300)}`);
      const after = await tableCounts(server, tables);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length)
        fail(
          answer.status,
          `refused with ${answer.status} yet wrote: ${changed.map((t) => `${t} ${before[t]} → ${after[t]}`).join(', ')}`,
        );
    } else if (!SAFE.has(method) || !apiPath(target.route.path).startsWith(API_PREFIX))
      await refreshPersonas();
    if (options.progress && report.cases % 500 === 0)
      options.progress(`${report.cases}/${cases} requests, ${report.failures.length} failures`);
  }
  return report;
}

/** The report as a table: one row per route with its count per status class, then the totals. */
export function formatFuzzReport(report: FuzzReport): string {
  const classes: StatusClass[] = ['2xx', '3xx', '4xx', '5xx', 'hang'];
  const width = Math.max(...[...report.byRoute.keys()].map((name) => name.length), 5);
  const row = (name: string, counts: Record<StatusClass, number>) =>
    `${name.padEnd(width)}  ${classes.map((c) => String(counts[c]).padStart(5)).join(' ')}`;
  return [
    `${'route'.padEnd(width)}  ${classes.map((c) => c.padStart(5)).join(' ')}`,
    ...[...report.byRoute].map(([name, counts]) => row(name, counts)),
    row(`all ${report.cases}`, report.byStatusClass),
  ].join('\n');
}
