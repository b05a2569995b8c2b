import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { tempDir } from './databases';

/** A running S3-compatible server on loopback, as `S3StorageOptions` wants it. */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where s3rver keeps the bucket's objects on disk (to check nothing is left behind). */
  directory: string;
  close(): Promise<void>;
}

/** The parts of s3rver's Koa context the shim below reads and writes. */
interface S3rverContext {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
  params?: Record<string, string>;
  status: number;
  body: unknown;
}
type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<unknown>) => Promise<unknown>;
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** Koa's middleware list; the router (with s3rver's signature check) is the last entry. */
  middleware: S3rverMiddleware[];
  store: {
    getBucket(name: string): Promise<unknown>;
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Record<string, string>>;
  };
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string>) => Error;

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Fills calls s3rver 3.7.1 lacks, which @tus/s3-store and multipart resumes need: ListParts
 * (`GET /bucket/key?uploadId`), AbortMultipartUpload (`DELETE /bucket/key?uploadId`) and ListMultipartUploads
 * (`GET /bucket?uploads`). It reads s3rver's own state on disk: a multipart upload is the directory
 * `{bucket}/._S3rver_uploads/{uploadId}/` holding `key`, `metadata` (the request headers), and per part a file
 * named by its number plus `{number}.md5` (written once the part is complete). Requests go through s3rver's
 * signature check first; answers are S3's XML (s3rver's own encoder turns the plain objects into XML).
 */
function multipartShim(s3rver: S3rverInstance, load: NodeJS.Require): S3rverMiddleware {
  const authenticate = (load('s3rver/lib/middleware/authentication.js') as () => S3rverMiddleware)();
  const S3Error = load('s3rver/lib/models/error.js') as S3ErrorClass;
  const noSuchUpload = (uploadId: string) =>
    new S3Error(
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      { UploadId: uploadId },
    );
  const uploadsDir = (bucket: string) => s3rver.store.getResourcePath(bucket, undefined, 'uploads');
  /** The upload's directory, if the upload exists and belongs to `key`. */
  const uploadDir = async (bucket: string, key: string, uploadId: string) => {
    const dir = path.join(uploadsDir(bucket), path.basename(uploadId));
    const recorded = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (!uploadId || recorded !== key) throw noSuchUpload(uploadId);
    return dir;
  };

  const listParts = async (ctx: S3rverContext, bucket: string, key: string) => {
    const uploadId = first(ctx.query.uploadId) ?? '';
    const dir = await uploadDir(bucket, key, uploadId);
    const marker = Number(first(ctx.query['part-number-marker']) ?? 0) || 0;
    const maxParts = Math.min(Number(first(ctx.query['max-parts']) ?? 1000) || 1000, 1000);
    const numbers = (await readdir(dir))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((number) => number > marker)
      .sort((a, b) => a - b);
    const page = numbers.slice(0, maxParts);
    const parts = (
      await Promise.all(
        page.map(async (number) => {
          // A part without its .md5 is still being written: S3 does not list it either.
          const md5 = await readFile(path.join(dir, `${number}.md5`), 'utf8').catch(() => null);
          if (md5 === null) return null;
          const info = await stat(path.join(dir, String(number)));
          return {
            PartNumber: number,
            LastModified: info.mtime.toISOString(),
            ETag: `"${md5}"`,
            Size: info.size,
          };
        }),
      )
    ).filter((part) => part !== null);
    ctx.body = {
      ListPartsResult: {
        '@': { xmlns: XMLNS },
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        StorageClass: 'STANDARD',
        PartNumberMarker: marker,
        NextPartNumberMarker: page.at(-1) ?? marker,
        MaxParts: maxParts,
        IsTruncated: numbers.length > page.length,
        Part: parts,
      },
    };
  };

  const abort = async (ctx: S3rverContext, bucket: string, key: string) => {
    await rm(await uploadDir(bucket, key, first(ctx.query.uploadId) ?? ''), { recursive: true, force: true });
    ctx.status = 204;
  };

  const listUploads = async (ctx: S3rverContext, bucket: string) => {
    const prefix = first(ctx.query.prefix) ?? '';
    const keyMarker = first(ctx.query['key-marker']) ?? '';
    const idMarker = first(ctx.query['upload-id-marker']) ?? '';
    const maxUploads = Math.min(Number(first(ctx.query['max-uploads']) ?? 1000) || 1000, 1000);
    const root = uploadsDir(bucket);
    const ids = await readdir(root).catch(() => [] as string[]);
    const found = await Promise.all(
      ids.map(async (id) => {
        const file = path.join(root, id, 'key');
        const key = await readFile(file, 'utf8').catch(() => null);
        return key === null ? [] : [{ key, id, initiated: (await stat(file)).mtime }];
      }),
    );
    const all = found
      .flat()
      .filter((upload) => upload.key.startsWith(prefix))
      // Past the markers: later keys, or the marker's key with later upload ids.
      .filter(
        (upload) =>
          !keyMarker ||
          upload.key > keyMarker ||
          (idMarker !== '' && upload.key === keyMarker && upload.id > idMarker),
      )
      .sort((a, b) => (a.key === b.key ? (a.id < b.id ? -1 : 1) : a.key < b.key ? -1 : 1));
    const page = all.slice(0, maxUploads);
    const last = page.at(-1);
    ctx.body = {
      ListMultipartUploadsResult: {
        '@': { xmlns: XMLNS },
        Bucket: bucket,
        KeyMarker: keyMarker,
        UploadIdMarker: idMarker,
        NextKeyMarker: last?.key ?? '',
        NextUploadIdMarker: last?.id ?? '',
        MaxUploads: maxUploads,
        IsTruncated: all.length > page.length,
        Prefix: prefix,
        Upload: page.map((upload) => ({
          Key: upload.key,
          UploadId: upload.id,
          StorageClass: 'STANDARD',
          Initiated: upload.initiated.toISOString(),
        })),
      },
    };
  };

  return async (ctx, next) => {
    const [, bucket = '', ...rest] = ctx.path.split('/');
    let key: string;
    try {
      key = decodeURIComponent(rest.join('/'));
    } catch {
      return next();
    }
    const query = ctx.query;
    let handle: ((ctx: S3rverContext, bucket: string, key: string) => Promise<void>) | undefined;
    if (bucket && key && 'uploadId' in query && ctx.method === 'GET') handle = listParts;
    else if (bucket && key && 'uploadId' in query && ctx.method === 'DELETE') handle = abort;
    else if (bucket && !key && 'uploads' in query && ctx.method === 'GET') handle = listUploads;
    if (!handle) return next();
    // s3rver's signature check rebuilds the signed resource from the route's parameters.
    ctx.params = { bucket, ...(key ? { key } : {}) };
    await authenticate(ctx, async () => {
      if (!(await s3rver.store.getBucket(bucket))) {
        throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
      }
      await handle(ctx, bucket, key);
    });
  };
}

