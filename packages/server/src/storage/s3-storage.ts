import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { TusS3Store } from './s3-resumable-store';
import {
  assertSafeKey,
  type MultipartUploads,
  type S3StorageOptions,
  type Storage,
  type StorageCapabilities,
  type StoredPart,
} from './storage';

/** Parts of streamed writes of unknown length; S3 needs at least 5 MiB per part but the last. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * An S3-compatible bucket (AWS, R2, MinIO, s3rver). Besides storing keys it reads ranges, takes direct uploads
 * from browsers (presigned PUTs and multipart uploads) and keeps resumable uploads in the bucket itself.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly capabilities: StorageCapabilities;
  readonly client: S3Client;
  readonly bucket: string;
  /** How `client` is configured, for other clients of the same bucket (tus' S3 store makes its own). */
  readonly clientConfig: S3ClientConfig;

  constructor(readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.clientConfig = {
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      // Streamed bodies otherwise go out aws-chunked with trailing checksums, which many S3-compatible
      // stores (s3rver, older MinIO) store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    };
    this.client = new S3Client(this.clientConfig);
    this.capabilities = {
      rangeReads: true,
      directUploads: {
        origin: this.origin,
        presignPut: async (key, { mime, expiresIn, size }) => {
          assertSafeKey(key);
          // `content-length` joins the signed headers: S3 refuses a PUT of any other length (the browser sets the
          // header from the body itself, so it is not among the headers answered below).
          const url = await getSignedUrl(
            this.client,
            new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: mime, ContentLength: size }),
            { expiresIn },
          );
          // The PUT must send the type that was signed.
          return { url, headers: { 'Content-Type': mime } };
        },
        multipart: this.multipart,
      },
      signedReads: {
        presignGet: async (key, { expiresIn, mime }) => {
          assertSafeKey(key);
          return getSignedUrl(
            this.client,
            new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentType: mime }),
            { expiresIn },
          );
        },
      },
      resumableStore: (options) => new TusS3Store(this, options),
    };
  }

  /** S3 multipart uploads for browsers: parts go to presigned URLs, the server creates, lists and completes. */
  private readonly multipart: MultipartUploads = {
    create: async (key, { mime }) => {
      assertSafeKey(key);
      const { UploadId } = await this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: mime }),
      );
      if (!UploadId) throw new Error('The bucket answered no upload id.');
      return UploadId;
    },
    listParts: async (key, uploadId) => {
      assertSafeKey(key);
      const parts: StoredPart[] = [];
      let marker: string | undefined;
      try {
        do {
          const answer = await this.client.send(
            new ListPartsCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId: uploadId,
              PartNumberMarker: marker,
            }),
          );
          for (const part of answer.Parts ?? [])
            parts.push({ partNumber: part.PartNumber!, etag: part.ETag!, size: part.Size ?? 0 });
          marker = answer.IsTruncated ? answer.NextPartNumberMarker : undefined;
        } while (marker);
      } catch (error) {
        // A store without ListParts answers 405 or 501: the browser then uploads every part again. (The test
        // harness fills ListParts into s3rver, so resuming from the listing is tested.)
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 405 || status === 501) return null;
        throw error;
      }
      return parts;
    },
    signPart: (key, uploadId, partNumber, { expiresIn }) => {
      assertSafeKey(key);
      return getSignedUrl(
        this.client,
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn },
      );
    },
    complete: async (key, uploadId, parts) => {
      assertSafeKey(key);
      const answer = await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
          },
        }),
      );
      return { location: answer.Location };
    },
    abort: async (key, uploadId) => {
      assertSafeKey(key);
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
        .catch((error: unknown) => {
          const name = (error as { name?: string }).name;
          const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          if (name === 'NoSuchUpload' || status === 404) return;
          throw error;
        });
    },
  };

  /** The origin browsers PUT to with presigned URLs (for the page's `connect-src`). */
  get origin(): string {
    if (this.options.endpoint) return new URL(this.options.endpoint).origin;
    return `https://${this.bucket}.s3.${this.options.region ?? 'us-east-1'}.amazonaws.com`;
  }

  async write(
    key: string,
    body: Readable | Buffer,
    options: { mime: string; size?: number },
  ): Promise<{ size: number }> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body) || options.size !== undefined) {
      const size = Buffer.isBuffer(body) ? body.length : options.size!;
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: options.mime,
          ContentLength: size,
        }),
      );
      return { size };
    }
    return this.writeMultipart(key, body, options.mime);
  }

  /** Unknown length: upload 8 MiB parts one at a time, so at most one part is held in memory. */
  private async writeMultipart(key: string, body: Readable, mime: string): Promise<{ size: number }> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: mime }),
    );
    const parts: { PartNumber: number; ETag: string }[] = [];
    let size = 0;
    try {
      let pending: Buffer[] = [];
      let pendingSize = 0;
      const flush = async () => {
        const PartNumber = parts.length + 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId,
            PartNumber,
            Body: Buffer.concat(pending),
          }),
        );
        parts.push({ PartNumber, ETag: ETag! });
        pending = [];
        pendingSize = 0;
      };
      for await (const chunk of body as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingSize += chunk.length;
        size += chunk.length;
        if (pendingSize >= PART_SIZE) await flush();
      }
      if (pendingSize > 0 || parts.length === 0) await flush();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => {});
      throw error;
    }
    return { size };
  }

  async writeFile(key: string, filePath: string, options: { mime: string }): Promise<{ size: number }> {
    const { size } = await stat(filePath);
    await this.write(key, createReadStream(filePath, { highWaterMark: 1 << 20 }), {
      mime: options.mime,
      size,
    });
    await unlink(filePath);
    return { size };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertSafeKey(key);
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return answer.Body as Readable;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey')
        return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) assertSafeKey(key);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (!batch.length) continue;
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }
}
