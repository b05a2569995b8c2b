import { createHash, randomBytes } from 'node:crypto';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import {
  type HttpSession,
  multipartBody,
  type RunningServer,
  type S3TestServer,
  s3TestClient,
  signedInUser,
  startS3Server,
  startTestServer,
  testDatabases,
  tusUpload,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from './index';
import { tusIdOf } from './tus-keys';

const PASSWORD = 'berners-lee-http-1991';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(2000, 3),
]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const MIB = 1024 * 1024;

interface Entry {
  id: number;
  url: string;
  mime: string;
  size: number;
  file_name: string;
}

describe.each(testDatabases())('S3 uploads on $name', (database) => {
  let s3: S3TestServer;
  let server: RunningServer;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(database, {
      modules: [accounts(), uploadsModule({ cleanupIntervalMs: 0 })],
      storage: { driver: 's3', ...s3 },
      settings: { 'uploads.direct': { value: true, public: true } },
    });
    client = s3TestClient(s3);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  let count = 0;
  const signedIn = async () => {
    const email = `s3-${++count}@example.com`;
    return signedInUser(server, { email, password: PASSWORD });
  };
  const keysInBucket = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  };
  const download = async (http: HttpSession, url: string) => {
    const served = await fetch(new URL(url, server.url), { headers: { Cookie: http.cookieHeader() } });
    return { served, bytes: Buffer.from(await served.arrayBuffer()) };
  };

  it('uploads through a presigned PUT and saves the entry', async () => {
    const { http } = await signedIn();
    const presigned = await http.post('/api/v1/s3/simple/presign', {
      filename: 'cover.png',
      mime: 'image/png',
      size: PNG.length,
      extension: 'png',
    });
    expect(presigned.status).toBe(200);
    const { url, key, headers } = presigned.data as {
      url: string;
      key: string;
      headers: Record<string, string>;
    };
    expect(key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(new URL(url).origin).toBe(s3.endpoint);
    const put = await fetch(url, { method: 'PUT', body: PNG, headers });
    expect(put.status).toBe(200);
    const saved = await http.post('/api/v1/s3/entries', {
      filename: key,
      clientName: 'cover.png',
      clientMime: 'image/png',
      clientExtension: 'png',
      size: PNG.length,
    });
    expect(saved.status).toBe(201);
    const entry = (saved.data as { fileEntry: Entry }).fileEntry;
    expect(entry).toMatchObject({
      mime: 'image/png',
      size: PNG.length,
      file_name: key.slice('uploads/'.length),
    });
    const { served, bytes } = await download(http, entry.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(sha256(bytes)).toBe(sha256(PNG));
    // A key is saved once.
    expect((await http.post('/api/v1/s3/entries', { filename: key })).status).toBe(404);
  });

  it('uploads in parts through multipart create, sign, complete', async () => {
    const { http } = await signedIn();
    const data = randomBytes(11 * MIB);
    const created = await http.post('/api/v1/s3/multipart/create', {
      filename: 'mix.bin',
      mime: 'application/octet-stream',
      size: data.length,
      extension: 'bin',
    });
    expect(created.status).toBe(200);
    const { uploadId, key } = created.data as { uploadId: string; key: string };
    const partSize = 5 * MIB;
    const numbers = [1, 2, 3];
    const signed = await http.post('/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: numbers,
    });
    expect(signed.status).toBe(200);
    const { urls } = signed.data as { urls: { partNumber: number; url: string }[] };
    expect(urls.map((u) => u.partNumber)).toEqual(numbers);
    const parts = await Promise.all(
      urls.map(async ({ partNumber, url }) => {
        const body = data.subarray((partNumber - 1) * partSize, partNumber * partSize);
        const answer = await fetch(url, { method: 'PUT', body });
        expect(answer.status).toBe(200);
        return { PartNumber: partNumber, ETag: answer.headers.get('etag')! };
      }),
    );
    const listed = await http.post('/api/v1/s3/multipart/get-uploaded-parts', { key, uploadId });
    expect(listed.status).toBe(200);
    const completed = await http.post('/api/v1/s3/multipart/complete', { key, uploadId, parts });
    expect(completed.status).toBe(200);
    expect(completed.data).toEqual({ location: expect.any(String) });
    const saved = await http.post('/api/v1/s3/entries', {
      filename: key,
      clientName: 'mix.bin',
      size: data.length,
    });
    expect(saved.status).toBe(201);
    const entry = (saved.data as { fileEntry: Entry }).fileEntry;
    expect(entry.size).toBe(data.length);
    expect(sha256((await download(http, entry.url)).bytes)).toBe(sha256(data));
  });

  it('resumes a multipart upload: get-uploaded-parts lists the parts already in the bucket', async () => {
    const { http } = await signedIn();
    const partSize = 5 * MIB;
    const data = randomBytes(2 * partSize + 54_321);
    const created = await http.post('/api/v1/s3/multipart/create', {
      filename: 'resumed.bin',
      size: data.length,
      extension: 'bin',
    });
    const { uploadId, key } = created.data as { uploadId: string; key: string };
    const body = (partNumber: number) => data.subarray((partNumber - 1) * partSize, partNumber * partSize);
    const sendParts = async (partNumbers: number[]) => {
      const signed = await http.post('/api/v1/s3/multipart/batch-sign-part-urls', {
        key,
        uploadId,
        partNumbers,
      });
      const { urls } = signed.data as { urls: { partNumber: number; url: string }[] };
      return Promise.all(
        urls.map(async ({ partNumber, url }) => {
          const answer = await fetch(url, { method: 'PUT', body: body(partNumber) });
          expect(answer.status).toBe(200);
          return { PartNumber: partNumber, ETag: answer.headers.get('etag')! };
        }),
      );
    };
    // The first attempt gets parts 1 and 2 in, then stops.
    const sent = await sendParts([1, 2]);
    const listed = await http.post('/api/v1/s3/multipart/get-uploaded-parts', { key, uploadId });
    expect(listed.status).toBe(200);
    expect((listed.data as { parts: unknown }).parts).toEqual([
      { PartNumber: 1, ETag: sent[0]!.ETag, Size: partSize },
      { PartNumber: 2, ETag: sent[1]!.ETag, Size: partSize },
    ]);
    // The retry sends only what the listing lacks and completes with the listed parts.
    const rest = await sendParts([3]);
    const parts = [...(listed.data as { parts: { PartNumber: number; ETag: string }[] }).parts, ...rest].map(
      ({ PartNumber, ETag }) => ({ PartNumber, ETag }),
    );
    expect((await http.post('/api/v1/s3/multipart/complete', { key, uploadId, parts })).status).toBe(200);
    const saved = await http.post('/api/v1/s3/entries', { filename: key, clientName: 'resumed.bin' });
    expect(saved.status).toBe(201);
    const entry = (saved.data as { fileEntry: Entry }).fileEntry;
    expect(sha256((await download(http, entry.url)).bytes)).toBe(sha256(data));
  });

  it("refuses another user's key and upload id", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const created = await owner.http.post('/api/v1/s3/multipart/create', {
      filename: 'a.bin',
      size: 6 * MIB,
    });
    const { uploadId, key } = created.data as { uploadId: string; key: string };
    for (const [path, body] of [
      ['s3/multipart/get-uploaded-parts', { key, uploadId }],
      ['s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [1] }],
      ['s3/multipart/complete', { key, uploadId, parts: [{ PartNumber: 1, ETag: '"x"' }] }],
      ['s3/multipart/abort', { key, uploadId }],
      ['s3/entries', { filename: key }],
    ] as const) {
      expect((await other.http.post(`/api/v1/${path}`, body)).status, path).toBe(404);
    }
    // Keys are the server's: a made-up or traversing key is invalid input.
    expect((await owner.http.post('/api/v1/s3/entries', { filename: '../../etc/passwd' })).status).toBe(422);
    expect(
      (
        await owner.http.post('/api/v1/s3/multipart/batch-sign-part-urls', {
          key,
          uploadId,
          partNumbers: Array.from({ length: 11 }, (_, i) => i + 1),
        })
      ).status,
    ).toBe(422);
    expect((await owner.http.post('/api/v1/s3/multipart/abort', { key, uploadId })).status).toBe(200);
    expect((await owner.http.post('/api/v1/s3/multipart/abort', { key, uploadId })).status).toBe(404);
  });

  it('refuses oversized and disallowed declarations before signing anything', async () => {
    const { http } = await signedIn();
    const big = await http.post('/api/v1/s3/simple/presign', { filename: 'huge.bin', size: 2 * 1024 * MIB });
    expect(big.status).toBe(422);
    expect((big.data as { errors: unknown }).errors).toEqual({
      file: ['`huge.bin` exceeds maximum allowed size of 1 GB'],
    });
    const exe = await http.post('/api/v1/s3/multipart/create', { filename: 'setup.exe', size: 10 * MIB });
    expect(exe.status).toBe(422);
    expect(await server.app.kit.knex('file_upload_keys')).toEqual([]);
  });

  it('sniffs the bytes in the bucket: HTML presigned as a PNG is refused and removed', async () => {
    const { http, user } = await signedIn();
    await server.app.kit.settings.set('uploads.allowed_mimes', ['image/*']);
    try {
      const presigned = await http.post('/api/v1/s3/simple/presign', {
        filename: 'x.png',
        mime: 'image/png',
        size: HTML.length,
      });
      const { url, key } = presigned.data as { url: string; key: string };
      expect(
        (await fetch(url, { method: 'PUT', body: HTML, headers: { 'Content-Type': 'image/png' } })).status,
      ).toBe(200);
      expect(await keysInBucket()).toContain(key);
      const saved = await http.post('/api/v1/s3/entries', {
        filename: key,
        clientName: 'x.png',
        clientMime: 'image/png',
      });
      expect(saved.status).toBe(422);
      expect((saved.data as { errors: unknown }).errors).toEqual({ file: ['This file type is not allowed'] });
      expect(await keysInBucket()).not.toContain(key);
      expect(await server.app.kit.knex('file_entries').where({ owner_id: user.id })).toEqual([]);
      expect(await server.app.kit.knex('file_upload_keys').where({ owner_id: user.id })).toEqual([]);
    } finally {
      await server.app.kit.settings.set('uploads.allowed_mimes', []);
    }
  });

  it('stores form and tus uploads in the bucket too', async () => {
    const { http } = await signedIn();
    const form = multipartBody('form.png', PNG, 'image/png');
    const posted = await http.request('POST', '/api/v1/file-entries', {
      body: form.body,
      headers: form.headers,
    });
    expect(posted.status).toBe(201);
    const formEntry = (posted.data as { fileEntry: Entry }).fileEntry;
    const object = await client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `uploads/${formEntry.file_name}` }),
    );
    expect(sha256(Buffer.from(await object.Body!.transformToByteArray()))).toBe(sha256(PNG));

    const data = randomBytes(200_000);
    const { key } = await tusUpload(http, data, { chunkSize: 64 * 1024, metadata: { name: 'tus.bin' } });
    const claimed = await http.post('/api/v1/tus/entries', { uploadKey: key });
    expect(claimed.status).toBe(201);
    const tusEntry = (claimed.data as { fileEntry: Entry }).fileEntry;
    expect(await keysInBucket()).toContain(`uploads/${tusEntry.file_name}`);
    expect(sha256((await download(http, tusEntry.url)).bytes)).toBe(sha256(data));

    expect(
      (
        await http.post('/api/v1/file-entries/delete', {
          entryIds: [formEntry.id, tusEntry.id],
          deleteForever: true,
        })
      ).status,
    ).toBe(200);
    const left = await keysInBucket();
    expect(left).not.toContain(`uploads/${formEntry.file_name}`);
    expect(left).not.toContain(`uploads/${tusEntry.file_name}`);
  });
  it("removes a deleted account's objects, direct uploads and tus uploads from the bucket, and nobody else's", async () => {
    const leaving = await signedIn();
    const staying = await signedIn();
    const form = multipartBody('kept.png', PNG, 'image/png');
    const posted = await leaving.http.request('POST', '/api/v1/file-entries', {
      body: form.body,
      headers: form.headers,
    });
    const saved = (posted.data as { fileEntry: Entry }).fileEntry;
    // A direct multipart upload with one part sent, never completed.
    const created = await leaving.http.post('/api/v1/s3/multipart/create', {
      filename: 'mix.bin',
      mime: 'application/octet-stream',
      size: 11 * MIB,
      extension: 'bin',
    });
    const { uploadId, key: direct } = created.data as { uploadId: string; key: string };
    const signed = await leaving.http.post('/api/v1/s3/multipart/batch-sign-part-urls', {
      key: direct,
      uploadId,
      partNumbers: [1],
    });
    const { url } = (signed.data as { urls: [{ url: string }] }).urls[0];
    expect((await fetch(url, { method: 'PUT', body: randomBytes(5 * MIB) })).status).toBe(200);
    // A tus upload stopped after its first chunk.
    let chunks = 0;
    const partial = await tusUpload(leaving.http, randomBytes(200_000), {
      chunkSize: 50_000,
      metadata: { name: 'half.bin' },
      onChunk: () => ++chunks === 1,
    });
    const theirs = await tusUpload(staying.http, randomBytes(1000), { metadata: { name: 'theirs.bin' } });
    const multipart = async () =>
      ((await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }))).Uploads ?? []).map(
        (upload) => upload.Key,
      );
    const traces = async () => {
      const keys = await keysInBucket();
      return [
        ...keys.filter((key) => key === `uploads/${saved.file_name}` || key.startsWith(`tus/${partial.key}`)),
        ...(await multipart()).filter((key) => key === direct || key === tusIdOf(partial.key)),
      ].sort();
    };
    expect(await traces()).toEqual(
      [
        `uploads/${saved.file_name}`,
        `tus/${partial.key}.info`,
        `tus/${partial.key}.part`,
        direct,
        tusIdOf(partial.key),
      ].sort(),
    );

    await leaving.http.post('/auth/user/confirm-password', { password: PASSWORD });
    const deleted = await leaving.http.request(
      'DELETE',
      `/api/v1/users/${leaving.user.id}?deleteCurrentUser=true`,
    );
    expect(deleted.status).toBe(200);
    // The bucket is cleared after the deletion's transaction commits, in the background.
    await expect.poll(traces).toEqual([]);
    expect(await keysInBucket()).toEqual(
      expect.arrayContaining([`tus/${theirs.key}.info`, tusIdOf(theirs.key)]),
    );
    expect((await staying.http.post('/api/v1/tus/entries', { uploadKey: theirs.key })).status).toBe(201);
  });
});
