import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  type HttpSession,
  multipartBody as multipart,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { launchBrowser } from '@internal/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from './index';
import { MAX_FORM_FIELDS, ONE_FILE_MESSAGE, TOO_MANY_FIELDS_MESSAGE } from './read-multipart-file';

const PASSWORD = 'hopper-cobol-compiler-1959';
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 1),
]);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/v1/users/me")</script></body></html>',
);

/** Every file (not directory) under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

describe.each(testDatabases())('upload security on $name', (database) => {
  let server: RunningServer;
  const MAX = 4096;
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts(), uploadsModule({ cleanupIntervalMs: 0 })],
      settings: { 'uploads.max_size': { value: MAX, public: true } },
    });
  });
  afterAll(() => server?.close());

  let count = 0;
  const signedIn = async (options: { roles?: string[] } = {}) => {
    const email = `user${++count}@example.com`;
    return signedInUser(server, { email, password: PASSWORD, ...options });
  };
  const upload = (http: HttpSession, name: string, content: Buffer, type?: string) => {
    const form = multipart(name, content, type);
    return http.request('POST', '/api/v1/file-entries', { body: form.body, headers: form.headers });
  };
  const storage = () => path.join(server.dataDir, 'storage');
  const rowsOf = (ownerId: number) => server.app.kit.knex('file_entries').where({ owner_id: ownerId });
  /** No row, no stored file and no temp file for a user whose uploads all failed. */
  const expectNothingLeft = async (ownerId: number, before: string[]) => {
    expect(await rowsOf(ownerId)).toEqual([]);
    expect(filesUnder(storage()).sort()).toEqual(before.sort());
    expect(filesUnder(path.join(storage(), '.tmp'))).toEqual([]);
  };

  it('refuses an oversized file on the server and keeps nothing of it', async () => {
    const { http, user } = await signedIn();
    const before = filesUnder(storage());
    const response = await upload(http, 'big.png', Buffer.concat([PNG, Buffer.alloc(MAX)]), 'image/png');
    expect(response.status).toBe(422);
    expect(response.data).toEqual({
      message: 'The file exceeds maximum allowed size of 4 KB',
      errors: { file: ['The file exceeds maximum allowed size of 4 KB'] },
    });
    await expectNothingLeft(user.id, before);
  });

  it('refuses blocked extensions and types outside the allow-list', async () => {
    const { http, user } = await signedIn();
    const before = filesUnder(storage());
    const exe = await upload(http, 'setup.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'));
    expect(exe.status).toBe(422);
    expect(exe.data).toEqual({
      message: 'This file type is not allowed',
      errors: { file: ['This file type is not allowed'] },
    });
    await server.app.kit.settings.set('uploads.allowed_mimes', ['image/*']);
    try {
      const text = await upload(http, 'notes.txt', Buffer.from('plain words'), 'text/plain');
      expect(text.status).toBe(422);
      expect((text.data as { errors: unknown }).errors).toEqual({ file: ['This file type is not allowed'] });
      // A real image still passes the same rule.
      expect((await upload(http, 'ok.png', PNG, 'image/png')).status).toBe(201);
    } finally {
      await server.app.kit.settings.set('uploads.allowed_mimes', []);
    }
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(filesUnder(storage()).length).toBe(before.length + 1);
  });

  it('sniffs HTML named .png and declared image/png: refused where only images are allowed, never served inline', async () => {
    const { http, user } = await signedIn();
    const before = filesUnder(storage());
    await server.app.kit.settings.set('uploads.allowed_mimes', ['image/*']);
    try {
      const refused = await upload(http, 'cat.png', HTML, 'image/png');
      expect(refused.status).toBe(422);
      expect((refused.data as { errors: unknown }).errors).toEqual({
        file: ['This file type is not allowed'],
      });
      await expectNothingLeft(user.id, before);
    } finally {
      await server.app.kit.settings.set('uploads.allowed_mimes', []);
    }
    const stored = await upload(http, 'cat.png', HTML, 'image/png');
    expect(stored.status).toBe(201);
    const entry = (stored.data as { fileEntry: { mime: string; url: string } }).fileEntry;
    expect(entry.mime).toBe('text/html');
    const served = await fetch(new URL(entry.url, server.url), { headers: { Cookie: http.cookieHeader() } });
    // Stored as what it is, served as bytes no browser renders or runs.
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['/etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['evil\u0000.png', 'evil.png'],
    ['..', 'file'],
  ])('keeps the path-traversal name %j inside storage as %j', async (raw, cleaned) => {
    const { http } = await signedIn();
    const before = filesUnder(storage());
    const response = await upload(http, raw, Buffer.from('just text'), 'text/plain');
    expect(response.status).toBe(201);
    const entry = (response.data as { fileEntry: { name: string; file_name: string } }).fileEntry;
    expect(entry.name).toBe(cleaned);
    const added = filesUnder(storage()).filter((file) => !before.includes(file));
    expect(added).toEqual([path.join('uploads', entry.file_name)]);
  });

  it("refuses to show or delete someone else's file, and lets an admin delete it", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const admin = await signedIn({ roles: ['admin'] });
    const { fileEntry } = (await upload(owner.http, 'mine.png', PNG)).data as {
      fileEntry: { id: number; url: string; file_name: string; path: string };
    };
    expect((await other.http.get(fileEntry.url)).status).toBe(404);
    const refused = await other.http.post('/api/v1/file-entries/delete', {
      entryIds: [fileEntry.id],
      deleteForever: true,
    });
    expect(refused.status).toBe(403);
    const byPath = await other.http.post('/api/v1/file-entries/delete', {
      paths: [String(fileEntry.id)],
      deleteForever: true,
    });
    expect(byPath.status).toBe(403);
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    expect(filesUnder(storage())).toContain(path.join('uploads', fileEntry.file_name));
    expect((await owner.http.get(fileEntry.url)).status).toBe(200);

    expect((await admin.http.get(fileEntry.url)).status).toBe(200);
    const deleted = await admin.http.post('/api/v1/file-entries/delete', {
      entryIds: [fileEntry.id],
      deleteForever: true,
    });
    expect(deleted.status).toBe(200);
    expect(await rowsOf(owner.user.id)).toEqual([]);
    expect(filesUnder(storage())).not.toContain(path.join('uploads', fileEntry.file_name));
  });

  it('answers 422, not 500, to a body without a file and to bad delete input', async () => {
    const { http } = await signedIn();
    const empty = await http.request('POST', '/api/v1/file-entries', { json: {} });
    expect(empty.status).toBe(422);
    expect((empty.data as { errors: unknown }).errors).toEqual({ file: ['The file field is required.'] });
    expect((await http.post('/api/v1/file-entries/delete', {})).status).toBe(422);
    expect((await http.post('/api/v1/file-entries/delete', { paths: ['../x'] })).status).toBe(422);
    expect((await http.post('/api/v1/file-entries/delete', { entryIds: [999999] })).status).toBe(404);
  });

  it('holds the per-user quota and the per-request cap under parallel uploads', async () => {
    const { http, user } = await signedIn();
    const file = Buffer.concat([PNG, Buffer.alloc(1000 - PNG.length)]);
    await server.app.kit.settings.set('uploads.user_quota', 3 * file.length);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => upload(http, `q${i}.png`, file, 'image/png')),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 422)).toHaveLength(7);
      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(3);
      expect(rows.reduce((sum, row) => sum + Number(row.size), 0)).toBe(3 * file.length);
      expect(filesUnder(path.join(storage(), '.tmp'))).toEqual([]);
    } finally {
      await server.app.kit.settings.set('uploads.user_quota', null);
    }
    const big = Buffer.concat([PNG, Buffer.alloc(MAX)]);
    const capped = await Promise.all(
      Array.from({ length: 6 }, () => upload(http, 'big.png', big, 'image/png')),
    );
    expect(capped.map((answer) => answer.status)).toEqual(Array(6).fill(422));
    expect(await rowsOf(user.id)).toHaveLength(3);
  });

  it('never runs an uploaded .js, .html or .svg named in <script src> by a page of the site (Chromium)', async () => {
    const { http } = await signedIn();
    const files: [string, Buffer][] = [
      ['evil.js', Buffer.from('window.ran.push("js");')],
      ['evil.html', Buffer.from('<!doctype html><script>window.ran.push("html")</script>')],
      [
        'evil.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>window.ran.push("svg")</script></svg>'),
      ],
    ];
    const urls: string[] = [];
    for (const [name, content] of files) {
      const stored = await upload(http, name, content, 'text/javascript');
      expect(stored.status).toBe(201);
      const { url } = (stored.data as { fileEntry: { url: string } }).fileEntry;
      const served = await fetch(new URL(url, server.url), { headers: { Cookie: http.cookieHeader() } });
      // What makes it inert: a type no browser executes, nosniff so it is never guessed, never inline.
      expect(served.headers.get('content-type')).toBe('application/octet-stream');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
      urls.push(url);
    }
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      // The victim's own session: the attacker's page runs in the site's origin with the victim's cookies.
      await context.addCookies([...http.cookies].map(([name, value]) => ({ name, value, url: server.url })));
      const page = await context.newPage();
      // A page in the site's origin (as a stored-XSS foothold or a `script-src 'self'` policy would allow),
      // plus a control script that proves this page does run same-origin scripts.
      await page.route(`${server.url}/attack.html`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><script>window.ran = []; window.settled = [];</script>${[
            '/control.js',
            ...urls,
          ]
            .map(
              (src) =>
                `<script src="${src}" onload="settled.push('${src}')" onerror="settled.push('${src}')"></script>`,
            )
            .join('')}`,
        }),
      );
      await page.route(`${server.url}/control.js`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'window.ran.push("control");' }),
      );
      await page.goto(`${server.url}/attack.html`);
      await page.waitForFunction(
        (count) => (window as unknown as { settled: string[] }).settled.length === count,
        urls.length + 1,
      );
      expect(await page.evaluate(() => (window as unknown as { ran: string[] }).ran)).toEqual(['control']);
    } finally {
      await browser.close();
    }
  });

  it('answers a second file part with its own reason, not the size cap', async () => {
    const { http, user } = await signedIn();
    const boundary = '----backlinetwofiles';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([
      Buffer.from(part('one.png')),
      PNG,
      Buffer.from(`\r\n${part('two.png')}`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await http.request('POST', '/api/v1/file-entries', {
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status).toBe(422);
    expect(response.data).toEqual({ message: ONE_FILE_MESSAGE, errors: { file: [ONE_FILE_MESSAGE] } });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it(`answers more than ${MAX_FORM_FIELDS} fields with its own reason, not the size cap`, async () => {
    const { http, user } = await signedIn();
    const fields = Object.fromEntries(
      Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => [`field${i}`, 'x']),
    );
    const form = multipart('ok.png', PNG, 'image/png', fields);
    const response = await http.request('POST', '/api/v1/file-entries', {
      body: form.body,
      headers: form.headers,
    });
    expect(response.status).toBe(422);
    expect(response.data).toEqual({
      message: TOO_MANY_FIELDS_MESSAGE,
      errors: { file: [TOO_MANY_FIELDS_MESSAGE] },
    });
    expect(await rowsOf(user.id)).toEqual([]);
    // Within the limit, the same form is stored.
    const fewer = multipart('ok.png', PNG, 'image/png', { parentId: '' });
    expect(
      (await http.request('POST', '/api/v1/file-entries', { body: fewer.body, headers: fewer.headers }))
        .status,
    ).toBe(201);
  });
});
