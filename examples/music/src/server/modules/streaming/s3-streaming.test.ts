import { createHash } from 'node:crypto';
import { type RunningServer, type S3TestServer, signedInUser, startS3Server } from '@internal/testing';
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

  /** Stratus's stream URL and its stored size and bytes (read through the redirect, as a browser would). */
  async function stratus() {
    const knex = server.app.kit.knex;
    const track = await knex('music_tracks as t')
      .join('file_entries as f', 'f.id', 't.file_id')
      .where('t.name', 'Stratus')
      .first('t.id', 'f.size');
    const url = new URL(`/api/v1/tracks/${track.id}/stream`, server.url);
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(whole.length).toBe(Number(track.size));
    return { id: track.id as number, url, size: whole.length, whole };
  }

  it('answers HEAD itself with the length and range headers and no body (a presigned GET URL refuses HEAD)', async () => {
    const { url, size } = await stratus();
    const head = await fetch(url, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    expect(head.headers.get('location')).toBeNull();
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect(head.headers.get('etag')).toMatch(/^"/);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const ranged = await fetch(url, {
      method: 'HEAD',
      headers: { Range: 'bytes=10-19' },
      redirect: 'manual',
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-length')).toBe('10');
    expect(ranged.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
  });

  it('keeps one ETag per file, answers If-None-Match with 304, and If-Range keeps or drops the range', async () => {
    const { url, size, whole } = await stratus();
    const first = await fetch(url, { headers: { Range: 'bytes=0-99' } });
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    await first.arrayBuffer();
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(lastModified).not.toBeNull();
    const again = await fetch(url, { headers: { Range: `bytes=${size - 10}-` } });
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(whole.subarray(size - 10));

    const notModified = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    await notModified.arrayBuffer();

    // If-Range: the current validator keeps the range, a stale one gets the whole file.
    const fresh = await fetch(url, { headers: { Range: 'bytes=100-199', 'If-Range': etag } });
    expect(fresh.status).toBe(206);
    expect(Buffer.from(await fresh.arrayBuffer())).toEqual(whole.subarray(100, 200));
    const stale = await fetch(url, { headers: { Range: 'bytes=100-199', 'If-Range': '"an-older-copy"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer())).toEqual(whole);
    const freshDate = await fetch(url, { headers: { Range: 'bytes=100-199', 'If-Range': lastModified } });
    expect(freshDate.status).toBe(206);
    await freshDate.arrayBuffer();
    const staleDate = await fetch(url, {
      headers: {
        Range: 'bytes=100-199',
        'If-Range': new Date(Date.parse(lastModified) - 60_000).toUTCString(),
      },
    });
    expect(staleDate.status).toBe(200);
    expect((await staleDate.arrayBuffer()).byteLength).toBe(size);
  });

  it('answers 416 for a range past the end of the file', async () => {
    const { url, size } = await stratus();
    const past = await fetch(url, { headers: { Range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    await past.arrayBuffer();
    const last = await fetch(url, { headers: { Range: `bytes=${size - 1}-` } });
    expect(last.status).toBe(206);
    expect((await last.arrayBuffer()).byteLength).toBe(1);
  });

  it('answers 403 to a role without music.play, handing out no presigned URL', async () => {
    const { id } = await stratus();
    const knex = server.app.kit.knex;
    const users = await knex('roles').where({ name: 'users' }).first('id');
    const play = await knex('permissions').where({ name: 'music.play' }).first('id');
    await knex('role_permissions').where({ role_id: users.id, permission_id: play.id }).delete();
    try {
      const { http } = await signedInUser(server, {
        email: 's3-no-play@example.com',
        password: 'password-123',
      });
      const denied = await http.get(`/api/v1/tracks/${id}/stream`);
      expect(denied.status).toBe(403);
      expect(denied.headers.get('location')).toBeNull();
    } finally {
      await knex('role_permissions').insert({
        role_id: users.id,
        permission_id: play.id,
        restrictions: '[]',
      });
    }
  });
});
