import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunningServer } from '@internal/testing';
import { TIMEOUTS, tempDir } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, expectAccessible, screenshot, startBrowser, startSite } from './support/site';

describe('music site, first load', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  beforeAll(async () => {
    site = await startSite();
    // A value only the database knows, so the page can only show it if the server injected it.
    await site.app.kit.settings.set('branding.site_name', 'Night Owl Radio');
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('renders from the injected bootstrap data, without a bootstrap-data request', async () => {
    const { page, context } = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.goto(site.url);
    // The home page is the web player's Discover feed (empty here: this site has no catalogue).
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Discover');
    await expect.poll(() => page.title()).toBe('Discover - Night Owl Radio');
    await page.getByText('Nothing here yet').waitFor();
    expect(requests).toContain('/api/v1/channels');
    expect(requests).not.toContain('/api/v1/bootstrap-data');
    expect(consoleErrors).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'home-light-1280');
    await context.close();
  });

  it('paints the dark theme chosen by the site, at 375 px', async () => {
    const dark = (await site.app.kit.knex('themes').where({ is_dark: true }).first()) as { id: number };
    await site.app.kit.settings.set('themes.default_id', dark.id);
    await site.app.kit.settings.set('themes.user_change', false);
    const { page, context } = await browser.newPage({ width: 375, height: 740 });
    await page.goto(site.url);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 19, 23)');
    await expectAccessible(page);
    await screenshot(page, 'home-dark-375');
    await context.close();
    await site.app.kit.settings.set('themes.default_id', 0);
  });

  it('shows the 404 page for unknown paths, whose link goes home', async () => {
    const { page, context } = await browser.newPage();
    const response = await page.goto(`${site.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe("Looks like you've found the doorway to the great nothing");
    await expectAccessible(page);
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Take me there!' }).click();
    await page.waitForURL(`${site.url}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Discover');
    await context.close();
  });
});

describe('music server entry point', () => {
  it(
    'starts like `pnpm start` does: migrates, prints its URL and serves the site',
    async () => {
      const data = tempDir('music-start-');
      const root = fileURLToPath(new URL('..', import.meta.url));
      const child = spawn(
        process.execPath,
        ['--conditions=@backline/source', '--import', 'tsx', 'src/server/main.ts'],
        {
          cwd: root,
          env: {
            ...process.env,
            PORT: '0',
            HOST: '127.0.0.1',
            DATA_DIR: data.dir,
            DATABASE_URL: '',
            INIT_CWD: root,
            // The demo library's generation (about a minute of CPU) has its own tests; this one is about the
            // entry point: migrate, print the URL, serve.
            MUSIC_DEMO_LIBRARY: 'off',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      try {
        let output = '';
        const url = await new Promise<string>((resolve, reject) => {
          // Bounds the start (tsx compiles the server from source, then migrates), it is not the start's pace.
          const timer = setTimeout(
            () => reject(new Error(`no URL printed:\n${output}`)),
            TIMEOUTS.processStart,
          );
          const onData = (chunk: Buffer) => {
            output += chunk.toString();
            const match = /running at (http:\/\/\S+)/.exec(output);
            if (match) {
              clearTimeout(timer);
              resolve(match[1]!);
            }
          };
          child.stdout.on('data', onData);
          child.stderr.on('data', onData);
          child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
        });
        expect(output).toMatch(/Migrated the pglite database: \d+ migrations/);
        const health = await fetch(`${url}/api/v1/health`);
        expect(await health.json()).toEqual({ status: 'ok', database: { kind: 'pglite', status: 'up' } });
        const page = await fetch(`${url}/library/albums`);
        expect(page.headers.get('content-type')).toMatch(/text\/html/);
        expect(await page.text()).toContain('window.bootstrapData=');
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        data.cleanup();
      }
    },
    TIMEOUTS.processStart + TIMEOUTS.test,
  );
});
