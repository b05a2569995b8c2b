import {
  ErrorBody,
  isSchemaResponse,
  pathParams,
  type RouteContract,
  tokenAccess,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@backline/core/contract';
import { type $ZodType, globalRegistry, toJSONSchema } from 'zod/v4/core';
import { SESSION_COOKIE } from '../../modules/sessions/session-store';
import { routeUrl } from '../routes';

/** A JSON Schema (draft 2020-12, the dialect OpenAPI 3.1 uses). */
export type JsonSchema = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 document this generator writes. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  security: Record<string, string[]>[];
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiOptions {
  /** `info.title`; the site's name plus "API", for example. */
  title?: string;
  /** `info.version`; the API's version, `v1` by default (the `api/v1` prefix). */
  version?: string;
  description?: string;
}

/** The names of the three security schemes, as `security` requirements name them. */
export const SECURITY_SCHEMES = { session: 'session', xsrf: 'xsrf', bearer: 'bearer' } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why each error status is answered; 419 is not in the HTTP registry, so every reason is written out. */
const ERROR_REASONS: Record<number, string> = {
  400: 'The request could not be read',
  401: 'Not signed in, or the access token is invalid',
  403: 'Not allowed (a permission is missing, or the feature is off)',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large',
  415: 'Unsupported media type',
  416: 'The requested range cannot be served',
  419: `The anti-forgery check failed: send the ${XSRF_COOKIE} cookie back in the ${XSRF_HEADER} header`,
  422: 'The input is invalid; `errors` names each field',
  429: 'Too many attempts; `Retry-After` says when to try again',
  503: 'Unavailable',
};

const SUCCESS_REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  206: 'Partial content',
};

/**
 * A zod schema as JSON Schema, in the form the wire carries (`io: 'input'`: what a client sends, and what a
 * response is before the client parses it). Transforms have no JSON Schema, so their input side stands for them
 * where the pipe shows it and `{}` elsewhere. Named sub-schemas (`$defs`) move to the document's components, since
 * a `$ref` inside an OpenAPI document resolves against the document, not against the schema.
 */
function jsonSchema(schema: $ZodType, defs: Record<string, JsonSchema>, hint: string): JsonSchema {
  const converted = toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // zod writes its own validating regex beside `format: date-time` (about 250 characters) into every
    // timestamp, hundreds of times over: the format already names RFC 3339, which every OpenAPI tool knows.
    override: ({ zodSchema, jsonSchema }) => {
      if ((jsonSchema.format === 'date-time' || jsonSchema.format === 'date') && 'pattern' in jsonSchema)
        delete jsonSchema.pattern;
      // A schema registered with its own `type` (a query number read from a string or a number, say) states its
      // wire form; the union it is built from would tell clients and fuzzers that any string or number will do.
      if (jsonSchema.anyOf && typeof globalRegistry.get(zodSchema)?.type === 'string')
        delete jsonSchema.anyOf;
    },
  }) as JsonSchema;
  delete converted.$schema;
  const local = (converted.$defs ?? {}) as Record<string, JsonSchema>;
  delete converted.$defs;
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; candidate in defs; n++) candidate = `${name}${n}`;
    defs[candidate] = {};
    return candidate;
  };
  const names = new Map<string, string>();
  for (const name of Object.keys(local)) names.set(name, unique(name));
  // A schema that contains itself refers to its root as `#`, which inside a document is the document.
  const selfReferring = JSON.stringify(converted).includes('"$ref":"#"');
  const rootName = selfReferring ? unique(hint) : undefined;
  if (!names.size && !rootName) return converted;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && item === '#' && rootName) out[key] = `#/components/schemas/${rootName}`;
      else if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/'))
        out[key] = `#/components/schemas/${names.get(item.slice('#/$defs/'.length))}`;
      else out[key] = rewrite(item);
    }
    return out;
  };
  for (const [name, def] of Object.entries(local)) defs[names.get(name)!] = rewrite(def) as JsonSchema;
  const root = rewrite(converted) as JsonSchema;
  if (!rootName) return root;
  defs[rootName] = root;
  return { $ref: `#/components/schemas/${rootName}` };
}

/** One parameter per property of an object schema (path or query). */
function parametersOf(schema: JsonSchema, location: 'path' | 'query'): OpenApiParameter[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      // Path parameters are always required in OpenAPI; the path cannot match without them.
      required: location === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' && { description }),
    };
  });
}

/** The HTTP status a route answers on success. */
export function successStatus(route: RouteContract): number {
  if (route.status) return route.status;
  return !isSchemaResponse(route.response) && route.response.kind === 'none' ? 204 : 200;
}

/**
 * Every error status a route can answer: its declared ones plus the implied ones (422 for input with a schema,
 * 401 for `auth`, 403 for `permission`, 419 for unsafe methods, 429 for rate-limited routes).
 */
