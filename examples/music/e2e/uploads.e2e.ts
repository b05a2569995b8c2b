import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uploadsModule } from '@backline/server';
import {
  createTestUser,
  type RunningServer,
  type S3TestServer,
  startS3Server,
  TIMEOUTS,
} from '@internal/testing';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { musicOptions } from '../src/server/app';
import { expectAccessibleInBothThemes, expectHeading, expectPath, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, screenshot, startBrowser, startSite } from './support/site';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const PASSWORD = 'correct horse battery';
const MB = 1024 * 1024;

// The uploads module, unless the music site already installs it.
const withUploads = musicOptions()
  .modules?.flat()
  .some((module) => module.id === 'uploads')
  ? []
  : [uploadsModule()];

/** A WAV file of `size` bytes with random samples (so the server sniffs audio/wav); answers its sha256. */
async function writeWav(file: string, size: number): Promise<string> {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22); // stereo
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(size - 44, 40);
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      hash.update(chunk);
      out.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  await write(header);
  // Streamed in 1 MiB chunks: a 105 MB file never sits in memory whole.
  for (let left = size - 44; left > 0; left -= MB) await write(randomBytes(Math.min(MB, left)));
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}

/** A 1×1 PNG (artwork). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('uploads in Chromium, against the music server', () => {
  let site: RunningServer;
  let s3Site: RunningServer;
  let s3: S3TestServer;
  let proxy: TcpProxy;
  let browser: BrowserHarness;
  const dir = path.join(tmpdir(), `backline-uploads-e2e-${process.pid}-${Date.now()}`);
  const files: Record<string, { path: string; sha256?: string; size: number }> = {};

  beforeAll(async () => {
    mkdirSync(path.join(dir, 'album'), { recursive: true });
    const wav = async (name: string, size: number) => {
      const file = path.join(dir, name);
      files[name] = { path: file, size, sha256: await writeWav(file, size) };
    };
    await wav('demo-track.wav', 300 * 1024);
    await wav('stalled.wav', 200 * 1024);
    await wav('long-take.wav', 12 * MB);
    await wav('reloaded.wav', 10 * MB);
    await wav('direct.wav', 600 * 1024);
    await wav('album/01-intro.wav', 64 * 1024);
    await wav('album/02-outro.wav', 64 * 1024);
    writeFileSync(path.join(dir, 'cover.png'), PNG);
    files['cover.png'] = { path: path.join(dir, 'cover.png'), size: PNG.length };
    writeFileSync(path.join(dir, 'notes.txt'), 'liner notes\n');
    files['notes.txt'] = { path: path.join(dir, 'notes.txt'), size: 12 };
    // Sparse: 65 MiB that take no disk space, only ever checked against the size limit.
    const huge = path.join(dir, 'huge.wav');
    writeFileSync(huge, '');
    truncateSync(huge, 65 * MB);
    files['huge.wav'] = { path: huge, size: 65 * MB };

    s3 = await startS3Server();
    // One after the other: two PGlite databases migrating at once starve each other on a small machine.
    site = await startSite({
      modules: withUploads,
      settings: { 'uploads.max_size': { value: 64 * MB, public: true } },
    });
    s3Site = await startSite({
      modules: withUploads,
      storage: {
        driver: 's3',
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      },
      settings: { 'uploads.direct': { value: true, public: true } },
      // The page PUTs straight to the bucket: its origin must be allowed by the page's CSP.
      securityHeaders: { connectSources: [s3.endpoint] },
    });
    browser = await startBrowser();
    proxy = await startTcpProxy(site.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await Promise.all([site?.close(), s3Site?.close()]);
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Failed requests of each page, named in the message when an upload fails unexpectedly.
  const networkLogs = new WeakMap<Page, string[]>();
  const logNetwork = (page: Page) => {
    const log: string[] = [];
    networkLogs.set(page, log);
    page.on('requestfailed', (request) =>
      log.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`),
    );
    page.on('response', async (response) => {
      if (response.status() < 400) return;
      const body = await response.text().catch(() => '');
      log.push(`${response.request().method()} ${response.url()} ${response.status()} ${body.slice(0, 300)}`);
    });
  };

  /** A fresh account signed in through the login screen, on the upload page of `origin`. */
  const signedIn = async (
    server: RunningServer,
    origin = server.url,
    viewport: { width?: number; height?: number } = {},
    options: { clock?: boolean } = {},
  ): Promise<{ page: Page; context: BrowserContext }> => {
    const email = uniqueEmail('artist');
    await createTestUser(server.app, { email, password: PASSWORD });
    const { page, context } = await browser.newPage(viewport);
    logNetwork(page);
    // A page clock the test can move (the 30-second time-out) instead of waiting.
    if (options.clock) await page.clock.install();
    await page.goto(`${origin}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    // Reached from the navbar, like a person would.
    await page.getByRole('link', { name: 'Upload', exact: true }).first().click();
    await expectPath(page, '/backstage/upload');
    await expectHeading(page, 'Upload');
    return { page, context };
  };

  const filesInput = (page: Page) => page.locator('input[type="file"]:not([webkitdirectory])');
  const row = (page: Page, name: string) => page.locator('.bl-upload-item', { hasText: name });
  const statusOf = (page: Page, name: string) => row(page, name).getAttribute('data-status');
  /** Waits for a row's status; a row that fails when it should not fails the test at once, with its text. */
  const waitForStatus = async (page: Page, name: string, status: string, timeout = TIMEOUTS.navigation) => {
    const deadline = Date.now() + timeout;
    for (;;) {
      const current = await statusOf(page, name);
      if (current === status) return;
      if ((current === 'failed' && status !== 'failed') || Date.now() > deadline)
        throw new Error(
          `${name} is ${current}, not ${status}: ${await row(page, name).textContent()}\n${(networkLogs.get(page) ?? []).join('\n')}`,
        );
      await page.waitForTimeout(100);
    }
  };

  /** Downloads the stored file through its entry link (with the page's cookies) and hashes it. */
  const storedSha256 = async (page: Page, context: BrowserContext, name: string) => {
    const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
    expect(href).toMatch(/^\/api\/v1\/file-entries\//);
    const response = await context.request.get(new URL(href!, page.url()).href);
    expect(response.status()).toBe(200);
    return createHash('sha256')
      .update(await response.body())
      .digest('hex');
  };

  const requestsTo = (page: Page, pattern: RegExp) => {
    const seen: Request[] = [];
    page.on('request', (request) => {
      if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
    });
    return seen;
  };

  it('uploads a track and artwork through the form, and is accessible at 1280 and 375 px', async () => {
    const { page, context } = await signedIn(site);
    const posts = requestsTo(page, /^\/api\/v1\/file-entries$/);
    await screenshot(page, 'uploads-empty-1280');
    await filesInput(page).setInputFiles([files['demo-track.wav']!.path, files['cover.png']!.path]);
    await waitForStatus(page, 'demo-track.wav', 'completed');
    await waitForStatus(page, 'cover.png', 'completed');
    expect(posts.map((request) => request.method())).toEqual(['POST', 'POST']);
    expect(await storedSha256(page, context, 'demo-track.wav')).toBe(files['demo-track.wav']!.sha256);
    expect(await row(page, 'demo-track.wav').getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await expectAccessibleInBothThemes(page, 'uploads-completed-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    // Polled: the navbar switches to its mobile layout on the re-render that follows the resize.
    const overflow = () =>
      page.evaluate(() => ({
        by: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        // What sticks out, to name it in the failure.
        culprits: [...document.querySelectorAll('body *')]
          .filter(
            (element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
          )
          .slice(0, 5)
          .map((element) => `${element.tagName}.${element.getAttribute('class')}`)
          .join(', '),
      }));
    await expect
      .poll(async () => (await overflow()).by)
      .toBeLessThanOrEqual(0)
      .catch(async () => {
        throw new Error(`The page scrolls sideways at 375 px: ${(await overflow()).culprits}`);
      });
    await expectAccessibleInBothThemes(page, 'uploads-completed-375');
    await context.close();
  });

  it('keeps folder paths and uploads a folder one file at a time', async () => {
    const { page, context } = await signedIn(site);
    await page.locator('input[type="file"][webkitdirectory]').setInputFiles(path.join(dir, 'album'));
    await waitForStatus(page, 'album/01-intro.wav', 'completed');
    await waitForStatus(page, 'album/02-outro.wav', 'completed');
    // Rows are named by the path inside the folder, and the links to the stored files too (a link comes with the
    // uploader's completed event, which can render just after the row's status).
    await expect.poll(() => page.getByRole('link', { name: 'album/02-outro.wav' }).count()).toBe(1);
    await context.close();
  });

  it('uploads files dropped on the drop zone, which shows the hover state while dragging', async () => {
    const { page, context } = await signedIn(site);
    const zone = page.locator('.bl-upload-drop-zone');
    const dataTransfer = await page.evaluateHandle((png) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], 'dropped-cover.png', { type: 'image/png' }));
      return transfer;
    }, PNG.toString('base64'));
    await zone.dispatchEvent('dragenter', { dataTransfer });
    expect(await zone.getAttribute('data-drop-target')).toBe('true');
    expect(await zone.textContent()).toContain('Drop to upload');
    await screenshot(page, 'uploads-drop-hover');
    await zone.dispatchEvent('drop', { dataTransfer });
    await waitForStatus(page, 'dropped-cover.png', 'completed');
    expect(await zone.getAttribute('data-drop-target')).toBeNull();
    await context.close();
  });

  it('refuses a disallowed type and an oversized file with the spec messages', async () => {
    const { page, context } = await signedIn(site);
    const posts = requestsTo(page, /^\/api\/v1\/(file-entries|tus)/);
    await filesInput(page).setInputFiles([files['notes.txt']!.path]);
    await waitForStatus(page, 'notes.txt', 'failed');
    expect(await row(page, 'notes.txt').locator('.bl-upload-item__error').textContent()).toBe(
      'This file type is not allowed',
    );
    await expect
      .poll(() => page.locator('.bl-toast').textContent())
      .toContain('This file type is not allowed');

    await filesInput(page).setInputFiles([files['huge.wav']!.path]);
    await waitForStatus(page, 'huge.wav', 'failed');
    expect(await row(page, 'huge.wav').locator('.bl-upload-item__error').textContent()).toBe(
      '`huge.wav` exceeds maximum allowed size of 64 MB',
    );
    // Refused files never leave the browser, and cannot be retried.
    expect(posts).toEqual([]);
    expect(await row(page, 'huge.wav').getByRole('button', { name: 'Retry huge.wav' }).count()).toBe(0);
    await expectAccessibleInBothThemes(page, 'uploads-refused');
    await context.close();
  });

  it('aborts a stalled upload, then retries it to completion', async () => {
    const { page, context } = await signedIn(site);
    // The server never answers while the route holds the request.
    await page.route('**/api/v1/file-entries', () => undefined);
    await filesInput(page).setInputFiles([files['stalled.wav']!.path]);
    await waitForStatus(page, 'stalled.wav', 'inProgress');
    await page.getByRole('button', { name: 'Abort stalled.wav' }).click();
    await waitForStatus(page, 'stalled.wav', 'aborted');
    expect(await row(page, 'stalled.wav').locator('.bl-upload-item__status').textContent()).toBe('Aborted');
    await screenshot(page, 'uploads-aborted');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Retry stalled.wav' }).click();
    await waitForStatus(page, 'stalled.wav', 'completed');
    expect(await storedSha256(page, context, 'stalled.wav')).toBe(files['stalled.wav']!.sha256);
    await context.close();
  });

  it('fails an upload that makes no progress for 30 seconds with "Upload timed out"', async () => {
    const email = uniqueEmail('artist');
    await createTestUser(site.app, { email, password: PASSWORD });
    const { page, context } = await browser.newPage();
    // The page's clock is moved instead of waiting 30 real seconds.
    await page.clock.install();
    await page.goto(`${site.url}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    await page.goto(`${site.url}/backstage/upload`);
    await expectHeading(page, 'Upload');
    await page.route('**/api/v1/file-entries', () => undefined);
    await filesInput(page).setInputFiles([files['stalled.wav']!.path]);
    await waitForStatus(page, 'stalled.wav', 'inProgress');
    await page.clock.fastForward(29_000);
    expect(await statusOf(page, 'stalled.wav')).toBe('inProgress');
    await page.clock.fastForward(2_000);
    await waitForStatus(page, 'stalled.wav', 'failed');
    expect(await row(page, 'stalled.wav').locator('.bl-upload-item__error').textContent()).toBe(
      'Upload timed out',
    );
    await screenshot(page, 'uploads-timed-out');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });

  it('resumes a tus upload cut off mid-way, byte for byte', async () => {
    const { page, context } = await signedIn(site, proxy.url);
    proxy.patches.length = 0;
    const cut = proxy.cutNextPatchAfter(5 * MB);
    await filesInput(page).setInputFiles([files['long-take.wav']!.path]);
    await cut;
    await waitForStatus(page, 'long-take.wav', 'completed');
    // The first PATCH started at 0 and was cut; the retry resumed from the server's offset, not from 0.
    expect(proxy.patches.length).toBeGreaterThanOrEqual(2);
    expect(proxy.patches[0]!.offset).toBe(0);
    const resumedAt = proxy.patches.at(-1)!.offset;
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(5 * MB);
    expect(await storedSha256(page, context, 'long-take.wav')).toBe(files['long-take.wav']!.sha256);
    await context.close();
  });

  it('resumes a tus upload after a page reload, from the server offset', async () => {
    const { page, context } = await signedIn(site, proxy.url);
    proxy.patches.length = 0;
    const held = proxy.holdNextPatchAfter(4 * MB);
    await filesInput(page).setInputFiles([files['reloaded.wav']!.path]);
    await held;
    await page.reload();
    await expectHeading(page, 'Upload');
    await filesInput(page).setInputFiles([files['reloaded.wav']!.path]);
    await waitForStatus(page, 'reloaded.wav', 'completed');
    expect(proxy.patches[0]!.offset).toBe(0);
    const resumedAt = proxy.patches.at(-1)!.offset;
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(4 * MB);
    expect(await storedSha256(page, context, 'reloaded.wav')).toBe(files['reloaded.wav']!.sha256);
    await context.close();
  });

  it('uploads straight to S3 with one presigned PUT', async () => {
    const { page, context } = await signedIn(s3Site);
    const puts = requestsTo(page, /^\//);
    await filesInput(page).setInputFiles([files['direct.wav']!.path]);
    await waitForStatus(page, 'direct.wav', 'completed');
    const bucketPuts = puts.filter(
      (request) => request.url().startsWith(s3.endpoint) && request.method() === 'PUT',
    );
    expect(bucketPuts).toHaveLength(1);
    expect(puts.some((request) => request.url().endsWith('/api/v1/s3/simple/presign'))).toBe(true);
    expect(puts.some((request) => request.url().endsWith('/api/v1/s3/entries'))).toBe(true);
    expect(await storedSha256(page, context, 'direct.wav')).toBe(files['direct.wav']!.sha256);
    await context.close();
  });

  it('uploads a 105 MB file to S3 in parts, and a retry continues the same multipart upload', async () => {
    const big = path.join(dir, 'master.wav');
    files['master.wav'] = { path: big, size: 105 * MB, sha256: await writeWav(big, 105 * MB) };
    const { page, context } = await signedIn(s3Site, s3Site.url, {}, { clock: true });
    const seen = requestsTo(page, /^\//);
    const api = (suffix: string) =>
      seen.filter((request) => request.url().endsWith(`/api/v1/s3/multipart/${suffix}`));
    const partPuts = () =>
      seen.filter((request) => request.url().startsWith(s3.endpoint) && request.method() === 'PUT');
    const partsDone: string[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'PUT' && url.origin === s3.endpoint)
        partsDone.push(url.searchParams.get('partNumber') ?? '');
    });
    // The bucket never answers part 6: once parts 1 to 5 are in, the upload goes quiet and times out.
    await page.route(
      (url) => url.origin === s3.endpoint && url.searchParams.get('partNumber') === '6',
      () => undefined,
    );
    await filesInput(page).setInputFiles([big]);
    await expect.poll(() => partsDone.length, { timeout: 120_000 }).toBe(5);
    expect(api('create')).toHaveLength(1);
    expect(api('batch-sign-part-urls')).toHaveLength(1);
    // Six parts of 20 MB (the last one 5 MB), signed in one batch of up to ten.
    expect(JSON.parse(api('batch-sign-part-urls')[0]!.postData() ?? '{}').partNumbers).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    // Part 6 goes out when a worker frees up, from the page's own callback: its request event can reach
    // the test just after part 5's finish event, so wait for it rather than read it once.
    await expect.poll(() => partPuts().length).toBe(6);
    await page.clock.fastForward(31_000);
    await waitForStatus(page, 'master.wav', 'failed');
    expect(await row(page, 'master.wav').locator('.bl-upload-item__error').textContent()).toBe(
      'Upload timed out',
    );
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    const listing = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/s3/multipart/get-uploaded-parts'),
    );
    await page.getByRole('button', { name: 'Retry master.wav' }).click();
    const listed = ((await (await listing).json()) as { parts: { PartNumber: number }[] }).parts;
    // The retry sends its listing request before the page re-renders the row: on a busy machine the row can
    // still say "failed" (the earlier attempt) when the answer is in. Wait for the retry to show first.
    await expect.poll(() => statusOf(page, 'master.wav')).not.toBe('failed');
    await waitForStatus(page, 'master.wav', 'completed', 120_000);
    // The retry continued the same multipart upload (no second create) from the bucket's listing, and
    // signed and sent only the part the bucket does not hold.
    expect(api('get-uploaded-parts')).toHaveLength(1);
    expect(api('create')).toHaveLength(1);
    expect(listed.map((part) => part.PartNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.parse(api('batch-sign-part-urls')[1]!.postData() ?? '{}').partNumbers).toEqual([6]);
    expect(partPuts()).toHaveLength(7);
    expect(api('complete')).toHaveLength(1);
    expect(await storedSha256(page, context, 'master.wav')).toBe(files['master.wav']!.sha256);
    rmSync(big, { force: true });
    await context.close();
  }, 240_000);
});
