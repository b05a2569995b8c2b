import { idParam, noContent, raw, route } from '@backline/core/contract';
import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineModule } from '../kit';
import { unknownKeys } from './routes';

/** A small contract: the routes a module implements, declared once. */
const widgets = {
  show: route({
    method: 'GET',
    path: 'widgets/{id}',
    tag: 'widgets',
    summary: 'One widget',
    params: z.object({ id: idParam() }),
    response: z.object({ widget: z.object({ id: z.number(), name: z.string(), made_at: z.iso.datetime() }) }),
    errors: [404],
  }),
  create: route({
    method: 'POST',
    path: 'widgets',
    tag: 'widgets',
    summary: 'Make a widget',
    body: z.object({ name: z.string().check(z.minLength(1, 'The name field is required.')) }),
    response: z.object({ widget: z.object({ id: z.number(), name: z.string() }) }),
    status: 201,
  }),
  drifting: route({
    method: 'GET',
    path: 'widgets-drift',
    tag: 'widgets',
    summary: 'Answers a field its contract does not have the type of',
    response: z.object({ count: z.number() }),
  }),
  leaking: route({
    method: 'GET',
    path: 'widgets-leak',
    tag: 'widgets',
    summary: 'Answers a field its contract does not declare',
    response: z.object({
      widget: z.object({ id: z.number() }),
      labels: z.record(z.string(), z.string()),
    }),
  }),
  remove: route({
    method: 'DELETE',
    path: 'widgets/{id}',
    tag: 'widgets',
    summary: 'Remove a widget',
    params: z.object({ id: idParam() }),
    response: noContent,
  }),
  picture: route({
    method: 'GET',
    path: 'widgets/{id}/picture',
    tag: 'widgets',
    summary: 'The picture',
    params: z.object({ id: idParam() }),
    response: raw('image/svg+xml'),
  }),
};

const widgetsModule = defineModule({
  id: 'widgets',
  routes(router) {
    router.route(widgets.show).handle(({ params }) => {
      // The handler answers a Date: the contract's timestamp is its JSON form.
      return { widget: { id: params.id, name: `Widget ${params.id}`, made_at: new Date(0) } };
    });
    router.route(widgets.create).handle(({ body }) => ({ widget: { id: 7, name: body.name } }));
    router
      .route(widgets.drifting)
      // A handler that drifted from its contract (it answers a string); the type system is told so here,
      // the response check must catch it at run time.
      .handle(() => ({ count: 'three' as unknown as number }));
    router
      .route(widgets.leaking)
      // A row answered whole: the secret column is not in the contract, so the type system lets it through
      // (extra properties of a variable are allowed) and only the run-time check can see it.
      .handle(() => {
        const row = { id: 1, secret_token: 'abc' };
        return { widget: row, labels: { any: 'key' } };
      });
    router.route(widgets.remove).handle(() => undefined);
    router.route(widgets.picture).handle(({ ctx }) => {
      ctx.type = 'image/svg+xml';
      ctx.body = '<svg xmlns="http://www.w3.org/2000/svg"/>';
      return undefined;
    });
  },
});

describe.each(testDatabases())('routes from the contract ($name)', (database) => {
  let checked: RunningServer;
  let unchecked: RunningServer;
  beforeAll(async () => {
    checked = await startTestServer(database, { modules: [widgetsModule] });
    unchecked = await startTestServer(database, { modules: [widgetsModule], validateResponses: false });
  });
  afterAll(async () => {
    await checked?.close();
    await unchecked?.close();
  });

  it('parses path params with the schema and answers the declared shape', async () => {
    const answer = await checked.session().get('/api/v1/widgets/12');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      widget: { id: 12, name: 'Widget 12', made_at: '1970-01-01T00:00:00.000Z' },
    });
  });

  it('refuses ids that cannot exist with 422 and the error shape, never a 500', async () => {
    for (const id of ['abc', '0', '-1', '1e3', '2147483648', '99999999999']) {
      const answer = await checked.session().get(`/api/v1/widgets/${id}`);
      expect(answer.status, id).toBe(422);
      expect(answer.data, id).toEqual({
        message: 'The id must be a positive whole number.',
        errors: { id: ['The id must be a positive whole number.'] },
      });
    }
  });

  it('answers the declared success status, and 204 for no content', async () => {
    const session = checked.session();
    await session.get('/api/v1/health');
    const made = await session.post('/api/v1/widgets', { name: 'Cog' });
    expect(made.status).toBe(201);
    expect(made.data).toEqual({ widget: { id: 7, name: 'Cog' } });
    const removed = await session.request('DELETE', '/api/v1/widgets/7');
    expect(removed.status).toBe(204);
    const invalid = await session.post('/api/v1/widgets', { name: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.data).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
  });

  it('passes raw answers through untouched', async () => {
    const answer = await checked.session().request('GET', '/api/v1/widgets/3/picture');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('catches a handler that drifted from its contract when responses are checked', async () => {
    const answer = await checked.session().get('/api/v1/widgets-drift');
    expect(answer.status).toBe(500);
    expect((answer.data as { message: string }).message).toMatch(
      /^GET widgets-drift answered outside its contract: .*count/,
    );
    // Without the check (production), the same answer goes out as the handler wrote it.
    const loose = await unchecked.session().get('/api/v1/widgets-drift');
    expect(loose.status).toBe(200);
    expect(loose.data).toEqual({ count: 'three' });
  });

  it('fails an answer that carries a field its contract does not declare (strict responses)', async () => {
    const answer = await checked.session().get('/api/v1/widgets-leak');
    expect(answer.status).toBe(500);
    expect((answer.data as { message: string }).message).toBe(
      'GET widgets-leak answered outside its contract: fields the contract does not declare: widget.secret_token',
    );
    const loose = await unchecked.session().get('/api/v1/widgets-leak');
    expect(loose.status).toBe(200);
  });
});

describe('unknownKeys', () => {
  it('names the keys a parse dropped, however deep, and none a record or a loose object kept', () => {
    const schema = z.object({
      pagination: z.object({ data: z.array(z.object({ id: z.number() })) }),
      meta: z.record(z.string(), z.number()),
      extra: z.looseObject({ a: z.number() }),
    });
    const wire = {
      pagination: { data: [{ id: 1 }, { id: 2, email: 'x@example.com' }], total: 2 },
      meta: { anything: 1 },
      extra: { a: 1, b: 2 },
      password: 'hash',
    };
    const parsed = z.parse(schema, wire);
    expect(unknownKeys(wire, parsed).sort()).toEqual([
      'pagination.data[1].email',
      'pagination.total',
      'password',
    ]);
    expect(unknownKeys({ id: 1 }, z.parse(z.object({ id: z.number() }), { id: 1 }))).toEqual([]);
  });
});
