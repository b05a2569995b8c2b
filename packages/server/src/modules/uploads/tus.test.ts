import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  type DetailedError,
  HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
  tusUpload,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from './index';

const PASSWORD = 'shannon-information-1948';
const EXPIRATION = 60 * 60 * 1000;
const MAX = 2 * 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const HTML = Buffer.from(
  `<!doctype html><html><body><script>alert(document.cookie)</script>${'x'.repeat(70_000)}</body></html>`,
);

describe.each(testDatabases())('tus uploads on $name', (database) => {
  let server: RunningServer;
  let offset = 0;
  const uploads = uploadsModule({ cleanupIntervalMs: 0, expirationMs: EXPIRATION });
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts(), uploads],
      settings: { 'uploads.max_size': { value: MAX, public: true } },
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(() => server?.close());

  let count = 0;
  const signedIn = async () => {
    const email = `tus${++count}@example.com`;
    return signedInUser(server, { email, password: PASSWORD });
  };
  const tusDir = () => uploads.runtime!.tus.directory!;
  const tusFiles = () => readdirSync(tusDir());
  const statusOf = (error: unknown) => (error as DetailedError).originalResponse?.getStatus();
  const head = (http: HttpSession, url: string) =>
    http.request('HEAD', url, { headers: { 'Tus-Resumable': '1.0.0' } });

  it('uploads in chunks through tus-js-client and turns the upload into a byte-identical entry', async () => {
    const { http } = await signedIn();
    const data = randomBytes(300_000);
    const result = await tusUpload(http, data, {
      chunkSize: 64 * 1024,
      metadata: { name: 'noise.bin', mime: 'application/octet-stream' },
    });
    expect(result.aborted).toBe(false);
    expect(result.url).toMatch(/\/api\/v1\/tus\/upload\/[a-f0-9]{32}$/);
    const claimed = await http.post('/api/v1/tus/entries', { uploadKey: result.key });
    expect(claimed.status).toBe(201);
    const entry = (claimed.data as { fileEntry: { name: string; size: number; url: string; mime: string } })
      .fileEntry;
    expect(entry).toMatchObject({ name: 'noise.bin', size: data.length, mime: 'application/octet-stream' });
    const served = await fetch(new URL(entry.url, server.url), { headers: { Cookie: http.cookieHeader() } });
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(data));
    expect(tusFiles().filter((name) => name.startsWith(result.key))).toEqual([]);
    // A key is claimed once.
    expect((await http.post('/api/v1/tus/entries', { uploadKey: result.key })).status).toBe(404);
  });

  it('resumes an interrupted upload from the server’s offset', async () => {
    const { http } = await signedIn();
    const data = randomBytes(400_000);
    let chunks = 0;
    const first = await tusUpload(http, data, {
      chunkSize: 100_000,
      metadata: { name: 'resumed.bin' },
      onChunk: () => ++chunks === 2,
    });
    expect(first.aborted).toBe(true);
    const status = await head(http, first.url);
    expect(status.status).toBe(200);
    expect(Number(status.headers.get('upload-offset'))).toBe(200_000);
    const second = await tusUpload(http, data, {
      chunkSize: 100_000,
      uploadUrl: first.url,
      metadata: { name: 'resumed.bin' },
    });
    expect(second.aborted).toBe(false);
    const claimed = await http.post('/api/v1/tus/entries', { uploadKey: first.key });
    const entry = (claimed.data as { fileEntry: { url: string } }).fileEntry;
    const served = await fetch(new URL(entry.url, server.url), { headers: { Cookie: http.cookieHeader() } });
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(data));
  });

  it('binds every upload to its owner', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const result = await tusUpload(owner.http, randomBytes(10_000), { metadata: { name: 'private.bin' } });
    expect((await head(other.http, result.url)).status).toBe(404);
    const patch = await other.http.request('PATCH', result.url, {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.from('overwrite'),
    });
    expect(patch.status).toBe(404);
    expect((await other.http.post('/api/v1/tus/entries', { uploadKey: result.key })).status).toBe(404);
    expect((await owner.http.post('/api/v1/tus/entries', { uploadKey: result.key })).status).toBe(201);
  });

  it('keeps the protocol on PATCH: offset conflicts, overlong bodies and the content type', async () => {
    const { http } = await signedIn();
    const created = await http.request('POST', '/api/v1/tus/upload', {
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': 'name YS5iaW4=' },
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const patch = (offset: number, body: Buffer, type = 'application/offset+octet-stream') =>
      http.request('PATCH', url, {
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': type },
        body: new Uint8Array(body),
      });
    expect((await patch(0, Buffer.alloc(20))).status).toBe(413);
    expect((await patch(3, Buffer.alloc(2))).status).toBe(409);
    expect((await patch(0, Buffer.alloc(2), 'text/plain')).status).toBe(415);
    const first = await patch(0, Buffer.from('hello'));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('5');
    expect(first.headers.get('upload-expires')).toBeTruthy();
    const rest = await patch(5, Buffer.from('world'));
    expect(rest.headers.get('upload-offset')).toBe('10');
    expect((await patch(10, Buffer.from('!'))).status).toBe(413);
    const claimed = await http.post('/api/v1/tus/entries', { uploadKey: url.split('/').pop() });
    const entry = (claimed.data as { fileEntry: { url: string } }).fileEntry;
    expect((await http.get(entry.url)).data).toBe('helloworld');
  });

  it('answers protocol failures in the error shape, not in @tus/server’s plain text (found by fuzzing)', async () => {
    const { http } = await signedIn();
    const missing = await http.request('POST', '/api/v1/tus/upload', { headers: { 'Upload-Length': '10' } });
    expect(missing.status).toBe(412);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(missing.data).toEqual({ message: 'Tus-Resumable Required' });
    const invalid = await http.request('DELETE', `/api/v1/tus/upload/${'d'.repeat(32)}`, {
      headers: { 'Tus-Resumable': '0.2.2', 'Upload-Offset': '-5' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toEqual({ message: 'Invalid tus-resumable upload-offset' });
    // The store's own JSON failures keep their fields.
    const refused = await http.request('POST', '/api/v1/tus/upload', {
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': 'name c2V0dXAuZXhl' },
    });
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual({
      message: 'This file type is not allowed',
      errors: { file: ['This file type is not allowed'] },
    });
  });

  it('refuses visitors and requests without the XSRF header', async () => {
    const visitor = new HttpSession(server.url);
    await visitor.get('/api/v1/health');
    await expect(tusUpload(visitor, randomBytes(100), { metadata: { name: 'a.bin' } })).rejects.toSatisfy(
      (error) => statusOf(error) === 401,
    );
    const { http } = await signedIn();
    const forged = await http.request('POST', '/api/v1/tus/upload', {
      xsrf: false,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    expect(forged.status).toBe(419);
    expect((await http.post('/api/v1/tus/entries', { uploadKey: '../../etc/passwd' })).status).toBe(422);
  });

  it('refuses oversized and disallowed uploads when they are created', async () => {
    const { http } = await signedIn();
    const before = tusFiles().length;
    await expect(tusUpload(http, randomBytes(MAX + 1), { metadata: { name: 'big.bin' } })).rejects.toSatisfy(
      (error) => statusOf(error) === 413,
    );
    let refused: unknown;
    await tusUpload(http, Buffer.from('MZ'), { metadata: { name: 'setup.exe' } }).catch((error) => {
      refused = error;
    });
    expect(statusOf(refused)).toBe(422);
    expect(JSON.parse((refused as DetailedError).originalResponse!.getBody())).toEqual({
      message: 'This file type is not allowed',
      errors: { file: ['This file type is not allowed'] },
    });
    expect(tusFiles().length).toBe(before);
  });

  it('sniffs a finished upload: HTML declared as a PNG is refused and nothing is left behind', async () => {
    const { http, user } = await signedIn();
    await server.app.kit.settings.set('uploads.allowed_mimes', ['image/*']);
    try {
      const result = await tusUpload(http, HTML, {
        chunkSize: 32 * 1024,
        metadata: { name: 'cat.png', mime: 'image/png' },
      });
      const storedBefore = readdirSync(path.join(server.dataDir, 'storage', 'uploads')).length;
      const claimed = await http.post('/api/v1/tus/entries', { uploadKey: result.key });
      expect(claimed.status).toBe(422);
      expect((claimed.data as { errors: unknown }).errors).toEqual({
        file: ['This file type is not allowed'],
      });
      expect(tusFiles().filter((name) => name.startsWith(result.key))).toEqual([]);
      expect(readdirSync(path.join(server.dataDir, 'storage', 'uploads')).length).toBe(storedBefore);
      expect(
        existsSync(path.join(server.dataDir, 'storage', '.tmp'))
          ? readdirSync(path.join(server.dataDir, 'storage', '.tmp'))
          : [],
      ).toEqual([]);
      expect(await server.app.kit.knex('file_entries').where({ owner_id: user.id })).toEqual([]);
    } finally {
      await server.app.kit.settings.set('uploads.allowed_mimes', []);
    }
  });

  it('cleans up expired uploads, finished or not', async () => {
    const { http } = await signedIn();
    let chunks = 0;
    const partial = await tusUpload(http, randomBytes(200_000), {
      chunkSize: 50_000,
      metadata: { name: 'left.bin' },
      onChunk: () => ++chunks === 1,
    });
    const unclaimed = await tusUpload(http, randomBytes(1000), { metadata: { name: 'forgotten.bin' } });
    const fresh = await tusUpload(http, randomBytes(1000), { metadata: { name: 'fresh.bin' } });
    expect(tusFiles()).toEqual(expect.arrayContaining([partial.key, `${partial.key}.json`, unclaimed.key]));

    // Nothing is old enough yet.
    expect(await uploads.runtime!.cleanup()).toBe(0);
    offset += EXPIRATION / 2;
    // `fresh` is younger than the others.
    const keep = await tusUpload(http, randomBytes(1000), { metadata: { name: 'keep.bin' } });
    offset += EXPIRATION / 2 + 1000;
    try {
      const removed = await uploads.runtime!.cleanup();
      expect(removed).toBeGreaterThanOrEqual(3);
      const left = tusFiles();
      for (const key of [partial.key, unclaimed.key, fresh.key]) {
        expect(left.filter((name) => name.startsWith(key))).toEqual([]);
      }
      expect(left).toEqual(expect.arrayContaining([keep.key, `${keep.key}.json`]));
      expect((await head(http, partial.url)).status).toBe(404);
    } finally {
      offset = 0;
    }
  });
  it("removes a deleted account's uploads in flight, and nobody else's", async () => {
    const leaving = await signedIn();
    const staying = await signedIn();
    let chunks = 0;
    const partial = await tusUpload(leaving.http, randomBytes(200_000), {
      chunkSize: 50_000,
      metadata: { name: 'half.bin' },
      onChunk: () => ++chunks === 1,
    });
    const unclaimed = await tusUpload(leaving.http, randomBytes(1000), { metadata: { name: 'done.bin' } });
    const theirs = await tusUpload(staying.http, randomBytes(1000), { metadata: { name: 'theirs.bin' } });
    const traces = (key: string) => tusFiles().filter((name) => name.startsWith(key));
    expect(traces(partial.key)).toEqual([partial.key, `${partial.key}.json`]);
    expect(traces(unclaimed.key)).toHaveLength(2);

    await leaving.http.post('/auth/user/confirm-password', { password: PASSWORD });
    const deleted = await leaving.http.request(
      'DELETE',
      `/api/v1/users/${leaving.user.id}?deleteCurrentUser=true`,
    );
    expect(deleted.status).toBe(200);
    // The bytes go after the deletion's transaction commits, in the background.
    await expect.poll(() => [...traces(partial.key), ...traces(unclaimed.key)]).toEqual([]);
    expect(traces(theirs.key)).toEqual([theirs.key, `${theirs.key}.json`]);
    expect((await staying.http.post('/api/v1/tus/entries', { uploadKey: theirs.key })).status).toBe(201);
  });
});
