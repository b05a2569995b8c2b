import { type CookieSource, createHttpClient, createMemoryCookies, type HttpClient } from '@backline/core';
import { auth, type FileEntry, system, uploads } from '@backline/core/contract';
import { accounts, uploadsModule } from '@backline/server';
import { createTestUser, type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { MB } from '../engine/constants';
import { createUploader, type Uploader } from '../engine/uploader';
import { storyEntry } from '../react/uploads.fixtures';
import { defaultUploadDrivers } from './default-drivers';
import { type DriverContext, defineUploadDriver, type UploadDriver } from './driver';
import { callWithProgress } from './xhr';

const file = (name: string, type: string, size = 10) => {
  const made = new File([new Uint8Array(0)], name, { type, lastModified: 1_700_000_000_000 });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

/** The built-in drivers, choosing as they do, but finishing every upload at once with a made-up entry. */
const instantBuiltIns = (sent: string[]): UploadDriver[] =>
  defaultUploadDrivers.map((driver) => ({
    ...driver,
    upload: async ({ item }: DriverContext) => {
      sent.push(`${driver.name}:${item.name}`);
      return storyEntry(sent.length, item.name);
    },
  }));

/** Waits until nothing is pending or uploading. */
const idle = (uploader: Uploader) =>
  new Promise<void>((resolve) => {
    if (!uploader.getSnapshot().isUploading) return resolve();
    const off = uploader.on('idle', () => {
      off();
      resolve();
    });
  });

describe('registering upload drivers', () => {
  it('asks a registered driver first, and leaves the files it turns down to the built-in ones', async () => {
    const sent: string[] = [];
    const uploader = createUploader({ drivers: instantBuiltIns(sent), storage: null, schedule: (f) => f() });
    const audio = defineUploadDriver({
      name: 'audio-ingest',
      canUpload: (candidate) => candidate.mime.startsWith('audio/'),
      upload: async ({ item }) => {
        sent.push(`audio-ingest:${item.name}`);
        return storyEntry(99, item.name);
      },
    });
    const off = uploader.use(audio);
    expect(uploader.drivers().map((driver) => driver.name)).toEqual([
      'audio-ingest',
      's3-multipart',
      's3-presign',
      'tus',
      'form',
    ]);
    const [track, cover, big] = uploader.add([
      file('track.wav', 'audio/wav'),
      file('cover.png', 'image/png'),
      file('scan.tiff', 'image/tiff', 5 * MB),
    ]);
    expect([track?.driver, cover?.driver, big?.driver]).toEqual(['audio-ingest', 'form', 'tus']);
    await idle(uploader);
    expect(sent.sort()).toEqual(['audio-ingest:track.wav', 'form:cover.png', 'tus:scan.tiff']);

    off();
    expect(uploader.add([file('again.wav', 'audio/wav')])[0]?.driver).toBe('form');
    await idle(uploader);
    expect(sent).toContain('form:again.wav');
    uploader.destroy();
  });

  it('replaces a driver of the same name where it stands', async () => {
    const sent: string[] = [];
    const uploader = createUploader({
      drivers: instantBuiltIns(sent),
      direct: true,
      storage: null,
      schedule: (f) => f(),
    });
    uploader.use({
      name: 's3-presign',
      canUpload: (_candidate, { direct }) => direct,
      upload: async ({ item }) => {
        sent.push(`own-presign:${item.name}`);
        return storyEntry(1, item.name);
      },
    });
    expect(uploader.drivers().map((driver) => driver.name)).toEqual([
      's3-multipart',
      's3-presign',
      'tus',
      'form',
    ]);
    uploader.add([file('a.png', 'image/png'), file('huge.wav', 'audio/wav', 200 * MB)]);
    await idle(uploader);
    // The multipart driver still comes first for huge files; the replacement takes the rest.
    expect(sent.sort()).toEqual(['own-presign:a.png', 's3-multipart:huge.wav']);
    uploader.destroy();
  });

  it('runs an exclusive driver’s uploads alone', async () => {
    const waiting = new Map<string, () => void>();
    const uploader = createUploader({ storage: null, schedule: (f) => f() });
    const slow = (name: string, exclusive: boolean): UploadDriver => ({
      name,
      exclusive,
      canUpload: (candidate) => candidate.name.startsWith(name),
      upload: ({ item }) =>
        new Promise<FileEntry>((resolve) => waiting.set(item.name, () => resolve(storyEntry(1, item.name)))),
    });
    uploader.use(slow('plain', false));
    uploader.use(slow('chunky', true));
    uploader.add([file('chunky-1.bin', ''), file('plain-1.bin', ''), file('plain-2.bin', '')]);
    await Promise.resolve();
    const running = () => uploader.getSnapshot().items.filter((item) => item.status === 'inProgress');
    expect(running().map((item) => item.name)).toEqual(['chunky-1.bin']);
    waiting.get('chunky-1.bin')!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(running().map((item) => item.name)).toEqual(['plain-1.bin', 'plain-2.bin']);
    uploader.destroy();
  });

  it('fails a file no driver takes, with the generic message', async () => {
    const uploader = createUploader({
      drivers: [
        {
          name: 'images-only',
          canUpload: (c) => c.mime.startsWith('image/'),
          upload: async () => storyEntry(1, 'x'),
        },
      ],
      storage: null,
      schedule: (f) => f(),
    });
    const [item] = uploader.add([file('notes.txt', 'text/plain')]);
    expect(item?.driver).toBe('');
    await idle(uploader);
    expect(uploader.getItem(item!.id)).toMatchObject({
      status: 'failed',
      errorMessage: 'There was an issue. Please try again later.',
    });
    uploader.destroy();
  });
});

/** A fetch that keeps cookies in `jar` the way a browser does for its page. */
function cookieFetch(jar: CookieSource): typeof fetch {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.cookie) headers.set('Cookie', jar.cookie);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) jar.cookie = line;
    return response;
  };
}

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 9),
]);

