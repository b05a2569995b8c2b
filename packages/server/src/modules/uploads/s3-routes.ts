import { randomUUID } from 'node:crypto';
import { uploads } from '@backline/core/contract';
import { HttpError, ValidationError } from '../../http/errors';
import type { BacklineRouter } from '../../http/routes';
import type { Kit } from '../../kit';
import type { DirectUploads, MultipartUploads } from '../../storage/storage';
import { storageKey } from './file-entry-model';
import { assertAllowed, cleanFileName, effectiveRestrictions, extensionOrNull } from './restrictions';
import { claimStoredObject, quotaError, userQuota } from './store-file';
import { lockOwner, releaseReservation, reservationId, reserve } from './upload-reservations';

/** Presigned URLs live for an hour; pending keys nobody finished are cleaned up after a day. */
const URL_SECONDS = 60 * 60;
export const PENDING_UPLOAD_MS = 24 * 60 * 60 * 1000;

export interface PendingUpload {
  key: string;
  owner_id: number;
  upload_id: string | null;
  name: string;
  created_at: Date;
}

/** The storage's direct uploads; a storage without them answers 404, as if the routes were not there. */
function direct(kit: Kit): DirectUploads {
  const capability = kit.storage.capabilities.directUploads;
  if (!capability) throw new HttpError(404, 'This storage takes no direct uploads.');
  return capability;
}

/** The storage's multipart uploads; 404 when it takes only single PUTs (or no direct uploads at all). */
function multipart(kit: Kit): MultipartUploads {
  const capability = direct(kit).multipart;
  if (!capability) throw new HttpError(404, 'This storage takes no multipart uploads.');
  return capability;
}

/** Checks a declared upload against the rules before any URL is signed; the quota is `reserveKey`'s. */
async function checkDeclared(
  kit: Kit,
  file: { name: string; mime: string; size: number; extension?: string },
) {
  const name = cleanFileName(file.name);
  const rules = await effectiveRestrictions(kit);
  assertAllowed(rules, {
    name,
    size: file.size,
    mime: file.mime,
    extensions: [extensionOrNull(name), file.extension ?? null],
  });
  return name;
}

/**
 * Records a new direct upload's key with its owner (so only they can finish it) and reserves its declared size
 * against their quota, in one transaction under a lock on the user's row: stored files, their tus, form and
 * other direct uploads in flight all count, so presigning many uploads at once cannot overrun the quota. The
 * reservation ends when the upload becomes an entry (in the entry's transaction), is aborted, refused or swept.
 */
async function reserveKey(
  kit: Kit,
  values: { key: string; ownerId: number; name: string; size: number; uploadId: string | null },
): Promise<void> {
  const quota = await userQuota(kit);
  const now = kit.now();
  await kit.knex.transaction(async (trx) => {
    if (!(await lockOwner(trx, values.ownerId))) throw new HttpError(401, 'Unauthenticated.');
    await reserve(
      trx,
      {
        id: reservationId('direct', values.key),
        ownerId: values.ownerId,
        size: values.size,
        now,
        ttlMs: PENDING_UPLOAD_MS,
        quota,
      },
      () => quotaError(quota ?? 0),
    );
    await trx('file_upload_keys').insert({
      key: values.key,
      owner_id: values.ownerId,
      upload_id: values.uploadId,
      name: values.name,
      created_at: now,
    });
  });
}

/** The caller's pending upload for a key (and upload id): another user's key answers 404. */
async function pending(kit: Kit, ownerId: number, key: string, uploadId?: string): Promise<PendingUpload> {
  const row: PendingUpload | undefined = await kit.knex('file_upload_keys').where({ key }).first();
  if (!row || row.owner_id !== ownerId || (uploadId !== undefined && row.upload_id !== uploadId)) {
    throw new HttpError(404, 'Not found.');
  }
  return row;
}

/** Removes a pending upload's object, multipart upload, row and reservation. */
export async function discardPending(kit: Kit, row: PendingUpload): Promise<void> {
  const parts = kit.storage.capabilities.directUploads?.multipart;
  if (parts && row.upload_id) await parts.abort(row.key, row.upload_id).catch(() => {});
  await kit.storage.delete([row.key]).catch(() => {});
  await kit.knex('file_upload_keys').where({ key: row.key }).delete();
  await releaseReservation(kit.knex, reservationId('direct', row.key));
}

/**
 * A single presigned PUT nobody turned into an entry is discarded this long after its presign: its URL is dead
 * after an hour and a finished PUT is claimed at once, while its reservation (which only a discard ends: a single
 * PUT has no abort route) would otherwise hold a cancelled upload's bytes for the whole day multipart uploads get.
 */
export const SINGLE_PUT_PENDING_MS = 2 * URL_SECONDS * 1000;

/**
 * Discards pending direct uploads older than `maxAgeMs` (`PENDING_UPLOAD_MS` by default), and single presigned PUTs
 * older than `SINGLE_PUT_PENDING_MS`: object, multipart upload, row and reservation alike.
 */
