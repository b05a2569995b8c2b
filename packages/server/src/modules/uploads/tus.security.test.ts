import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import {
  type HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
  tusUpload,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from './index';
import { TOO_MANY_UPLOADS_MESSAGE } from './tus';

const PASSWORD = 'turing-bombe-1940';
const EXPIRATION = 60 * 60 * 1000;
/** Bytes each upload declares in these tests; the quota is counted in them. */
const DECLARED = 1000;
const MAX_IN_PROGRESS = 12;

describe.each(testDatabases())('tus quota and uploads in progress on $name', (database) => {
  let server: RunningServer;
  let offset = 0;
  const uploads = uploadsModule({
    cleanupIntervalMs: 0,
    expirationMs: EXPIRATION,
    maxUploadsInProgress: MAX_IN_PROGRESS,
  });
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts(), uploads],
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(() => server?.close());

  let count = 0;
  const signedIn = () =>
    signedInUser(server, { email: `tus-quota${++count}@example.com`, password: PASSWORD });
  /** Creates an upload with raw tus HTTP, declaring its length and sending no byte. */
  const create = (http: HttpSession, length = DECLARED) =>
    http.request('POST', '/api/v1/tus/upload', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(length),
        'Upload-Metadata': `name ${Buffer.from('big.bin').toString('base64')}`,
      },
    });
  const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status);
  const withQuota = async (bytes: number | null, run: () => Promise<void>) => {
    await server.app.kit.settings.set('uploads.user_quota', bytes);
    try {
      await run();
    } finally {
      await server.app.kit.settings.set('uploads.user_quota', 10 * 1024 * 1024 * 1024);
    }
  };

  it('counts the declared lengths of uploads in progress against the quota, even sent in parallel', async () => {
    await withQuota(10 * DECLARED, async () => {
      const { http } = await signedIn();
      // The audit declared 15 uploads of 1 GiB against a 10 GiB quota and saw all 15 accepted.
      const answers = await Promise.all(Array.from({ length: 15 }, () => create(http)));
      expect(statuses(answers).filter((status) => status === 201)).toHaveLength(10);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(statuses(refused)).toEqual(Array(5).fill(422));
      expect(refused[0]!.data).toEqual({
        message: expect.stringMatching(/^You have used all of your/),
        errors: { file: [expect.stringMatching(/^You have used all of your/)] },
      });
      // Cancelling one (tus termination) gives its bytes back.
      const location = answers.find((answer) => answer.status === 201)!.headers.get('location')!;
      const cancelled = await http.request('DELETE', location, { headers: { 'Tus-Resumable': '1.0.0' } });
      expect(cancelled.status).toBe(204);
      await expect.poll(async () => (await create(http)).status).toBe(201);
      expect((await create(http)).status).toBe(422);
    });
  });

  it('frees the reservation once the upload becomes a file entry, counting the entry instead', async () => {
    await withQuota(2 * DECLARED, async () => {
      const { http } = await signedIn();
      const done = await tusUpload(http, randomBytes(DECLARED), { metadata: { name: 'done.bin' } });
      const pending = await create(http);
      expect(pending.status).toBe(201);
      expect((await create(http)).status).toBe(422);
      expect((await http.post('/api/v1/tus/entries', { uploadKey: done.key })).status).toBe(201);
      const location = pending.headers.get('location')!;
      expect((await http.request('DELETE', location, { headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(
        204,
      );
      // The claimed file counts once, as a stored file: its reservation went with the claim.
      await expect.poll(async () => (await create(http)).status).toBe(201);
      expect((await create(http)).status).toBe(422);
    });
  });

  it(`caps a user at ${MAX_IN_PROGRESS} uploads in progress, whatever their size; expired ones stop counting`, async () => {
    await withQuota(null, async () => {
      const { http } = await signedIn();
      const answers = await Promise.all(Array.from({ length: MAX_IN_PROGRESS + 3 }, () => create(http, 1)));
      expect(statuses(answers).filter((status) => status === 201)).toHaveLength(MAX_IN_PROGRESS);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused.map((answer) => answer.data)).toEqual(
        Array(3).fill({ message: TOO_MANY_UPLOADS_MESSAGE, errors: { file: [TOO_MANY_UPLOADS_MESSAGE] } }),
      );
      // Another user is not held back by this one.
      expect((await create((await signedIn()).http, 1)).status).toBe(201);
      offset += EXPIRATION + 1000;
      try {
        await uploads.runtime!.cleanup();
        expect((await create(http, 1)).status).toBe(201);
      } finally {
        offset = 0;
      }
    });
  });

  it('keeps no upload and no reservation when a creation fails after reserving (a body over the declared length)', async () => {
    const { http, user } = await signedIn();
    const files = () => readdirSync(uploads.runtime!.tus.directory!);
    const before = files();
    const answer = await http.request('POST', '/api/v1/tus/upload', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '10',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(5000, 1),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await server.app.kit.knex('tus_uploads').where({ owner_id: user.id })).toEqual([]);
    expect(files().filter((name) => !before.includes(name))).toEqual([]);
  });
});
