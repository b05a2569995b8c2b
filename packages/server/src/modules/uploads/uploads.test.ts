import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  HttpSession,
  multipartBody as multipart,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from './index';

const PASSWORD = 'lovelace-analytical-1843';
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 7),
]);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(testDatabases())('uploads on $name', (database) => {
  let server: RunningServer;
  const uploads = uploadsModule({ cleanupIntervalMs: 0 });
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts(), uploads] });
  });
  afterAll(() => server?.close());

  const signedIn = async (email: string) => {
    return (await signedInUser(server, { email, password: PASSWORD })).http;
  };
  const upload = (
    http: HttpSession,
    name: string,
    content: Buffer,
    type?: string,
    fields?: Record<string, string>,
  ) => {
    const form = multipart(name, content, type, fields);
    return http.request('POST', '/api/v1/file-entries', { body: form.body, headers: form.headers });
  };

  it('stores a form upload and serves it back with its sniffed type', async () => {
    const http = await signedIn('form@example.com');
    const response = await upload(http, 'pixel.png', PNG, 'image/png');
    expect(response.status).toBe(201);
    const { fileEntry } = response.data as { fileEntry: Record<string, unknown> };
    expect(fileEntry).toEqual({
      id: expect.any(Number),
      name: 'pixel.png',
      file_name: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mime: 'image/png',
      extension: 'png',
      size: PNG.length,
      url: `/api/v1/file-entries/${fileEntry.id}`,
      parent_id: null,
      owner_id: expect.any(Number),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(existsSync(path.join(server.dataDir, 'storage', 'uploads', String(fileEntry.file_name)))).toBe(
      true,
    );

    const served = await fetch(new URL(String(fileEntry.url), server.url), {
      headers: { Cookie: http.cookieHeader() },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="pixel.png"/);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(PNG));

    const ranged = await fetch(new URL(String(fileEntry.url), server.url), {
      headers: { Cookie: http.cookieHeader(), Range: 'bytes=1-3' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toBe('PNG');
  });

  it('serves SVG and HTML only as attachments, typed as bytes', async () => {
    const http = await signedIn('svg@example.com');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { data } = await upload(http, 'logo.svg', svg, 'image/svg+xml');
    const entry = (data as { fileEntry: { url: string; mime: string } }).fileEntry;
    expect(entry.mime).toBe('image/svg+xml');
    const served = await fetch(new URL(entry.url, server.url), { headers: { Cookie: http.cookieHeader() } });
    // The entry keeps its type; the answer carries one no browser renders or runs.
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="logo.svg"/);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses visitors', async () => {
    const http = new HttpSession(server.url);
    await http.get('/api/v1/health');
    expect((await upload(http, 'pixel.png', PNG)).status).toBe(401);
  });

  it('moves entries to the trash, or deletes them and their bytes for good', async () => {
    const http = await signedIn('deleter@example.com');
    const first = (await upload(http, 'a.png', PNG)).data as {
      fileEntry: { id: number; file_name: string; url: string };
    };
    const second = (await upload(http, 'b.png', PNG)).data as {
      fileEntry: { id: number; file_name: string };
    };
    const trashed = await http.post('/api/v1/file-entries/delete', { entryIds: [first.fileEntry.id] });
    expect(trashed.status).toBe(200);
    expect(trashed.data).toEqual({});
    expect((await http.get(first.fileEntry.url)).status).toBe(404);
    const stored = (name: string) => existsSync(path.join(server.dataDir, 'storage', 'uploads', name));
    expect(stored(first.fileEntry.file_name)).toBe(true);

    const gone = await http.post('/api/v1/file-entries/delete', {
      entryIds: [first.fileEntry.id, second.fileEntry.id],
      deleteForever: true,
    });
    expect(gone.status).toBe(200);
    expect(stored(first.fileEntry.file_name)).toBe(false);
    expect(stored(second.fileEntry.file_name)).toBe(false);
    expect(
      await server.app.kit.knex('file_entries').whereIn('id', [first.fileEntry.id, second.fileEntry.id]),
    ).toEqual([]);
  });

  it('publishes the upload settings in bootstrap data', async () => {
    const http = await signedIn('settings@example.com');
    const response = await http.get('/api/v1/bootstrap-data');
    const data = JSON.parse((response.data as { data: { data: string } }).data.data) as {
      settings: { uploads: Record<string, unknown> };
    };
    expect(data.settings.uploads).toMatchObject({
      direct: false,
      disable_tus: false,
      max_size: 1024 * 1024 * 1024,
      blocked_extensions: expect.arrayContaining(['exe', 'php']),
    });
    expect(data.settings.uploads).not.toHaveProperty('user_quota');
  });

  it("removes a deleted user's entries in the transaction and their bytes only after it commits", async () => {
    const http = await signedIn('leaving@example.com');
    const { fileEntry } = (await upload(http, 'a.png', PNG)).data as {
      fileEntry: { owner_id: number; file_name: string };
    };
    const stored = () => existsSync(path.join(server.dataDir, 'storage', 'uploads', fileEntry.file_name));
    const { kit } = server.app;
    // A rolled-back deletion keeps rows and bytes.
    await kit.knex
      .transaction(async (trx) => {
        await uploads.user!.onDelete!(kit, fileEntry.owner_id, trx);
        throw new Error('rollback');
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kit.knex('file_entries').where({ owner_id: fileEntry.owner_id })).toHaveLength(1);
    expect(stored()).toBe(true);

    await kit.knex.transaction(async (trx) => {
      await uploads.user!.onDelete!(kit, fileEntry.owner_id, trx);
      await trx('users').where({ id: fileEntry.owner_id }).delete();
    });
    expect(await kit.knex('file_entries').where({ owner_id: fileEntry.owner_id })).toEqual([]);
    await expect.poll(stored).toBe(false);
  });
});