export async function cleanupPending(kit: Kit, maxAgeMs = PENDING_UPLOAD_MS): Promise<number> {
  const now = kit.now().getTime();
  const single = new Date(now - Math.min(maxAgeMs, SINGLE_PUT_PENDING_MS));
  const rows: PendingUpload[] = await kit
    .knex('file_upload_keys')
    .where('created_at', '<', new Date(now - maxAgeMs))
    .orWhere((query) => query.whereNull('upload_id').where('created_at', '<', single));
  for (const row of rows) await discardPending(kit, row);
  return rows.length;
}

/**
 * The direct-upload endpoints: presigned PUT, multipart (create, parts, sign, complete, abort) and entries.
 * They work with any storage that advertises `directUploads`; the paths keep their `s3/` names, which clients
 * know them by.
 */
export function s3Routes(router: BacklineRouter): void {
  router.route(uploads.s3Presign).handle(async ({ ctx, kit, body }) => {
    const storage = direct(kit);
    const ownerId = ctx.state.user!.id;
    const name = await checkDeclared(kit, { name: body.filename, ...body });
    const key = storageKey(randomUUID());
    await reserveKey(kit, { key, ownerId, name, size: body.size, uploadId: null });
    // Signed for the declared (and reserved) size only, so the PUT cannot carry more than the quota let in.
    const { url, headers } = await storage.presignPut(key, {
      mime: body.mime,
      expiresIn: URL_SECONDS,
      size: body.size,
    });
    return { url, key, headers };
  });

  router.route(uploads.s3MultipartCreate).handle(async ({ ctx, kit, body }) => {
    const parts = multipart(kit);
    const ownerId = ctx.state.user!.id;
    const name = await checkDeclared(kit, { name: body.filename, ...body });
    const key = storageKey(randomUUID());
    // Reserved before the storage is asked, so a refused upload never opens a multipart upload.
    await reserveKey(kit, { key, ownerId, name, size: body.size, uploadId: null });
    try {
      const uploadId = await parts.create(key, { mime: body.mime });
      await kit.knex('file_upload_keys').where({ key }).update({ upload_id: uploadId });
      return { uploadId, key };
    } catch (error) {
      await kit.knex('file_upload_keys').where({ key }).delete();
      await releaseReservation(kit.knex, reservationId('direct', key));
      throw error;
    }
  });

  router.route(uploads.s3MultipartParts).handle(async ({ ctx, kit, body }) => {
    const parts = multipart(kit);
    await pending(kit, ctx.state.user!.id, body.key, body.uploadId);
    // A storage that cannot list parts answers none: the client then uploads every part again.
    const listed = (await parts.listParts(body.key, body.uploadId)) ?? [];
    return {
      parts: listed.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag, Size: part.size })),
    };
  });

  router.route(uploads.s3MultipartSignParts).handle(async ({ ctx, kit, body }) => {
    const parts = multipart(kit);
    await pending(kit, ctx.state.user!.id, body.key, body.uploadId);
    const urls = await Promise.all(
      body.partNumbers.map(async (partNumber) => ({
        partNumber,
        url: await parts.signPart(body.key, body.uploadId, partNumber, { expiresIn: URL_SECONDS }),
      })),
    );
    return { urls };
  });

  router.route(uploads.s3MultipartComplete).handle(async ({ ctx, kit, body }) => {
    const parts = multipart(kit);
    await pending(kit, ctx.state.user!.id, body.key, body.uploadId);
    const answer = await parts
      .complete(
        body.key,
        body.uploadId,
        body.parts.map((part) => ({ partNumber: part.PartNumber, etag: part.ETag })),
      )
      .catch((error: Error) => {
        throw new ValidationError({ parts: [`The upload could not be completed: ${error.name}.`] });
      });
    return { location: answer.location ?? body.key };
  });

  router.route(uploads.s3MultipartAbort).handle(async ({ ctx, kit, body }) => {
    multipart(kit);
    await discardPending(kit, await pending(kit, ctx.state.user!.id, body.key, body.uploadId));
    return {};
  });

  router.route(uploads.s3Entries).handle(async ({ ctx, kit, body }) => {
    direct(kit);
    const ownerId = ctx.state.user!.id;
    const row = await pending(kit, ownerId, body.filename);
    const stat = await kit.storage.stat(row.key);
    if (!stat) throw new ValidationError({ file: ['The upload is not finished.'] });
    try {
      const parentId = Number((body.metadata as { parentId?: unknown } | undefined)?.parentId);
      // The bytes in the storage decide: the real size and the sniffed type, not what the client declared.
      const fileEntry = await claimStoredObject(kit, {
        ownerId,
        fileName: row.key.slice('uploads/'.length),
        size: stat.size,
        name: body.clientName ?? row.name,
        parentId: Number.isSafeInteger(parentId) && parentId > 0 ? parentId : null,
        reservation: reservationId('direct', row.key),
      });
      await kit.knex('file_upload_keys').where({ key: row.key }).delete();
      return { fileEntry };
    } catch (error) {
      await discardPending(kit, row);
      throw error;
    }
  });
}
