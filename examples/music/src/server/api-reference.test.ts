import { isSchemaResponse, pathParams, type RouteContract } from '@backline/core/contract';
import { type OpenApiDocument, routeUrl } from '@backline/server';
import { operationId, successStatus } from '@backline/server/testing';
import { type RunningServer, signedInUser } from '@internal/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../e2e/support/site';

/**
 * The route walk: every route the music site registers (its own and those served by middleware) declares its
 * input and its answer, and is listed in the API reference, which is a valid OpenAPI 3.1 document.
 */
describe('the music API reference', () => {
  let server: RunningServer;
  let document: OpenApiDocument;
  let routes: RouteContract[];
  beforeAll(async () => {
    server = await startSite();
    // Signed-up listeners hold api.access on the music site, and the site turns api.integrated on.
    const { http } = await signedInUser(server, {
      email: 'walker@example.com',
      password: 'walk the routes 42',
    });
    const answer = await http.get('/api/v1/openapi.json');
    expect(answer.status).toBe(200);
    document = answer.data as OpenApiDocument;
    routes = [...server.app.router.routes, ...server.app.router.documented];
  });
  afterAll(() => server?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Backline Music API');
  });

  it('lists every registered route, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(40);
    const listed = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const registered = [...new Set(routes.map((route) => `${route.method} ${routeUrl(route.path)}`))].sort();
    expect(listed).toEqual(registered);
  });

  it('gives every route its input schemas: each path placeholder and each body is described', () => {
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const operation = document.paths[routeUrl(route.path)]![route.method.toLowerCase()]!;
      expect(operation.operationId, name).toBe(operationId(route));
      const placeholders = pathParams(route.path);
      if (placeholders.length) {
        expect(route.params, `${name} has placeholders but no params schema`).toBeDefined();
        const described = operation.parameters?.filter((p) => p.in === 'path').map((p) => p.name);
        expect(described?.sort(), name).toEqual([...placeholders].sort());
      }
      if (route.body) expect(operation.requestBody, name).toBeDefined();
      if (route.bodyType === 'multipart')
        expect(Object.keys(operation.requestBody?.content ?? {}), name).toEqual(['multipart/form-data']);
      // A JSON body is described by its schema, never by a blank object.
      const json = operation.requestBody?.content['application/json']?.schema;
      if (json) expect(Object.keys(json).length, name).toBeGreaterThan(0);
    }
  });

  it('gives every contract route a response schema at its status, and the error body on every error', () => {
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const operation = document.paths[routeUrl(route.path)]![route.method.toLowerCase()]!;
      const success = operation.responses[successStatus(route)];
      expect(success, name).toBeDefined();
      if (isSchemaResponse(route.response))
        expect(success?.content?.['application/json']?.schema, name).toBeDefined();
      else if (route.response.kind === 'raw')
        expect(Object.keys(success?.content ?? {}), name).toEqual([route.response.contentType]);
      else expect(success?.content, name).toBeUndefined();
      for (const [status, answer] of Object.entries(operation.responses))
        if (Number(status) >= 400)
          expect(answer.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
            $ref: '#/components/schemas/ErrorBody',
          });
      // Raw answers are files and pages; every JSON answer has a schema.
      if (!isSchemaResponse(route.response) && route.response.kind === 'raw')
        expect(route.response.contentType, `${name} declares raw JSON instead of a schema`).not.toBe(
          'application/json',
        );
    }
  });
});
