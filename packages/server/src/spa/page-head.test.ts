import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, startTestServer, tempDir, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../kit';

describe.each(testDatabases())('page heads on $name', (database) => {
  let server: RunningServer;
  const client = tempDir('backline-client-');
  beforeAll(async () => {
    mkdirSync(path.join(client.dir, 'assets'));
    writeFileSync(
      path.join(client.dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="The default." /><title>App</title></head><body><div id="root"></div></body></html>',
    );
    server = await startTestServer(database, {
      spa: { root: client.dir },
      modules: [
        defineModule({
          id: 'heads',
          pageHead: (ctx) =>
            ctx.path.startsWith('/thing/')
              ? {
                  title: 'A "thing" </title><script>alert(1)</script>',
                  description: 'Described & escaped',
                  canonical: 'https://example.com/thing/1',
                  meta: [
                    { property: 'og:title', content: 'A thing' },
                    { name: 'twitter:card', content: 'summary' },
                  ],
                  jsonLd: [{ '@type': 'Thing', name: '</script><script>alert(2)</script>' }],
                  preload: [{ href: '/images/"hero".svg', as: 'image' }],
                }
              : ctx.path === '/bare'
                ? { title: 'A bare page' }
                : null,
        }),
        defineModule({
          id: 'defaults',
          defaultPageHead: () => ({
            title: 'The site',
            description: 'The site default.',
            meta: [{ property: 'og:title', content: 'The site' }],
          }),
        }),
      ],
    });
  });
  afterAll(async () => {
    await server?.close();
    client.cleanup();
  });

  it('writes the head a module gives a page, escaped, and leaves other pages alone', async () => {
    const html = String((await server.session().get('/thing/1')).data);
    expect(html).toContain(
      '<title>A &#34;thing&#34; &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>',
    );
    expect(html).toContain('<meta name="description" content="Described &#38; escaped">');
    expect(html).toContain('<link rel="canonical" href="https://example.com/thing/1">');
    expect(html).toContain('<meta property="og:title" content="A thing">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<link rel="preload" href="/images/&#34;hero&#34;.svg" as="image">');
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld!)).toEqual({ '@type': 'Thing', name: '</script><script>alert(2)</script>' });
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('The site');
  });

  it("gives pages without a head the first module's default head, in place of the template's", async () => {
    const other = String((await server.session().get('/elsewhere')).data);
    expect(other).toContain('<title>The site</title>');
    expect(other).toContain('<meta property="og:title" content="The site">');
    expect(other).toContain('<meta name="description" content="The site default.">');
    expect(other).not.toContain('The default.');
    // A page with its own title but no description keeps its title and borrows the default description only.
    const bare = String((await server.session().get('/bare')).data);
    expect(bare).toContain('<title>A bare page</title>');
    expect(bare).toContain('<meta name="description" content="The site default.">');
    expect(bare).not.toContain('og:title');
    expect(bare.match(/<meta name="description"/g)).toHaveLength(1);
  });
});
