import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';
import {
  type DetailedError,
  type HttpSession,
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
import { DEFAULT_USER_QUOTA } from './restrictions';
import { tusIdOf } from './tus-keys';

const PASSWORD = 'lovelace-analytical-engine-1843';
const MIB = 1024 * 1024;
const PART = 5 * MIB;
const CHUNK = 3 * MIB;
const EXPIRATION = 60 * 60 * 1000;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const HTML = Buffer.from(
  `<!doctype html><html><body><script>alert(document.cookie)</script>${'x'.repeat(70_000)}</body></html>`,
);
const TYPE_NOT_ALLOWED = 'This file type is not allowed';

interface Entry {
  id: number;
  url: string;
  name: string;
  mime: string;
  size: number;
  file_name: string;
}

describe.each(testDatabases())('tus uploads into S3 on $name', (database) => {
  let s3: S3TestServer;
  let server: RunningServer;
  let client: S3Client;
  let offset = 0;
  const uploads = uploadsModule({ cleanupIntervalMs: 0, expirationMs: EXPIRATION, tusPartSize: PART });
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(database, {
      modules: [accounts(), uploads],
      storage: { driver: 's3', ...s3 },
      now: () => new Date(Date.now() + offset),
    });
    client = s3TestClient(s3);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  let count = 0;
  const signedIn = async () => {
    const email = `tus-s3-${++count}@example.com`;
    return signedInUser(server, { email, password: PASSWORD });
  };
  const bucket = () => s3.bucket;
  const keysInBucket = async (prefix: string) => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };
  /** Everything of one upload in the bucket: its object and its bookkeeping. */
  const traces = async (key: string) =>
    [...(await keysInBucket(tusIdOf(key))), ...(await keysInBucket(`tus/${key}`))].sort();
  const objectSha = async (key: string) => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return sha256(Buffer.from(await object.Body!.transformToByteArray()));
  };
  const multipartUploads = async () =>
    ((await client.send(new ListMultipartUploadsCommand({ Bucket: bucket() }))).Uploads ?? []).map(
      (upload) => upload.Key,
    );
  /** The S3 multipart upload behind a tus upload, as the store recorded it in `.info`. */
  const partsOf = async (key: string) => {
    const info = await client.send(new GetObjectCommand({ Bucket: bucket(), Key: `tus/${key}.info` }));
    const listed = await client.send(
      new ListPartsCommand({ Bucket: bucket(), Key: tusIdOf(key), UploadId: info.Metadata!['upload-id'] }),
    );
    return (listed.Parts ?? []).map(({ PartNumber, Size }) => ({ PartNumber, Size }));
  };
  const tailSize = async (key: string) =>
    (await client.send(new HeadObjectCommand({ Bucket: bucket(), Key: `tus/${key}.part` }))).ContentLength;
  const head = (http: HttpSession, url: string) =>
    http.request('HEAD', url, { headers: { 'Tus-Resumable': '1.0.0' } });
  const claim = (http: HttpSession, key: string) => http.post('/api/v1/tus/entries', { uploadKey: key });
  const download = async (http: HttpSession, url: string) => {
    const served = await fetch(new URL(url, server.url), { headers: { Cookie: http.cookieHeader() } });
    return Buffer.from(await served.arrayBuffer());
  };

  it('uploads a file of several parts into the bucket and claims it where it lies', async () => {
    const { http, user } = await signedIn();
    const data = randomBytes(12 * MIB + 12_345);
    const result = await tusUpload(http, data, {
      chunkSize: CHUNK,
      metadata: { name: 'session.bin', mime: 'application/octet-stream' },
    });
    expect(result.aborted).toBe(false);
    expect(result.url).toMatch(/\/api\/v1\/tus\/upload\/[a-f0-9]{32}$/);
    // The finished object sits at the key its file entry will use; only the bookkeeping is under tus/.
    const objectKey = tusIdOf(result.key);
    expect(objectKey).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(await objectSha(objectKey)).toBe(sha256(data));
    expect(await keysInBucket(`tus/${result.key}`)).toEqual([`tus/${result.key}.info`]);
    expect(await multipartUploads()).not.toContain(objectKey);
    expect(await server.app.kit.knex('file_entries').where({ owner_id: user.id })).toEqual([]);

    const storedBefore = await keysInBucket('uploads/');
    const claimed = await claim(http, result.key);
    expect(claimed.status).toBe(201);
    const entry = (claimed.data as { fileEntry: Entry }).fileEntry;
    expect(entry).toMatchObject({
      name: 'session.bin',
      size: data.length,
      mime: 'application/octet-stream',
      file_name: objectKey.slice('uploads/'.length),
    });
    // Nothing was copied: the same objects, minus the bookkeeping.
    expect(await keysInBucket('uploads/')).toEqual(storedBefore);
    expect(await keysInBucket(`tus/${result.key}`)).toEqual([]);
    expect(sha256(await download(http, entry.url))).toBe(sha256(data));
    // A key is claimed once, and the finished upload is gone from tus.
    expect((await claim(http, result.key)).status).toBe(404);
    expect((await head(http, result.url)).status).toBe(404);
  });

  it('resumes an interrupted upload from the offset the bucket holds: whole parts plus the tail', async () => {
    const { http } = await signedIn();
    const data = randomBytes(12 * MIB + 12_345);
    let chunks = 0;
    const first = await tusUpload(http, data, {
      chunkSize: CHUNK,
      metadata: { name: 'take-two.bin' },
      onChunk: () => ++chunks === 2,
    });
    expect(first.aborted).toBe(true);
    const status = await head(http, first.url);
    expect(status.status).toBe(200);
    expect(Number(status.headers.get('upload-offset'))).toBe(2 * CHUNK);
    // 6 MiB in: one 5 MiB part in the multipart upload, the 1 MiB beyond it in `.part`.
    expect(await partsOf(first.key)).toEqual([{ PartNumber: 1, Size: PART }]);
    expect(await tailSize(first.key)).toBe(2 * CHUNK - PART);

    const second = await tusUpload(http, data, {
      chunkSize: CHUNK,
      uploadUrl: first.url,
      metadata: { name: 'take-two.bin' },
    });
    expect(second.aborted).toBe(false);
    expect(second.key).toBe(first.key);
    expect(await objectSha(tusIdOf(first.key))).toBe(sha256(data));
    const claimed = await claim(http, first.key);
    expect(claimed.status).toBe(201);
    const entry = (claimed.data as { fileEntry: Entry }).fileEntry;
    expect(sha256(await download(http, entry.url))).toBe(sha256(data));
    expect(await traces(first.key)).toEqual([tusIdOf(first.key)]);
  });

  it('resumes after the connection drops in the middle of a PATCH', async () => {
    const { http } = await signedIn();
    const data = randomBytes(9 * MIB);
    const created = await http.request('POST', '/api/v1/tus/upload', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(data.length),
        'Upload-Metadata': `name ${Buffer.from('cut.bin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const sent = 6 * MIB;
    // The whole file is announced, 6 MiB go out, then the socket is cut.
    await new Promise<void>((resolve) => {
      const cut = httpRequest(new URL(url, server.url), {
        method: 'PATCH',
        headers: {
          Cookie: http.cookieHeader(),
          [XSRF_HEADER]: decodeURIComponent(http.cookies.get(XSRF_COOKIE)!),
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(data.length),
        },
      });
      cut.on('error', () => resolve());
      cut.on('response', () => resolve());
      cut.write(data.subarray(0, sent), () => {
        cut.destroy();
        resolve();
      });
    });
    const key = url.split('/').pop()!;
    // What arrived before the cut stays: the offset is what the bucket holds, whole parts plus the tail.
    const offsetAfterCut = Number((await head(http, url)).headers.get('upload-offset'));
    expect(offsetAfterCut).toBeLessThanOrEqual(sent);
    const held = (await partsOf(key)).reduce((sum, part) => sum + part.Size!, 0);
    expect(held + ((await tailSize(key).catch(() => 0)) ?? 0)).toBe(offsetAfterCut);
    const resumed = await tusUpload(http, data, {
      chunkSize: CHUNK,
      uploadUrl: new URL(url, server.url).href,
    });
    expect(resumed.aborted).toBe(false);
    expect(resumed.key).toBe(key);
    expect(await objectSha(tusIdOf(key))).toBe(sha256(data));
    const claimed = await claim(http, key);
    expect(claimed.status).toBe(201);
    expect(sha256(await download(http, (claimed.data as { fileEntry: Entry }).fileEntry.url))).toBe(
      sha256(data),
    );
  });

  it('binds each upload to its owner: others can neither see, write, delete nor claim it', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const data = randomBytes(100_000);
    const result = await tusUpload(owner.http, data, { metadata: { name: 'private.bin' } });
    const before = await traces(result.key);
    expect(before).toEqual([`tus/${result.key}.info`, tusIdOf(result.key)]);
    expect((await head(other.http, result.url)).status).toBe(404);
    const patch = await other.http.request('PATCH', result.url, {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(data.length),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(Buffer.from('overwrite')),
    });
    expect(patch.status).toBe(404);
    expect(
      (await other.http.request('DELETE', result.url, { headers: { 'Tus-Resumable': '1.0.0' } })).status,
    ).toBe(404);
    expect((await claim(other.http, result.key)).status).toBe(404);
    expect(await server.app.kit.knex('file_entries').where({ owner_id: other.user.id })).toEqual([]);
    // The owner's upload is untouched and still theirs to claim.
    expect(await traces(result.key)).toEqual(before);
    expect(await objectSha(tusIdOf(result.key))).toBe(sha256(data));
    expect((await claim(owner.http, result.key)).status).toBe(201);
  });

  it('refuses spoofed and disallowed files at claim and leaves nothing in the bucket', async () => {
    const { http, user } = await signedIn();
    await server.app.kit.settings.set('uploads.allowed_mimes', ['image/*']);
    try {
      const spoofed = await tusUpload(http, HTML, {
        chunkSize: 32 * 1024,
        metadata: { name: 'cat.png', mime: 'image/png' },
      });
      const noise = await tusUpload(http, randomBytes(PART + 1000), {
        chunkSize: CHUNK,
        metadata: { name: 'photo.png', mime: 'image/png' },
      });
      for (const { key } of [spoofed, noise]) {
        expect(await traces(key)).toEqual([`tus/${key}.info`, tusIdOf(key)]);
        const refused = await claim(http, key);
        expect(refused.status).toBe(422);
        expect(refused.data).toEqual({ message: TYPE_NOT_ALLOWED, errors: { file: [TYPE_NOT_ALLOWED] } });
        expect(await traces(key)).toEqual([]);
        expect((await claim(http, key)).status).toBe(404);
      }
      expect(await server.app.kit.knex('file_entries').where({ owner_id: user.id })).toEqual([]);

      // A declared type that is not allowed is refused before anything reaches the bucket.
      const uploadsBefore = await multipartUploads();
      const tusBefore = await keysInBucket('tus/');
      let error: unknown;
      await tusUpload(http, Buffer.from('MZ'), { metadata: { name: 'setup.exe' } }).catch((caught) => {
        error = caught;
      });
      expect((error as DetailedError).originalResponse?.getStatus()).toBe(422);
      expect(await multipartUploads()).toEqual(uploadsBefore);
      expect(await keysInBucket('tus/')).toEqual(tusBefore);
    } finally {
      await server.app.kit.settings.set('uploads.allowed_mimes', []);
    }
  });

  it('checks the quota again at claim, and a refusal removes the upload', async () => {
    const { http, user } = await signedIn();
    const result = await tusUpload(http, randomBytes(200_000), { metadata: { name: 'over.bin' } });
    await server.app.kit.settings.set('uploads.user_quota', 100_000);
    try {
      const refused = await claim(http, result.key);
      expect(refused.status).toBe(422);
      expect((refused.data as { errors: { file: string[] } }).errors.file[0]).toMatch(/storage space/);
      expect(await traces(result.key)).toEqual([]);
      expect(await server.app.kit.knex('file_entries').where({ owner_id: user.id })).toEqual([]);
    } finally {
      await server.app.kit.settings.set('uploads.user_quota', DEFAULT_USER_QUOTA);
    }
  });

  it('claims an empty upload', async () => {
    const { http } = await signedIn();
    const created = await http.request('POST', '/api/v1/tus/upload', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '0',
        'Upload-Metadata': `name ${Buffer.from('empty.txt').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const key = created.headers.get('location')!.split('/').pop()!;
    const claimed = await claim(http, key);
    expect(claimed.status).toBe(201);
    expect((claimed.data as { fileEntry: Entry }).fileEntry).toMatchObject({ size: 0, name: 'empty.txt' });
    expect(await traces(key)).toEqual([tusIdOf(key)]);
    expect(await multipartUploads()).not.toContain(tusIdOf(key));
  });

  it('removes a terminated upload (tus DELETE): its parts, tail and bookkeeping', async () => {
    const { http } = await signedIn();
    let chunks = 0;
    const partial = await tusUpload(http, randomBytes(12 * MIB), {
      chunkSize: CHUNK,
      metadata: { name: 'dropped.bin' },
      onChunk: () => ++chunks === 2,
    });
    expect(await partsOf(partial.key)).toHaveLength(1);
    expect(await traces(partial.key)).toEqual([`tus/${partial.key}.info`, `tus/${partial.key}.part`]);
    const deleted = await http.request('DELETE', partial.url, { headers: { 'Tus-Resumable': '1.0.0' } });
    expect(deleted.status).toBe(204);
    expect(await traces(partial.key)).toEqual([]);
    expect(await multipartUploads()).not.toContain(tusIdOf(partial.key));
    expect((await head(http, partial.url)).status).toBe(404);
  });

  it('sweeps expired uploads out of the bucket, finished or not, and keeps claimed files', async () => {
    const { http } = await signedIn();
    let chunks = 0;
    const partial = await tusUpload(http, randomBytes(12 * MIB), {
      chunkSize: CHUNK,
      metadata: { name: 'left.bin' },
      onChunk: () => ++chunks === 2,
    });
    const unclaimed = await tusUpload(http, randomBytes(1000), { metadata: { name: 'forgotten.bin' } });
    const saved = await tusUpload(http, randomBytes(1000), { metadata: { name: 'saved.bin' } });
    const record = await client.send(
      new GetObjectCommand({ Bucket: bucket(), Key: `tus/${saved.key}.info` }),
    );
    const recordBody = Buffer.from(await record.Body!.transformToByteArray());
    const entry = ((await claim(http, saved.key)).data as { fileEntry: Entry }).fileEntry;
    // As if the process died between saving the entry and dropping the upload's record.
    await client.send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: `tus/${saved.key}.info`,
        Body: recordBody,
        Metadata: record.Metadata,
      }),
    );
    expect(await multipartUploads()).toContain(tusIdOf(partial.key));
    expect(await traces(partial.key)).toEqual([`tus/${partial.key}.info`, `tus/${partial.key}.part`]);
    expect(await traces(unclaimed.key)).toEqual([`tus/${unclaimed.key}.info`, tusIdOf(unclaimed.key)]);

    // Nothing is old enough yet.
    expect(await uploads.runtime!.cleanup()).toBe(0);
    offset += EXPIRATION / 2;
    const keep = await tusUpload(http, randomBytes(1000), { metadata: { name: 'keep.bin' } });
    offset += EXPIRATION / 2 + 1000;
    try {
      expect(await uploads.runtime!.cleanup()).toBeGreaterThanOrEqual(2);
      expect(await traces(partial.key)).toEqual([]);
      expect(await multipartUploads()).not.toContain(tusIdOf(partial.key));
      expect(await traces(unclaimed.key)).toEqual([]);
      expect(await traces(keep.key)).toEqual([`tus/${keep.key}.info`, tusIdOf(keep.key)]);
      expect((await head(http, partial.url)).status).toBe(404);
      // The claimed file is an entry's, not an upload's: the sweep drops the stale record and leaves the object.
      expect(await traces(saved.key)).toEqual([`uploads/${entry.file_name}`]);
      expect((await download(http, entry.url)).length).toBe(1000);
    } finally {
      offset = 0;
    }
  });
});
