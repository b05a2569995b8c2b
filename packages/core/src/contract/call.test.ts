import { defineModule } from '@backline/server';
import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { browserLikeClient } from '../test-support/test-server';
import { idParam, requiredString } from './fields';
import { noContent, route } from './route';
import * as auth from './routes/auth';

/** A contract both ends of this test share: the server implements it, the client calls it. */
const notes = {
  list: route({
    method: 'GET',
    path: 'notes',
    tag: 'notes',
    summary: 'Notes, optionally filtered',
    query: z.object({ tag: z.optional(z.string()), with: z.optional(z.string()) }),
    response: z.object({ notes: z.array(z.object({ id: z.number(), text: z.string() })), with: z.string() }),
  }),
  update: route({
    method: 'PUT',
    path: 'notes/{id}',
    tag: 'notes',
    summary: 'Rename a note',
    params: z.object({ id: idParam() }),
    body: z.object({ text: requiredString('text') }),
    response: z.object({ note: z.object({ id: z.number(), text: z.string() }) }),
  }),
  remove: route({
    method: 'DELETE',
    path: 'notes/{id}',
    tag: 'notes',
    summary: 'Remove a note',
    params: z.object({ id: idParam() }),
    response: noContent,
  }),
};

const notesModule = defineModule({
  id: 'notes',
  routes(router) {
    router.route(notes.list).handle(({ query }) => ({
      notes: [{ id: 1, text: query.tag ?? 'all' }],
      with: query.with ?? '',
    }));
    router.route(notes.update).handle(({ params, body }) => ({ note: { id: params.id, text: body.text } }));
    router.route(notes.remove).handle(() => undefined);
  },
});

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer(testDatabases()[0]!, { modules: [notesModule] });
});
afterAll(() => server?.close());

describe('http.call', () => {
  it('fills path params, sends query and body through the call conventions, and answers typed data', async () => {
    const { http, sent } = browserLikeClient(server);
    const list = await http.call(notes.list, { query: { tag: 'jazz', with: 'a,b' } });
    expect(list).toEqual({ notes: [{ id: 1, text: 'jazz' }], with: 'a,b' });
    expectTypeOf(list).toEqualTypeOf<{ notes: { id: number; text: string }[]; with: string }>();

    const updated = await http.call(notes.update, { params: { id: 42 }, body: { text: 'Renamed' } });
    expect(updated.note).toEqual({ id: 42, text: 'Renamed' });
    // PUT travels as POST with the override, like every other call.
    expect(sent.at(-1)).toMatchObject({ method: 'POST', url: `${server.url}/api/v1/notes/42?_method=PUT` });

    const removed = await http.call(notes.remove, { params: { id: 42 } });
    expect(removed).toBeUndefined();
    expectTypeOf(removed).toEqualTypeOf<undefined>();
  });

  it('encodes path params, so a value cannot reach another route', async () => {
    const { http, sent } = browserLikeClient(server);
    await http.call(notes.list);
    await expect(
      http.call(notes.update, { params: { id: '1/../../x' }, body: { text: 'x' } }),
    ).rejects.toMatchObject({ status: 422 });
    expect(sent.at(-1)!.url).toContain('/api/v1/notes/1%2F..%2F..%2Fx');
  });

  it('refuses a call with a missing path param before anything is sent', () => {
    const { http } = browserLikeClient(server);
    // @ts-expect-error params are required by the route
    expect(() => http.call(notes.update, { body: { text: 'x' } })).toThrow('Missing path parameter "id"');
  });
});

describe('types from the contract', () => {
  it('rejects wrong payloads and unknown response fields at compile time', () => {
    const { http } = browserLikeClient(server);
    const typeOnly = () => {
      // @ts-expect-error the body field is `text`, not `txt`
      void http.call(notes.update, { params: { id: 1 }, body: { txt: 'x' } });
      // @ts-expect-error the body is required
      void http.call(notes.update, { params: { id: 1 } });
      // @ts-expect-error `remember` is a boolean-ish, not an object
      void http.call(auth.login, { body: { email: 'a@b.c', password: 'x', remember: {} } });
      void http.call(auth.login, { body: { email: 'a@b.c', password: 'x' } }).then((answer) => {
        if ('two_factor' in answer) expectTypeOf(answer.two_factor).toEqualTypeOf<true>();
        // @ts-expect-error a login answer has no `user` field
        void answer.user;
      });
      void http.call(notes.list).then((answer) => {
        // @ts-expect-error notes carry `text`, not `title`
        void answer.notes[0]?.title;
      });
    };
    expect(typeof typeOnly).toBe('function');
  });
});
