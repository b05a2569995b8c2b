import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type HttpSession,
  multipartBody as multipart,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
  tusUpload,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertSafeKey,
  type Storage,
  type StorageCapabilities,
  storageConnectSources,
} from '../../storage/index';
import { accounts } from '../accounts';
import { uploadsModule } from './index';

/**
 * A third storage, written here and nowhere else: bytes in a Map. It implements the `Storage` interface and
 * advertises its capabilities (no direct uploads, no resumable store, no local directory; ranges when asked),
 * and the uploads module serves it without knowing it exists.
 */
class MemoryStorage implements Storage {
  readonly driver = 'memory';
  readonly capabilities: StorageCapabilities;
  readonly objects = new Map<string, { bytes: Buffer; mime: string }>();
  /** Keys read, and whether each read asked for a range: shows the module asks only when `rangeReads` says so. */
  readonly reads: { key: string; range: boolean }[] = [];

  constructor(options: { ranges: boolean }) {
    this.capabilities = { rangeReads: options.ranges };
  }

  async write(key: string, body: Readable | Buffer, options: { mime: string }) {
    assertSafeKey(key);
    const chunks: Buffer[] = [];
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body)
      chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    this.objects.set(key, { bytes, mime: options.mime });
    return { size: bytes.length };
  }

  async read(key: string, range?: { start: number; end: number }) {
    assertSafeKey(key);
    const object = this.objects.get(key);
    if (!object) throw new Error(`No object at ${key}`);
    this.reads.push({ key, range: Boolean(range) });
    const ranged = range && this.capabilities.rangeReads;
    return Readable.from([ranged ? object.bytes.subarray(range.start, range.end + 1) : object.bytes]);
  }

  async stat(key: string) {
    const object = this.objects.get(key);
    return object ? { size: object.bytes.length } : null;
  }

  async delete(keys: string[]) {
    for (const key of keys) this.objects.delete(key);
  }
}

const PASSWORD = 'lamport-clocks-1978';
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 3),
]);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(testDatabases())('uploads on a storage the module does not know, on $name', (database) => {
  describe.each([
    { ranges: false, name: 'without range reads' },
    { ranges: true, name: 'with range reads' },
  ])('$name', ({ ranges }) => {
    let server: RunningServer;
    const storage = new MemoryStorage({ ranges });
    const uploads = uploadsModule({ cleanupIntervalMs: 0 });
    beforeAll(async () => {
      server = await startTestServer(database, { modules: [accounts(), uploads], storage });
    });
    afterAll(() => server?.close());

    let count = 0;
    const signedIn = async () =>
      (await signedInUser(server, { email: `memory${++count}@example.com`, password: PASSWORD })).http;
    const upload = (http: HttpSession, name: string, content: Buffer, type?: string) => {
      const form = multipart(name, content, type);
      return http.request('POST', '/api/v1/file-entries', { body: form.body, headers: form.headers });
    };
    type Entry = { id: number; url: string; file_name: string; mime: string; size: number };
    const download = (http: HttpSession, url: string, headers: Record<string, string> = {}) =>
      fetch(new URL(url, server.url), { headers: { Cookie: http.cookieHeader(), ...headers } });

    it('stores a form upload in the custom storage and serves it back', async () => {
      const http = await signedIn();
      const response = await upload(http, 'pixel.png', PNG, 'image/png');
      expect(response.status).toBe(201);
      const entry = (response.data as { fileEntry: Entry }).fileEntry;
      expect(entry).toMatchObject({ mime: 'image/png', size: PNG.length });
      // The bytes went to the custom storage, and nothing to local disk's storage directory.
      expect(storage.objects.get(`uploads/${entry.file_name}`)?.bytes.equals(PNG)).toBe(true);
      expect(existsSync(path.join(server.dataDir, 'storage', 'uploads'))).toBe(false);
      const row = await server.app.kit.knex('file_entries').where({ id: entry.id }).first();
      expect(row.disk).toBe('memory');

      const served = await download(http, entry.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(PNG));
    });

    it(
      ranges ? 'answers a Range request with 206' : 'answers a Range request with the whole file',
      async () => {
        const http = await signedIn();
        const entry = ((await upload(http, 'pixel.png', PNG, 'image/png')).data as { fileEntry: Entry })
          .fileEntry;
        const served = await download(http, entry.url, { Range: 'bytes=1-3' });
        const body = Buffer.from(await served.arrayBuffer());
        if (ranges) {
          expect(served.status).toBe(206);
          expect(served.headers.get('accept-ranges')).toBe('bytes');
          expect(served.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
          expect(body.toString('latin1')).toBe('PNG');
        } else {
          // A storage that cannot read ranges serves whole files, and says nothing about ranges.
          expect(served.status).toBe(200);
          expect(served.headers.get('accept-ranges')).toBeNull();
          expect(sha256(body)).toBe(sha256(PNG));
        }
        expect(storage.reads.at(-1)).toEqual({ key: `uploads/${entry.file_name}`, range: ranges });
      },
    );

    it('takes a resumable upload on local disk and moves it into the custom storage when claimed', async () => {
      const http = await signedIn();
      const data = randomBytes(200_000);
      const result = await tusUpload(http, data, { chunkSize: 64 * 1024, metadata: { name: 'noise.bin' } });
      // No resumable store on this storage: the upload waits in the data directory's file store.
      const tusDirectory = uploads.runtime!.tus.directory!;
      expect(tusDirectory).toBe(path.join(server.dataDir, 'tus'));
      expect(readdirSync(tusDirectory)).toContain(result.key);
      const claimed = await http.post('/api/v1/tus/entries', { uploadKey: result.key });
      expect(claimed.status).toBe(201);
      const entry = (claimed.data as { fileEntry: Entry }).fileEntry;
      expect(storage.objects.get(`uploads/${entry.file_name}`)?.bytes.equals(data)).toBe(true);
      expect(readdirSync(tusDirectory).filter((name) => name.startsWith(result.key))).toEqual([]);
      const served = await download(http, entry.url);
      expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(data));
    });

    it('answers 404 to direct uploads, which this storage does not take', async () => {
      const http = await signedIn();
      const presign = await http.post('/api/v1/s3/simple/presign', {
        filename: 'a.png',
        mime: 'image/png',
        size: 10,
      });
      expect(presign.status).toBe(404);
      expect(presign.data).toEqual({ message: 'This storage takes no direct uploads.' });
      const created = await http.post('/api/v1/s3/multipart/create', {
        filename: 'a.wav',
        mime: 'audio/wav',
        size: 10,
      });
      expect(created.status).toBe(404);
      // Nor do pages allow connecting anywhere for them.
      expect(storageConnectSources(storage)).toEqual([]);
    });

    it('deletes entries and their bytes from the custom storage', async () => {
      const http = await signedIn();
      const entry = ((await upload(http, 'gone.png', PNG, 'image/png')).data as { fileEntry: Entry })
        .fileEntry;
      const key = `uploads/${entry.file_name}`;
      expect(storage.objects.has(key)).toBe(true);
      const deleted = await http.post('/api/v1/file-entries/delete', {
        entryIds: [entry.id],
        deleteForever: true,
      });
      expect(deleted.status).toBe(200);
      expect(storage.objects.has(key)).toBe(false);
      expect((await download(http, entry.url)).status).toBe(404);
    });
  });
});
