import { type HttpSession, type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { fixtureGenerator } from '../demo-library/test-fixture';

const HTML = { headers: { Accept: 'text/html' } };

/** The `<head>` of the page the server sends for `path`, without the bootstrap data (which holds every setting). */
async function head(http: HttpSession, path: string): Promise<string> {
  const response = await http.get(path, HTML);
  expect(response.status).toBe(200);
  const page = /<head>([\s\S]*)<\/head>/.exec(String(response.data))![1]!;
  const withoutData = page.replace(/<script[^>]*>window\.bootstrapData=[\s\S]*?<\/script>/, '');
  expect(withoutData.length).toBeLessThan(page.length);
  return withoutData;
}

describe.each(testDatabases())('the SEO defaults in the music site’s page heads on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  beforeAll(async () => {
    server = await startSite({ music: { demoLibrary: true, generate: fixtureGenerator } }, database);
    admin = (
      await signedInUser(server, {
        email: 'seo-owner@example.com',
        password: 'seo-owner-1',
        roles: ['admin'],
      })
    ).http;
  });
  afterAll(async () => {
    await server?.close();
  });

  const save = async (settings: Record<string, unknown>) =>
    expect((await admin.post('/api/v1/admin/appearance', { settings })).status).toBe(200);

  it('gives the landing and login pages the default title and description, escaped', async () => {
    await save({
      'seo.default_title': 'Night Owl Radio: <script>alert("t")</script>',
      'seo.default_description': 'Records & "rarities" <script>alert(1)</script>',
    });
    const title = 'Night Owl Radio: &#60;script&#62;alert(&#34;t&#34;)&#60;/script&#62;';
    const description = 'Records &#38; &#34;rarities&#34; &#60;script&#62;alert(1)&#60;/script&#62;';
    for (const path of ['/', '/login']) {
      const page = await head(server.session(), path);
      expect(page).toContain(`<title>${title}</title>`);
      expect(page).toContain(`<meta name="description" content="${description}">`);
      // The template's generic description gave way: a page has one description.
      expect(page.match(/<meta name="description"/g)).toHaveLength(1);
      expect(page).toContain(`<meta property="og:title" content="${title}">`);
      expect(page).toContain(`<meta property="og:description" content="${description}">`);
      expect(page).toContain(`<meta name="twitter:title" content="${title}">`);
      expect(page).toContain(`<meta name="twitter:description" content="${description}">`);
      expect(page).not.toContain('<script>alert');
    }
  });

  it('leaves pages with their own head (an album) theirs', async () => {
    await save({ 'seo.default_title': 'Night Owl Radio', 'seo.default_description': 'The default.' });
    const album = await server.app.kit.knex('music_albums').where({ name: 'Harbor Lights' }).first('id');
    const page = await head(server.session(), `/album/${album.id}/neon-harbor/harbor-lights`);
    expect(page).toContain('<title>Harbor Lights - Neon Harbor, Nebula Drift - Backline Music</title>');
    expect(page).toContain('<meta name="description" content="Lights.">');
    expect(page).not.toContain('The default.');
    expect(page).not.toContain('Night Owl Radio');
  });

  it('falls back to the site name and the template description while the SEO fields are empty', async () => {
    await save({ 'seo.default_title': '', 'seo.default_description': '' });
    const page = await head(server.session(), '/login');
    expect(page).toContain('<title>Backline Music</title>');
    expect(page).toMatch(/<meta\s+name="description"\s+content="Listen to music/);
    expect(page).not.toContain('og:title');
  });
});
