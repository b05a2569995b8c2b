import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/server/testing';
import {
  type HttpSession,
  loginOverHttp,
  multipartBody,
  type RunningServer,
  type S3TestServer,
  signedInUser,
  startS3Server,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from './index';
import { SINGLE_PUT_PENDING_MS } from './s3-routes';

const PASSWORD = 'hopper-compiler-1952';
/** A PNG header, so the sniffed type is an image whatever the size. */
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
/** Bytes of each big file here: well past the 64 KiB a form may spend around its file, so forms reserve. */
const SIZE = 300_000;
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);

/** Creates a tus upload declaring `length` bytes, sending none. */
const tusCreate = (http: HttpSession, length: number) =>
  http.request('POST', '/api/v1/tus/upload', {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(length),
      'Upload-Metadata': `name ${Buffer.from('big.png').toString('base64')}`,
    },
  });

const formUpload = (http: HttpSession, name: string, content: Buffer) => {
  const form = multipartBody(name, content, 'image/png');
  return http.request('POST', '/api/v1/file-entries', { body: form.body, headers: form.headers });
};

/**
 * A form upload that sends its headers and the first part of its body, then waits: an upload in flight, as a
 * slow client (or an attacker holding many at once) leaves it. node:http, so the Content-Length is declared
 * up front and the rest of the body is sent only when the test says so.
 */
function formInFlight(server: RunningServer, http: HttpSession, content: Buffer) {
  const form = multipartBody('slow.png', content, 'image/png');
  const url = new URL('/api/v1/file-entries', server.url);
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; data: unknown }>((resolve, reject) => {
    req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...form.headers,
          Accept: 'application/json',
          'Content-Length': String(form.body.length),
          Cookie: http.cookieHeader(),
          [XSRF_HEADER]: decodeURIComponent(http.cookies.get(XSRF_COOKIE) ?? ''),
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, data: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
  });
  const half = Math.floor(form.body.length / 2);
  req.write(form.body.subarray(0, half));
  return {
    answer,
    finish: () => {
      req.end(form.body.subarray(half));
      return answer;
    },
  };
}

const QUOTA_MESSAGE = expect.stringMatching(/^You have used all of your/);

