import { idParam, route } from '@backline/core/contract';
import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineModule } from '../kit';
import { routeUrl } from './routes';

/** A module with one resource, to prove the conventions on real routes and a real table. */
const notes = defineModule({
  id: 'notes',
  migrations: {
    '001-notes': {
      async up(knex) {
        await knex.schema.createTable('notes', (t) => {
          t.increments('id');
          t.string('text').notNullable();
        });
      },
    },
  },
  settings: { 'notes.secret_key': { value: 'do-not-leak' }, 'notes.title': { value: 'Notes', public: true } },
  routes(router) {
    const Note = z.object({ id: z.number(), text: z.string() });
    router
      .route(
        route({
          method: 'POST',
          path: 'notes',
          tag: 'notes',
          summary: 'Add a note',
          body: z.object({
            text: z.string().check(z.minLength(1, 'The text field is required.'), z.maxLength(50)),
          }),
          response: z.object({ note: Note }),
          status: 201,
        }),
      )
      .handle(async ({ body, kit }) => {
        const [row] = await kit.knex('notes').insert({ text: body.text }).returning(['id', 'text']);
        return { note: row };
      });
    router
      .route(
        route({
          method: 'PUT',
          path: 'notes/{id}',
          tag: 'notes',
          summary: 'Change a note',
          params: z.object({ id: idParam() }),
          body: z.object({ text: z.string().check(z.minLength(1)) }),
          response: z.object({ note: Note, method: z.literal('PUT') }),
        }),
      )
      .handle(async ({ params, body, kit }) => {
        await kit.knex('notes').where({ id: params.id }).update({ text: body.text });
        return { note: { id: params.id, text: body.text }, method: 'PUT' };
      });
    router
      .route(
        route({
          method: 'DELETE',
          path: 'notes/{id}',
          tag: 'notes',
          summary: 'Remove a note',
          params: z.object({ id: idParam() }),
          response: z.object({ deleted: z.number() }),
        }),
      )
      .handle(async ({ params, kit }) => {
        const deleted = await kit.knex('notes').where({ id: params.id }).delete();
        return { deleted };
      });
    router
      .route(
        route({
          method: 'GET',
          path: 'auth/ping',
          tag: 'notes',
          summary: 'A root path',
          response: z.object({ where: z.string() }),
        }),
      )
      .handle(() => ({ where: 'auth' }));
    router
      .route(
        route({
          method: 'GET',
          path: 'boom',
          tag: 'notes',
          summary: 'Fails',
          response: z.object({}),
        }),
      )
      .handle(() => {
        throw new Error('database password is hunter2');
      });
  },
});

describe('routeUrl', () => {
  it('mirrors the client prefix rule', () => {
    expect(routeUrl('bootstrap-data')).toBe('/api/v1/bootstrap-data');
    expect(routeUrl('auth/login')).toBe('/auth/login');
    expect(routeUrl('secure/auth/social/google/login')).toBe('/secure/auth/social/google/login');
    expect(routeUrl('authors')).toBe('/api/v1/authors');
  });
});

describe.each(testDatabases())('call conventions on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [notes] });
  });
  afterAll(() => server?.close());

  const count = async () => Number((await server.app.kit.knex('notes').count({ n: '*' }))[0]!.n);

  it('sets a readable XSRF-TOKEN cookie and accepts a write that echoes it', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const cookie = http.lastSetCookies.find((line) => line.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const response = await http.post('/api/v1/notes', { text: 'first' });
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ note: { text: 'first' } });
  });

  it('refuses a write without the XSRF header, or with a wrong one, and writes nothing', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const before = await count();
    const missing = await http.post('/api/v1/notes', { text: 'forged' }, { xsrf: false });
    expect(missing.status).toBe(419);
    expect(missing.data).toEqual({ message: expect.stringMatching(/expired|out of date/) });
    const wrong = await http.post(
      '/api/v1/notes',
      { text: 'forged' },
      { headers: { 'X-XSRF-TOKEN': 'x'.repeat(43) } },
    );
    expect(wrong.status).toBe(419);
    const noCookie = await server
      .session()
      .post('/api/v1/notes', { text: 'forged' }, { headers: { 'X-XSRF-TOKEN': 'x'.repeat(43) } });
    expect(noCookie.status).toBe(419);
    expect(await count()).toBe(before);
  });

  it('exempts requests authenticated by a Bearer token from the XSRF check', async () => {
    const http = server.session();
    const response = await http.post(
      '/api/v1/notes',
      { text: 'api client' },
      { headers: { Authorization: 'Bearer 1|abc' } },
    );
    expect(response.status).toBe(201);
  });

  it('routes a method-override POST to the PUT and DELETE handlers, by header or _method', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const created = (await http.post('/api/v1/notes', { text: 'draft' })).data as { note: { id: number } };
    const id = created.note.id;
    const put = await http.post(
      `/api/v1/notes/${id}`,
      { text: 'final' },
      { headers: { 'X-HTTP-Method-Override': 'PUT' } },
    );
    expect(put.status).toBe(200);
    expect(put.data).toMatchObject({ method: 'PUT', note: { text: 'final' } });
    expect((await server.app.kit.knex('notes').where({ id }).first()).text).toBe('final');
    const del = await http.post(`/api/v1/notes/${id}?_method=DELETE`, {});
    expect(del.data).toEqual({ deleted: 1 });
  });

  it('never lets a GET be overridden into a write', async () => {
    const http = server.session();
    const response = await http.request('GET', '/api/v1/notes/1?_method=DELETE', {
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(response.status).toBe(405);
  });

  it('answers bad input with 422 and field errors, and writes nothing', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const before = await count();
    const response = await http.post('/api/v1/notes', { text: '' });
    expect(response.status).toBe(422);
    expect(response.data).toEqual({
      message: 'The text field is required.',
      errors: { text: ['The text field is required.'] },
    });
    expect(await count()).toBe(before);
  });

  it('answers a malformed JSON body with a clean 400', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const response = await http.request('POST', '/api/v1/notes', {
      body: '{"text": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.data).toEqual({ message: 'The request body could not be read.' });
  });

  it('hides the details of unexpected errors', async () => {
    const response = await server.session().get('/api/v1/boom');
    expect(response.status).toBe(500);
    expect(response.data).toEqual({ message: 'There was an issue. Please try again later.' });
    expect(JSON.stringify(response.data)).not.toContain('hunter2');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.session().get('/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.data).toEqual({ message: 'Not found.' });
  });

  it('serves auth/ paths at the root, not under /api/v1', async () => {
    const http = server.session();
    expect((await http.get('/auth/ping')).data).toEqual({ where: 'auth' });
    expect((await http.get('/api/v1/auth/ping')).status).toBe(404);
  });

  it('sends the security headers', async () => {
    const response = await server.session().get('/api/v1/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // API answers may load and run nothing; pages get the SPA policy (tested with the page renderer).
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('nonce-');
  });

  it('answers bootstrap-data encoded, with public settings only', async () => {
    const response = await server.session().get('/api/v1/bootstrap-data');
    expect(response.status).toBe(200);
    const encoded = (response.data as { data: { data: string } }).data.data;
    expect(typeof encoded).toBe('string');
    const data = JSON.parse(encoded);
    expect(data.settings.notes).toEqual({ title: 'Notes' });
    expect(encoded).not.toContain('do-not-leak');
    expect(data.settings.base_url).toBe(server.url);
    expect(data.themes.all.map((t: { name: string }) => t.name)).toEqual(['Light', 'Dark']);
    expect(data.user).toBeNull();
  });
});
