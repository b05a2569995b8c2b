import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, s3TestClient, startS3Server } from './s3';

const MIB = 1024 * 1024;
const md5 = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

describe('the s3rver harness fills the multipart calls s3rver 3.7.1 lacks', () => {
  let s3: S3TestServer;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3Server();
    client = s3TestClient(s3);
  });
  afterAll(() => s3?.close());

  const uploadsDir = () => path.join(s3.directory, s3.bucket, '._S3rver_uploads');
  const create = async (Key: string) =>
    (await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }))).UploadId!;
  const put = (Key: string, UploadId: string, PartNumber: number, Body: Buffer) =>
    client.send(new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId, PartNumber, Body }));

  it('lists uploaded parts with their sizes and ETags, and the upload completes from that list', async () => {
    const key = 'uploads/listed.bin';
    const uploadId = await create(key);
    const one = randomBytes(5 * MIB);
    const two = randomBytes(123_456);
    await put(key, uploadId, 1, one);
    await put(key, uploadId, 2, two);
    const listed = await client.send(
      new ListPartsCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId }),
    );
    expect(listed.Parts?.map(({ PartNumber, Size, ETag }) => ({ PartNumber, Size, ETag }))).toEqual([
      { PartNumber: 1, Size: one.length, ETag: md5(one) },
      { PartNumber: 2, Size: two.length, ETag: md5(two) },
    ]);
    expect(listed.IsTruncated).toBe(false);
    expect(listed.Parts![0]!.LastModified).toBeInstanceOf(Date);

    // Paging: one part per page, the marker continues after part 1.
    const firstPage = await client.send(
      new ListPartsCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId, MaxParts: 1 }),
    );
    expect(firstPage.Parts?.map((part) => part.PartNumber)).toEqual([1]);
    expect(firstPage.IsTruncated).toBe(true);
    const secondPage = await client.send(
      new ListPartsCommand({
        Bucket: s3.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumberMarker: firstPage.NextPartNumberMarker,
      }),
    );
    expect(secondPage.Parts?.map((part) => part.PartNumber)).toEqual([2]);

    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: s3.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: listed.Parts!.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })) },
      }),
    );
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.concat([one, two]))).toBe(
      true,
    );
    // A completed upload is gone, as on S3.
    await expect(
      client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });
  });

  it('aborts an upload: its parts are removed and it no longer answers', async () => {
    const key = 'uploads/aborted.bin';
    const uploadId = await create(key);
    await put(key, uploadId, 1, randomBytes(1000));
    await put(key, uploadId, 2, randomBytes(1000));
    expect(readdirSync(path.join(uploadsDir(), uploadId))).toEqual(expect.arrayContaining(['1', '2']));
    // Another key cannot abort it.
    await expect(
      client.send(
        new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: 'uploads/other', UploadId: uploadId }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    await client.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId }));
    expect(existsSync(path.join(uploadsDir(), uploadId))).toBe(false);
    await expect(
      client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    await expect(
      client.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });

  it('lists multipart uploads in progress, by prefix and page', async () => {
    const a = await create('tus-list/a');
    const b = await create('tus-list/b');
    await create('elsewhere/c');
    const listed = await client.send(
      new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: 'tus-list/' }),
    );
    expect(listed.Uploads?.map(({ Key, UploadId }) => ({ Key, UploadId }))).toEqual([
      { Key: 'tus-list/a', UploadId: a },
      { Key: 'tus-list/b', UploadId: b },
    ]);
    expect(listed.Uploads![0]!.Initiated).toBeInstanceOf(Date);
    expect(listed.IsTruncated).toBe(false);
    const firstPage = await client.send(
      new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: 'tus-list/', MaxUploads: 1 }),
    );
    expect(firstPage.Uploads?.map((upload) => upload.Key)).toEqual(['tus-list/a']);
    expect(firstPage.IsTruncated).toBe(true);
    const secondPage = await client.send(
      new ListMultipartUploadsCommand({
        Bucket: s3.bucket,
        Prefix: 'tus-list/',
        KeyMarker: firstPage.NextKeyMarker,
        UploadIdMarker: firstPage.NextUploadIdMarker,
      }),
    );
    expect(secondPage.Uploads?.map((upload) => upload.Key)).toEqual(['tus-list/b']);
  });

  it("keeps s3rver's authentication on the filled calls", async () => {
    const key = 'uploads/signed.bin';
    const uploadId = await create(key);
    // s3rver checks the key id of SigV4 requests (it does not recompute their signatures).
    const forged = s3TestClient(s3, { accessKeyId: 'NOT-S3RVER' });
    await expect(
      forged.send(new ListPartsCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId })),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(
      forged.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId })),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(forged.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    expect(existsSync(path.join(uploadsDir(), uploadId))).toBe(true);
    await expect(
      client.send(new ListPartsCommand({ Bucket: 'no-such-bucket', Key: key, UploadId: uploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
