import { createHash } from 'node:crypto';
import { type RunningServer, type S3TestServer, startS3Server } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { fixtureGenerator } from '../demo-library/test-fixture';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** With S3 storage the stream route hands the browser a short-lived presigned URL; the bucket serves the ranges. */
describe('streaming from S3 (s3rver)', () => {
  let s3: S3TestServer;
  let server: RunningServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startSite({
      music: { demoLibrary: true, generate: fixtureGenerator },
      storage: {
        driver: 's3',
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('redirects to a presigned URL whose ranges stitch back into the stored file', async () => {
    const knex = server.app.kit.knex;
    const track = await knex('music_tracks as t')
      .join('file_entries as f', 'f.id', 't.file_id')
      .where('t.name', 'Stratus')
      .first('t.id', 'f.size', 'f.disk');
    expect(track.disk).toBe('s3');
    const url = new URL(`/api/v1/tracks/${track.id}/stream`, server.url);
    const redirect = await fetch(url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(redirect.headers.get('cache-control')).toBe('private, no-store');

    const whole = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(whole.length).toBe(Number(track.size));
    const size = whole.length;
    const parts: Uint8Array[] = [];
    for (let start = 0; start < size; start += 9000) {
      const end = Math.min(start + 9000, size) - 1;
      const part = await fetch(url, { headers: { Range: `bytes=${start}-${end}` } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      parts.push(new Uint8Array(await part.arrayBuffer()));
    }
    expect(sha256(Buffer.concat(parts))).toBe(sha256(whole));
    const stored = await fetch(location);
    expect(stored.headers.get('content-type')).toBe('audio/mpeg');
    await stored.arrayBuffer();
  });
});
