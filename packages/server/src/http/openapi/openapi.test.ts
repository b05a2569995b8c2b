import { idParam, noContent, raw, route, timestamp, XSRF_HEADER } from '@backline/core/contract';
import { type RunningServer, signedInUser, startTestServer, testDatabases } from '@internal/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { accounts } from '../../modules/accounts';
import { grantToUser } from '../../modules/permissions/permissions';
import { routeUrl } from '../routes';
import { createOpenApiDocument, type OpenApiDocument } from './openapi';

const PASSWORD = 'lovelace-engine-1843';

/** A contract exercising each part the generator writes: params, query, bodies, answers, auth. */
const gadgets = {
  list: route({
    method: 'GET',
    path: 'gadgets',
    tag: 'gadgets',
    summary: 'List gadgets',
    query: z.object({ page: z.optional(idParam('page')), q: z.optional(z.string()) }),
    response: z.object({ gadgets: z.array(z.object({ id: z.number(), name: z.string() })) }),
  }),
  update: route({
    method: 'PUT',
    path: 'gadgets/{id}',
    tag: 'gadgets',
    summary: 'Rename a gadget',
    params: z.object({ id: idParam() }),
    body: z.object({ name: z.string().check(z.minLength(1)) }),
    response: z.object({ gadget: z.object({ id: z.number(), name: z.string() }) }),
    auth: true,
    permission: 'gadgets.update',
    errors: [404],
  }),
  photo: route({
    method: 'POST',
    path: 'gadgets/{id}/photo',
    tag: 'gadgets',
    summary: 'Upload a photo',
    bodyType: 'multipart',
    params: z.object({ id: idParam() }),
    body: z.object({ caption: z.optional(z.string()) }),
    response: raw('image/png'),
    status: 201,
    auth: true,
    token: false,
  }),
  remove: route({
    method: 'DELETE',
    path: 'auth/gadgets/{id}',
    tag: 'gadgets',
    summary: 'Remove a gadget',
    response: noContent,
    rateLimited: true,
  }),
};

async function expectValid(document: unknown) {
  const result = await new Validator().validate(document as Parameters<Validator['validate']>[0]);
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
  expect(result.valid).toBe(true);
}