describe.each(testDatabases())('upload quota against uploads in flight on $name', (database) => {
  describe('local storage: form and tus', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(database, {
        modules: [accounts(), uploadsModule({ cleanupIntervalMs: 0 })],
        settings: { 'uploads.max_size': { value: 10 * SIZE, public: true } },
      });
    });
    afterAll(() => server?.close());

    let count = 0;
    const signedIn = () =>
      signedInUser(server, { email: `quota-race${++count}@example.com`, password: PASSWORD });
    const reservationsOf = (ownerId: number) =>
      server.app.kit.knex('upload_reservations').where({ owner_id: ownerId });
    const withQuota = async (bytes: number, run: () => Promise<void>) => {
      await server.app.kit.settings.set('uploads.user_quota', bytes);
      try {
        await run();
      } finally {
        await server.app.kit.settings.set('uploads.user_quota', null);
      }
    };

    it('refuses a form upload into bytes a tus upload in progress reserved (quota overrun by mixing paths)', async () => {
      await withQuota(2 * SIZE, async () => {
        const { http } = await signedIn();
        // The tus upload declares the whole quota and sends nothing yet: its bytes are promised.
        const tus = await tusCreate(http, 2 * SIZE);
        expect(tus.status).toBe(201);
        // A small file (its form reserves nothing) and a big one: both must fit beside the reservation.
        const small = await formUpload(http, 'small.png', png(1000));
        expect(small.status).toBe(422);
        expect(small.data).toMatchObject({ errors: { file: [QUOTA_MESSAGE] } });
        const big = await formUpload(http, 'big.png', png(SIZE));
        expect(big.status).toBe(422);
        // Cancelling the tus upload gives its bytes back to the form.
        const location = tus.headers.get('location')!;
        expect(
          (await http.request('DELETE', location, { headers: { 'Tus-Resumable': '1.0.0' } })).status,
        ).toBe(204);
        await expect.poll(async () => (await formUpload(http, 'small.png', png(1000))).status).toBe(201);
      });
    });

    it('refuses a second form upload, and a tus upload, while a first form upload holds the quota (parallel form uploads)', async () => {
      await withQuota(SIZE + SIZE / 2, async () => {
        const { http, user } = await signedIn();
        const first = formInFlight(server, http, png(SIZE));
        // The first upload's bytes are reserved before its body is read.
        await expect.poll(async () => (await reservationsOf(user.id)).length).toBe(1);
        const [reserved] = await reservationsOf(user.id);
        expect(Number(reserved.size)).toBeGreaterThan(SIZE - 64 * 1024);
        // Without the reservation this one streams in and is stored first, and the first finds no room.
        const second = await formUpload(http, 'second.png', png(SIZE));
        expect(second.status).toBe(422);
        expect(second.data).toMatchObject({ errors: { file: [QUOTA_MESSAGE] } });
        expect((await tusCreate(http, SIZE)).status).toBe(422);
        const done = await first.finish();
        expect(done.status).toBe(201);
        // The stored file took the reservation's place, in the same transaction: nothing is counted twice.
        expect(await reservationsOf(user.id)).toEqual([]);
        expect((await formUpload(http, 'third.png', png(SIZE))).status).toBe(422);
        expect((await formUpload(http, 'fourth.png', png(SIZE / 4))).status).toBe(201);
      });
    });

    it('gives a refused or broken form upload its reservation back', async () => {
      await withQuota(SIZE + SIZE / 2, async () => {
        const { http, user } = await signedIn();
        // Declared big, then not a PNG but an exe-named file: refused by the rules after the reservation.
        const refused = await formUpload(http, 'tool.exe', png(SIZE));
        expect(refused.status).toBe(422);
        expect(await reservationsOf(user.id)).toEqual([]);
        expect((await formUpload(http, 'after.png', png(SIZE))).status).toBe(201);
      });
    });
  });

  describe('S3 storage: direct uploads', () => {
    let s3: S3TestServer;
    let server: RunningServer;
    let offset = 0;
    const uploads = uploadsModule({ cleanupIntervalMs: 0 });
    beforeAll(async () => {
      s3 = await startS3Server();
      server = await startTestServer(database, {
        modules: [accounts(), uploads],
        now: () => new Date(Date.now() + offset),
        storage: { driver: 's3', ...s3 },
        settings: {
          'uploads.direct': { value: true, public: true },
          'uploads.max_size': { value: 10 * SIZE, public: true },
          'uploads.user_quota': { value: 3 * SIZE },
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await s3?.close();
    });

    let count = 0;
    const signedIn = () =>
      signedInUser(server, { email: `quota-direct${++count}@example.com`, password: PASSWORD });
    const declared = (name: string, size = SIZE) => ({
      filename: name,
      mime: 'image/png',
      size,
      extension: 'png',
    });

    it('refuses presigning past the quota, even for many uploads presigned at once (parallel direct uploads)', async () => {
      const { http } = await signedIn();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => http.post('/api/v1/s3/simple/presign', declared(`p${i}.png`))),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 422)).toHaveLength(3);
      expect(answers.find((answer) => answer.status === 422)!.data).toMatchObject({
        errors: { file: [QUOTA_MESSAGE] },
      });
      // The presigned uploads' bytes are promised: neither a multipart upload, a tus upload nor a form may take them.
      expect((await http.post('/api/v1/s3/multipart/create', declared('m.png'))).status).toBe(422);
      expect((await tusCreate(http, SIZE)).status).toBe(422);
      expect((await formUpload(http, 'f.png', png(1000))).status).toBe(422);
    });

    it('signs a presigned PUT for the declared size only (a small declaration carrying a huge object)', async () => {
      const { http } = await signedIn();
      const answer = await http.post('/api/v1/s3/simple/presign', declared('small.png', 1234));
      expect(answer.status).toBe(200);
      const { url } = answer.data as { url: string };
      // S3 then refuses a PUT of any other length (SignatureDoesNotMatch). The test store (s3rver) does not check
      // signatures, so the signed header list is what this test can see.
      const signed = new URL(url).searchParams.get('X-Amz-SignedHeaders')!.split(';');
      expect(signed).toContain('content-length');
      const put = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: png(1234),
      });
      expect(put.status).toBe(200);
    });

    it('gives a cancelled presigned upload its bytes back once its URL is dead, while a multipart upload keeps its own', async () => {
      const { http, user } = await signedIn();
      // A single PUT has no abort route: the client just stops. Its reservation must not hold the quota all day.
      expect((await http.post('/api/v1/s3/simple/presign', declared('cancelled.png', 2 * SIZE))).status).toBe(
        200,
      );
      const multipart = await http.post('/api/v1/s3/multipart/create', declared('parts.png', SIZE));
      expect(multipart.status).toBe(200);
      expect((await http.post('/api/v1/s3/simple/presign', declared('more.png'))).status).toBe(422);
      offset += SINGLE_PUT_PENDING_MS + 60_000;
      try {
        await uploads.runtime!.cleanup();
        const left = await server.app.kit.knex('upload_reservations').where({ owner_id: user.id });
        // The multipart upload signs its parts as it goes (and has an abort route): it keeps its day.
        expect(left.map((row) => Number(row.size))).toEqual([SIZE]);
        // The browser session did not last the two hours either: sign in again.
        const again = server.session();
        expect((await loginOverHttp(again, user.email, PASSWORD)).status).toBe(200);
        expect((await again.post('/api/v1/s3/simple/presign', declared('again.png', 2 * SIZE))).status).toBe(
          200,
        );
        expect((await again.post('/api/v1/s3/simple/presign', declared('over.png', 1))).status).toBe(422);
      } finally {
        offset = 0;
      }
    });

    it('moves a direct upload from its reservation to its entry, and an abort gives the bytes back', async () => {
      const { http, user } = await signedIn();
      const presigned = (await http.post('/api/v1/s3/simple/presign', declared('done.png'))).data as {
        url: string;
        key: string;
        headers: Record<string, string>;
      };
      const multipart = (await http.post('/api/v1/s3/multipart/create', declared('parts.png', 2 * SIZE)))
        .data as {
        uploadId: string;
        key: string;
      };
      expect((await http.post('/api/v1/s3/simple/presign', declared('over.png', 1))).status).toBe(422);
      const put = await fetch(presigned.url, { method: 'PUT', headers: presigned.headers, body: png(SIZE) });
      expect(put.status).toBe(200);
      const saved = await http.post('/api/v1/s3/entries', {
        filename: presigned.key,
        clientName: 'done.png',
      });
      expect(saved.status).toBe(201);
      const reservations = await server.app.kit.knex('upload_reservations').where({ owner_id: user.id });
      expect(reservations.map((row) => Number(row.size))).toEqual([2 * SIZE]);
      // Stored file plus the multipart reservation fill the quota; aborting the multipart frees its share.
      expect((await http.post('/api/v1/s3/simple/presign', declared('still-over.png', 1))).status).toBe(422);
      const aborted = await http.post('/api/v1/s3/multipart/abort', multipart);
      expect(aborted.status).toBe(200);
      expect((await http.post('/api/v1/s3/simple/presign', declared('fits.png', 2 * SIZE))).status).toBe(200);
    });
  });
});