/**
 * A bucket browsers may upload to from any origin: PUT, GET and HEAD allowed with any header, and `ETag`
 * exposed, which multipart uploads read from each part's answer.
 */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * S3 honours `If-Range` on GET and HEAD (a validator other than the object's current ETag or Last-Modified gets the
 * whole object, 200); s3rver 3.7.1 ignores it and always answers the range. This drops the range first when the
 * validator is stale, so tests of a redirect to a presigned URL see what S3 would answer.
 */
function ifRangeShim(s3rver: S3rverInstance): S3rverMiddleware {
  return async (ctx, next) => {
    const ifRange = first(ctx.headers['if-range']);
    const [, bucket, ...rest] = ctx.path.split('/');
    if (
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      ifRange &&
      ctx.headers.range &&
      bucket &&
      rest.length
    ) {
      const metadata = await s3rver.store
        .getMetadata(bucket, rest.map(decodeURIComponent).join('/'))
        .catch(() => null);
      // A missing object is left to s3rver's own NoSuchKey.
      if (metadata) {
        const fresh =
          ifRange.startsWith('"') || ifRange.startsWith('W/')
            ? ifRange === metadata.etag
            : Date.parse(ifRange) === Date.parse(metadata['last-modified'] ?? '');
        if (!fresh) delete ctx.headers.range;
      }
    }
    return next();
  };
}

/**
 * Starts s3rver (an S3 implementation on local disk) on a free loopback port with one CORS-enabled bucket, plus
 * the multipart calls it lacks (ListParts, AbortMultipartUpload, ListMultipartUploads; see `multipartShim`) and S3's
 * `If-Range` (see `ifRangeShim`).
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const load = createRequire(import.meta.url);
  const S3rver = load('s3rver') as S3rverClass;
  const bucket = options.bucket ?? 'backline-test';
  const { dir, cleanup } = tempDir('backline-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    // Path-style URLs only (`http://127.0.0.1:port/bucket/key`).
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  // Before the router, which holds s3rver's signature check and answers these calls with 405 / 501.
  server.middleware.splice(server.middleware.length - 1, 0, multipartShim(server, load), ifRangeShim(server));
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's built-in account; it accepts any SigV4 signature made with this key id.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    directory: dir,
    async close() {
      await server.close();
      cleanup();
    },
  };
}

/**
 * An AWS SDK client for a test server, as the tests' own checks use it (listing the bucket, reading objects,
 * driving multipart calls). Checksums only where S3 requires them: s3rver 3.7.1 neither checks the SDK's
 * default CRC32 trailers nor answers with them. `accessKeyId` overrides the key, to test a refused one.
 */
export function s3TestClient(s3: S3TestServer, options: { accessKeyId?: string } = {}): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: options.accessKeyId ?? s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
}
