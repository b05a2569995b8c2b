import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
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

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

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

/** Starts s3rver (an S3 implementation on local disk) on a free loopback port with one CORS-enabled bucket. */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
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
