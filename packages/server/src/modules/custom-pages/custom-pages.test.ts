import {
  type HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { customPagesModule } from './index';

const PASSWORD = 'grace-hopper-1906';
const PAYLOAD =
  '<h2>Heading</h2><p>See <a href="https://example.org" target="_blank">the site</a>.</p>' +
  '<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">';

describe.each(testDatabases())('custom pages on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts(), customPagesModule()],
      spa: {
        html: async () =>
          '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>',
      },
    });
    await server.app.kit.settings.set('branding.site_name', 'Night Owl Radio');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** PUT and DELETE travel as POST with the method override, as the site's client sends them. */
  const put = (http: HttpSession, path: string, body: unknown) =>
    http.post(path, body, { headers: { 'X-HTTP-Method-Override': 'PUT' } });
  const del = (http: HttpSession, path: string) =>
    http.post(path, {}, { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
  const admin = async (email: string) =>
    (await signedInUser(server, { email, password: PASSWORD, roles: ['admin'] })).http;

  it('ships the default terms, privacy and about pages, readable by anyone by slug or id', async () => {
    const visitor = server.session();
    const terms = await visitor.get('/api/v1/custom-pages/terms-of-service');
    expect(terms.status).toBe(200);
    const { page, seo } = terms.data as { page: { id: number; title: string; body: string }; seo: unknown };
    expect(page.title).toBe('Terms of service');
    expect(page.body).toContain('<h2>Using the service</h2>');
    expect(seo).toEqual({
      title: 'Terms of service',
      description: 'The rules for using this site and its music player.',
    });
    expect(
      ((await visitor.get(`/api/v1/custom-pages/${page.id}`)).data as { page: { slug: string } }).page.slug,
    ).toBe('terms-of-service');
    expect((await visitor.get('/api/v1/custom-pages/privacy-policy')).status).toBe(200);
    const missing = await visitor.get('/api/v1/custom-pages/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.data).toEqual({ message: 'Page not found.' });
    // A control character in the address (PostgreSQL refuses NUL in text) is not found either, never a 500: through
    // the API, and in the page head the server writes for /pages/{slug}.
    for (const slug of ['%00', 'terms%00', '%1F']) {
      const refused = await visitor.get(`/api/v1/custom-pages/${slug}`);
      expect(refused.status, slug).toBe(404);
      expect(refused.data).toEqual({ message: 'Page not found.' });
      const html = await server.session().get(`/pages/${slug}`, { headers: { Accept: 'text/html' } });
      expect(html.status, slug).toBe(200);
    }
  });

  it('lets an admin create, list, update and delete a page, sanitising the body on save', async () => {
    const http = await admin('pages-admin@example.com');
    const created = await http.post('/api/v1/custom-pages', {
      title: 'Hello Wörld & co',
      body: PAYLOAD,
      meta_title: 'Hello SEO',
      meta_description: 'A page about hello.',
      hide_nav: true,
    });
    expect(created.status).toBe(201);
    const page = (created.data as { page: Record<string, unknown> }).page;
    expect(page).toMatchObject({
      slug: 'hello-world-co',
      hide_nav: true,
      hide_footer: false,
      type: 'default',
    });
    const stored = await server.app.kit.knex('custom_pages').where({ id: page.id }).first();
    expect(stored.body).toContain('<h2>Heading</h2>');
    expect(stored.body).toContain('rel="noopener noreferrer"');
    expect(stored.body).not.toMatch(/script|onerror|pwned/);

    const list = await http.get('/api/v1/custom-pages?query=hello');
    expect((list.data as { pagination: { data: { id: number }[]; total: number } }).pagination).toMatchObject(
      {
        total: 1,
        data: [{ id: page.id }],
      },
    );

    const taken = await http.post('/api/v1/custom-pages', {
      title: 'Other',
      slug: 'terms-of-service',
      body: '',
    });
    expect(taken.status).toBe(422);
    expect(taken.data).toMatchObject({ errors: { slug: ['The slug has already been taken.'] } });
    const badSlug = await http.post('/api/v1/custom-pages', { title: 'Other', slug: 'Not A Slug', body: '' });
    expect(badSlug.status).toBe(422);

    const updated = await put(http, `/api/v1/custom-pages/${page.id}`, {
      title: 'Hello',
      slug: 'hello',
      body: '<p>New</p>',
    });
    expect(updated.status).toBe(200);
    expect((updated.data as { page: { slug: string; body: string } }).page).toMatchObject({
      slug: 'hello',
      body: '<p>New</p>',
    });
    expect((await del(http, `/api/v1/custom-pages/${page.id}`)).status).toBe(204);
    expect((await http.get('/api/v1/custom-pages/hello')).status).toBe(404);
    expect((await del(http, `/api/v1/custom-pages/${page.id}`)).status).toBe(404);
  });

  it('records create, update and delete in the audit log; a failed write records and changes nothing', async () => {
    const http = await admin('pages-auditor@example.com');
    const audit = async (action: string, id: number) =>
      (await server.app.kit.knex('audit_logs').where({ action, target_id: id })).map(
        (row: { user_id: number; changes: unknown }) => ({
          ...row,
          changes: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as Record<
            string,
            { before: unknown; after: unknown }
          >,
        }),
      );
    const count = async () =>
      Number(((await server.app.kit.knex('audit_logs').count({ n: '*' }).first()) as { n: string }).n);

    const created = await http.post('/api/v1/custom-pages', { title: 'Audited page', body: '<p>One</p>' });
    const id = (created.data as { page: { id: number } }).page.id;
    const [create] = await audit('custom_page.create', id);
    expect(create!.changes).toMatchObject({
      title: { before: null, after: 'Audited page' },
      slug: { before: null, after: 'audited-page' },
    });

    const updated = await put(http, `/api/v1/custom-pages/${id}`, {
      title: 'Audited page',
      slug: 'audited-page',
      body: '<p>Two</p>',
    });
    expect(updated.status).toBe(200);
    const [update] = await audit('custom_page.update', id);
    expect(update!.changes).toEqual({ body: { before: '<p>One</p>', after: '<p>Two</p>' } });

    const rows = await count();
    const taken = await put(http, `/api/v1/custom-pages/${id}`, {
      title: 'Renamed',
      slug: 'terms-of-service',
      body: '<p>Three</p>',
    });
    expect(taken.status).toBe(422);
    expect((await del(http, '/api/v1/custom-pages/999999')).status).toBe(404);
    expect(await count()).toBe(rows);
    expect(await server.app.kit.knex('custom_pages').where({ id }).first()).toMatchObject({
      title: 'Audited page',
      body: '<p>Two</p>',
    });

    // Two saves racing for one new slug: one page and one audit row; the other answers 422, not a 500.
    const raced = await Promise.all(
      [1, 2].map((n) => http.post('/api/v1/custom-pages', { title: `Race ${n}`, slug: 'raced', body: '' })),
    );
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(await count()).toBe(rows + 1);

    expect((await del(http, `/api/v1/custom-pages/${id}`)).status).toBe(204);
    const [deleted] = await audit('custom_page.delete', id);
    expect(deleted!.changes.title).toEqual({ before: 'Audited page', after: null });
  });

  it('keeps the admin endpoints from visitors (401) and users without the permission (403)', async () => {
    const visitor = server.session();
    await visitor.get('/api/v1/health');
    expect((await visitor.post('/api/v1/custom-pages', { title: 'x', body: '' })).status).toBe(401);
    const { http } = await signedInUser(server, { email: 'plain@example.com', password: PASSWORD });
    expect((await http.post('/api/v1/custom-pages', { title: 'x', body: '' })).status).toBe(403);
    expect((await http.get('/api/v1/custom-pages')).status).toBe(403);
    expect((await del(http, '/api/v1/custom-pages/1')).status).toBe(403);
  });

  it('sanitises again on read (a row written around the API) and applies html_base_uri', async () => {
    const now = new Date();
    await server.app.kit.knex('custom_pages').insert({
      title: 'Raw',
      slug: 'raw',
      body: `${PAYLOAD}<img src="img/logo.png" alt="Logo">`,
      created_at: now,
      updated_at: now,
    });
    await server.app.kit.settings.set('html_base_uri', 'https://cdn.example.org/');
    try {
      const { page } = (await server.session().get('/api/v1/custom-pages/raw')).data as {
        page: { body: string };
      };
      expect(page.body).not.toMatch(/script|onerror|pwned/);
      expect(page.body).toContain('<img src="https://cdn.example.org/img/logo.png" alt="Logo">');
    } finally {
      await server.app.kit.settings.set('html_base_uri', '');
    }
  });

  it("puts the page's SEO title and description into the HTML the server sends, by slug and by id", async () => {
    const http = await admin('seo-admin@example.com');
    const { page } = (
      await http.post('/api/v1/custom-pages', {
        title: 'Shipping',
        body: '<p>We ship worldwide.</p>',
        meta_title: 'Shipping & returns',
        meta_description: 'How we ship <fast>.',
      })
    ).data as { page: { id: number } };
    for (const path of ['/pages/shipping', `/pages/${page.id}/shipping`]) {
      const html = String((await server.session().get(path, { headers: { Accept: 'text/html' } })).data);
      expect(html).toContain('<title>Shipping &#38; returns - Night Owl Radio</title>');
      expect(html).toContain('<meta name="description" content="How we ship &#60;fast&#62;.">');
    }
    const other = String(
      (await server.session().get('/pages/nothing-here', { headers: { Accept: 'text/html' } })).data,
    );
    expect(other).toContain('<title>Night Owl Radio</title>');
    expect(other).not.toContain('name="description"');
  });
});

describe('custom pages in an app without the admin module (no audit log)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(testDatabases()[0]!, {
      modules: [...accounts().filter((module) => module.id !== 'admin'), customPagesModule()],
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('still saves pages: the audit row is skipped, not failed', async () => {
    const { http } = await signedInUser(server, {
      email: 'no-log@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    const created = await http.post('/api/v1/custom-pages', { title: 'Unlogged', body: '<p>Hi</p>' });
    expect(created.status).toBe(201);
    expect(await server.app.kit.knex.schema.hasTable('audit_logs')).toBe(false);
  });
});
