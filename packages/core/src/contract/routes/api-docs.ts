import * as z from 'zod/mini';
import { route } from '../route';

/** The OpenAPI 3.1 document, checked only as far as its frame: the generator owns the rest. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.optional(z.record(z.string(), z.unknown())),
});

/**
 * `GET openapi.json`: the API reference of every route the server registered. Only when the `api.integrated`
 * setting is on (404 otherwise, as if there were no API) and the caller holds `api.access` (403 otherwise;
 * visitors are checked against the guests role).
 */
export const openapi = route({
  method: 'GET',
  path: 'openapi.json',
  tag: 'api',
  summary: 'The OpenAPI 3.1 document of this API',
  response: OpenApiDocument,
  errors: [403, 404],
});