describe('a registered driver against a real server', () => {
  let server: RunningServer;
  let http: HttpClient;
  let jar: CookieSource;
  beforeAll(async () => {
    server = await startTestServer(testDatabases()[0]!, {
      modules: [accounts(), uploadsModule({ cleanupIntervalMs: 0 })],
    });
    await createTestUser(server.app, { email: 'driver@example.com', password: 'knuth-literate-1984' });
    jar = createMemoryCookies();
    http = createHttpClient({ baseUrl: server.url, cookies: jar, fetch: cookieFetch(jar), retryDelay: 1 });
    // The first answer sets the XSRF cookie, which the login then echoes, as a page load does.
    await http.call(system.health);
    await http.call(auth.login, { body: { email: 'driver@example.com', password: 'knuth-literate-1984' } });
  });
  afterAll(() => server?.close());

  it('uploads through the contract with a driver the package does not ship', async () => {
    // A driver of an app's own: the same form route, sent with fetch (no progress events needed, say).
    const fetchForm = defineUploadDriver({
      name: 'fetch-form',
      canUpload: (candidate) => candidate.mime === 'image/png',
      async upload({ file, item, http, signal, onProgress }) {
        const form = new FormData();
        form.append('file', file, item.name);
        const { fileEntry } = await http.call(uploads.upload, { body: form, signal });
        onProgress(item.size);
        return fileEntry;
      },
    });
    const uploader = createUploader({ http, storage: null, cookies: jar });
    uploader.use(fetchForm);
    const completed = new Promise<FileEntry>((resolve, reject) => {
      uploader.on('completed', (_item, entry) => resolve(entry));
      uploader.on('failed', (_item, error) => reject(error));
    });
    const [item] = uploader.add([new File([PNG], 'pixel.png', { type: 'image/png' })]);
    expect(item?.driver).toBe('fetch-form');
    const entry = await completed;
    expect(entry).toMatchObject({ name: 'pixel.png', mime: 'image/png', size: PNG.length });
    const served = await cookieFetch(jar)(new URL(entry.url, server.url));
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    uploader.destroy();
  });
});

describe('types from the contract', () => {
  it('refuses wrong payloads and answers, at compile time', () => {
    const http = createHttpClient();
    const typeOnly = async () => {
      // @ts-expect-error the field is `uploadKey`
      await http.call(uploads.tusEntries, { body: { uploadkey: 'a'.repeat(32) } });
      // @ts-expect-error part numbers are numbers (or numeric text), not objects
      await http.call(uploads.s3MultipartSignParts, { body: { key: 'k', uploadId: 'u', partNumbers: [{}] } });
      // @ts-expect-error `mime` is text
      await http.call(uploads.s3Presign, { body: { filename: 'a.png', size: 1, mime: 3 } });
      // @ts-expect-error a form upload sends FormData, not a JSON object
      await http.call(uploads.upload, { body: { file: 'pixel.png' } });
      // @ts-expect-error the entry's id is a path parameter
      await http.call(uploads.download, {});
      const { fileEntry } = await http.call(uploads.s3Entries, { body: { filename: 'uploads/x' } });
      expectTypeOf(fileEntry.size).toEqualTypeOf<number>();
      // @ts-expect-error a file entry has no `path` on the wire
      void fileEntry.path;
      const created = await http.call(uploads.s3MultipartCreate, {
        body: { filename: 'a.wav', size: '12', mime: 'audio/wav' },
      });
      // @ts-expect-error the answer names it `uploadId`
      void created.upload_id;
      // @ts-expect-error only form and raw routes go through the progress call
      await callWithProgress(http, uploads.tusEntries, { body: new FormData() }, { xsrfToken: () => '' });
      // @ts-expect-error a driver says which files it takes
      const incomplete: UploadDriver = { name: 'x', upload: async () => fileEntry };
      void incomplete;
    };
    expect(typeof typeOnly).toBe('function');
  });
});