describe('createOpenApiDocument', () => {
  const document = createOpenApiDocument(Object.values(gadgets), { title: 'Gadgets API' });

  it('writes a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: 'Gadgets API', version: 'v1' });
    await expectValid(document);
  });

  it('puts API paths under /api/v1 and auth paths at the root, with their placeholders', () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/v1/gadgets',
      '/api/v1/gadgets/{id}',
      '/api/v1/gadgets/{id}/photo',
      '/auth/gadgets/{id}',
    ]);
  });

  it('lists path and query parameters from the schemas, in their wire (input) form', () => {
    const list = document.paths['/api/v1/gadgets']!.get!;
    expect(list.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['page', 'query', false],
      ['q', 'query', false],
    ]);
    const update = document.paths['/api/v1/gadgets/{id}']!.put!;
    expect(update.parameters?.[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    // The id arrives as text or a number; the transform to a number happens on the server.
    expect(JSON.stringify(update.parameters?.[0]?.schema)).toContain('"string"');
    // A placeholder without a params schema is still listed, or the path would be invalid.
    const remove = document.paths['/auth/gadgets/{id}']!.delete!;
    expect(remove.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('describes JSON, multipart and empty bodies', () => {
    const update = document.paths['/api/v1/gadgets/{id}']!.put!;
    expect(update.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
    });
    const photo = document.paths['/api/v1/gadgets/{id}/photo']!.post!;
    expect(photo.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      properties: { caption: { type: 'string' }, file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    expect(document.paths['/auth/gadgets/{id}']!.delete!.requestBody).toBeUndefined();
  });

  it('answers the success schema at its status, and the error body on every implied and declared error', () => {
    const update = document.paths['/api/v1/gadgets/{id}']!.put!;
    expect(Object.keys(update.responses)).toEqual(['200', '401', '403', '404', '419', '422']);
    expect(update.responses['404']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(document.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
    const photo = document.paths['/api/v1/gadgets/{id}/photo']!.post!;
    expect(photo.responses['201']?.content).toEqual({
      'image/png': { schema: { type: 'string', format: 'binary' } },
    });
    const remove = document.paths['/auth/gadgets/{id}']!.delete!;
    expect(Object.keys(remove.responses)).toEqual(['204', '419', '429']);
    expect(remove.responses['204']?.content).toBeUndefined();
  });

  it('offers the session (with the XSRF header on unsafe methods) and Bearer tokens where routes take them', () => {
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'backline_session' },
      xsrf: { type: 'apiKey', in: 'header', name: XSRF_HEADER },
      bearer: { type: 'http', scheme: 'bearer' },
    });
    // Open to visitors: the empty requirement makes signing in optional.
    expect(document.paths['/api/v1/gadgets']!.get!.security).toEqual([{ session: [] }, { bearer: [] }, {}]);
    expect(document.paths['/api/v1/gadgets/{id}']!.put!.security).toEqual([
      { session: [], xsrf: [] },
      { bearer: [] },
    ]);
    // `token: false`: a stolen token cannot reach it, so Bearer is not offered.
    expect(document.paths['/api/v1/gadgets/{id}/photo']!.post!.security).toEqual([{ session: [], xsrf: [] }]);
    expect(document.paths['/api/v1/gadgets/{id}']!.put!.description).toContain('`gadgets.update` permission');
  });

  it('tags operations by module and gives each a unique id', () => {
    expect(document.tags).toEqual([{ name: 'gadgets' }]);
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids).toEqual(['get_gadgets', 'put_gadgets_id', 'post_gadgets_id_photo', 'delete_auth_gadgets_id']);
  });

  it('moves named sub-schemas to the components, where document references resolve', async () => {
    const Node = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const tree = route({ method: 'GET', path: 'tree', tag: 'tree', summary: 'A tree', response: Node });
    const withTree = createOpenApiDocument([tree]);
    const text = JSON.stringify(withTree);
    expect(text).not.toContain('#/$defs/');
    expect(text).toContain('#/components/schemas/');
    await expectValid(withTree);
  });

  it("describes timestamps and dates by their format alone, without zod's long pattern", async () => {
    const stamped = route({
      method: 'GET',
      path: 'stamped',
      tag: 'stamped',
      summary: 'A timestamp and a date',
      query: z.object({ on: z.optional(z.iso.date()) }),
      response: z.object({ at: timestamp, seen: z.nullable(timestamp) }),
    });
    const withDates = createOpenApiDocument([stamped]);
    const text = JSON.stringify(withDates);
    expect(text).toContain('"format":"date-time"');
    expect(text).toContain('"format":"date"');
    expect(text).not.toContain('"pattern"');
    await expectValid(withDates);
  });

  it('describes a parameter registered with its own type by that type, not by the union it reads', async () => {
    const count = z.union([z.string(), z.number()]);
    z.globalRegistry.add(count, { type: 'integer', minimum: 1, maximum: 50 });
    const counted = route({
      method: 'GET',
      path: 'counted',
      tag: 'counted',
      summary: 'A count read from a query string',
      query: z.object({ count: z.optional(count), loose: z.optional(z.union([z.string(), z.number()])) }),
      response: noContent,
    });
    const document = createOpenApiDocument([counted]);
    const parameters = document.paths['/api/v1/counted']!.get!.parameters!;
    expect(parameters.find((p) => p.name === 'count')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 50,
    });
    // An unregistered union keeps its alternatives.
    expect(parameters.find((p) => p.name === 'loose')?.schema).not.toHaveProperty('type', 'integer');
    await expectValid(document);
  });
});

describe.each(testDatabases())('GET api/v1/openapi.json on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()] });
  });
  afterAll(() => server?.close());

  it('answers 404 while the api.integrated setting is off, even to an admin', async () => {
    await server.app.kit.settings.set('api.integrated', false);
    const { http } = await signedInUser(server, {
      email: 'off@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    const answer = await http.get('/api/v1/openapi.json');
    expect(answer.status).toBe(404);
    expect(answer.data).toEqual({ message: 'Not found.' });
  });

  it('answers 403 to a visitor and to a user without api.access, in the error shape', async () => {
    await server.app.kit.settings.set('api.integrated', true);
    const guest = await server.session().get('/api/v1/openapi.json');
    expect(guest.status).toBe(403);
    expect(guest.data).toEqual({ message: 'You do not have permission to do this.' });
    const { http } = await signedInUser(server, { email: 'plain@example.com', password: PASSWORD });
    const answer = await http.get('/api/v1/openapi.json');
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ message: 'You do not have permission to do this.' });
  });

  it('serves every registered route, valid as OpenAPI 3.1, to a user with api.access', async () => {
    await server.app.kit.settings.set('api.integrated', true);
    const { user, http } = await signedInUser(server, { email: 'dev@example.com', password: PASSWORD });
    await grantToUser(server.app.kit.knex, user.id, 'api.access');
    const answer = await http.get('/api/v1/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.data as OpenApiDocument;
    expect(document.info.title).toBe('Backline API');
    await expectValid(document);
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const router = server.app.router;
    for (const route of [...router.routes, ...router.documented])
      expect(listed).toContain(`${route.method} ${routeUrl(route.path)}`);
    expect(listed).toContain('GET /api/v1/openapi.json');
  });
});