export function errorStatuses(route: RouteContract): number[] {
  const statuses = new Set(route.errors ?? []);
  if (route.params || route.query || route.body) statuses.add(422);
  if (route.auth) statuses.add(401);
  if (route.permission) statuses.add(403);
  if (!SAFE_METHODS.has(route.method)) statuses.add(419);
  if (route.rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Who may call a route: the session cookie (with the XSRF header on unsafe methods), a Bearer access token where
 * the route takes tokens, and nothing at all where no sign-in is needed (the XSRF header still applies to unsafe
 * methods: a visitor's browser gets the cookie on its first answer).
 */
function securityOf(route: RouteContract): Record<string, string[]>[] {
  const unsafe = !SAFE_METHODS.has(route.method);
  const session: Record<string, string[]> = unsafe
    ? { [SECURITY_SCHEMES.session]: [], [SECURITY_SCHEMES.xsrf]: [] }
    : { [SECURITY_SCHEMES.session]: [] };
  const options: Record<string, string[]>[] = [session];
  if (tokenAccess(route) !== false) options.push({ [SECURITY_SCHEMES.bearer]: [] });
  if (!route.auth) options.push(unsafe ? { [SECURITY_SCHEMES.xsrf]: [] } : {});
  return options;
}

/** A stable, unique operation id: `post_auth_login`, `get_file_entries_id`. */
export function operationId(route: RouteContract): string {
  const path = route.path
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return `${route.method.toLowerCase()}_${path}`;
}

function describe(route: RouteContract): string | undefined {
  const notes: string[] = [];
  if (route.description) notes.push(route.description);
  if (route.permission) notes.push(`Requires the \`${route.permission}\` permission.`);
  else if (route.auth) notes.push('Requires a signed-in user.');
  const token = tokenAccess(route);
  if (token === false) notes.push('API access tokens are refused here; use the browser session.');
  else if (token === 'write' && route.method === 'GET') notes.push('Tokens need the write ability.');
  return notes.length ? notes.join('\n\n') : undefined;
}

function operation(route: RouteContract, defs: Record<string, JsonSchema>): OpenApiOperation {
  const id = operationId(route);
  const parameters: OpenApiParameter[] = [];
  if (route.params) parameters.push(...parametersOf(jsonSchema(route.params, defs, `${id}_params`), 'path'));
  // A placeholder the params schema does not describe still has to be listed for the path to be valid.
  for (const name of pathParams(route.path))
    if (!parameters.some((parameter) => parameter.name === name))
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  if (route.query) parameters.push(...parametersOf(jsonSchema(route.query, defs, `${id}_query`), 'query'));

  let requestBody: OpenApiOperation['requestBody'];
  if (route.bodyType === 'multipart') {
    const fields = route.body ? jsonSchema(route.body, defs, `${id}_body`) : { type: 'object' };
    const properties = { ...((fields.properties ?? {}) as Record<string, JsonSchema>) };
    properties.file = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            type: 'object',
            properties,
            required: [...new Set(['file', ...((fields.required ?? []) as string[])])],
          },
        },
      },
    };
  } else if (route.bodyType === 'raw') {
    requestBody = {
      required: route.method === 'PATCH',
      content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  } else if (route.body) {
    requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(route.body, defs, `${id}_body`) } },
    };
  }

  const status = successStatus(route);
  const responses: OpenApiOperation['responses'] = {};
  const spec = route.response;
  if (isSchemaResponse(spec))
    responses[status] = {
      description: SUCCESS_REASONS[status] ?? 'Success',
      content: { 'application/json': { schema: jsonSchema(spec, defs, `${id}_response`) } },
    };
  else if (spec.kind === 'raw')
    responses[status] = {
      description: spec.description ?? SUCCESS_REASONS[status] ?? 'Success',
      content: { [spec.contentType]: { schema: { type: 'string', format: 'binary' } } },
    };
  else responses[status] = { description: SUCCESS_REASONS[status] ?? 'No content' };
  for (const error of errorStatuses(route))
    responses[error] = {
      description: ERROR_REASONS[error] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };

  const description = describe(route);
  return {
    operationId: id,
    summary: route.summary,
    ...(description && { description }),
    tags: [route.tag],
    ...(parameters.length && { parameters }),
    ...(requestBody && { requestBody }),
    responses,
    security: securityOf(route),
  };
}

/**
 * The OpenAPI 3.1 document of a set of routes of the contract: every route with its parameters, body and
 * responses (the success answer's schema, and the error body on every error status), the three ways to
 * authenticate, and one tag per module. Paths are absolute from the site root (`/api/v1/…`, `/auth/…`).
 */
export function createOpenApiDocument(
  routes: readonly RouteContract[],
  options: OpenApiOptions = {},
): OpenApiDocument {
  const defs: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const url = routeUrl(route.path);
    paths[url] ??= {};
    const entry = paths[url];
    const method = route.method.toLowerCase();
    // Two registrations of one method and path: the first serves (as in the router), so it is the one listed.
    if (entry[method]) continue;
    entry[method] = operation(route, defs);
    tags.add(route.tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'API',
      version: options.version ?? 'v1',
      ...(options.description && { description: options.description }),
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...defs, ErrorBody: jsonSchema(ErrorBody, defs, 'ErrorBody') },
      securitySchemes: {
        [SECURITY_SCHEMES.session]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The browser session, set by `POST auth/login`.',
        },
        [SECURITY_SCHEMES.xsrf]: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description:
            `Unsafe methods (POST, PUT, PATCH, DELETE) of a cookie session echo the readable \`${XSRF_COOKIE}\` ` +
            'cookie in this header; Bearer requests do not need it.',
        },
        [SECURITY_SCHEMES.bearer]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token (`POST access-tokens`), sent as `Authorization: Bearer {token}`. Needs the ' +
            '`api.integrated` setting and the `api.access` permission.',
        },
      },
    },
  };
}
