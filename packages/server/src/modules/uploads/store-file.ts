import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_ID } from '@backline/core/contract';
import type { Knex } from 'knex';
import { HttpError, ValidationError } from '../../http/errors';
import type { Kit } from '../../kit';
import { FileEntry, type FileEntryRecord, serializeFileEntry, storageKey } from './file-entry-model';
import {
  assertAllowed,
  cleanFileName,
  DEFAULT_USER_QUOTA,
  effectiveRestrictions,
  extensionOrNull,
  formatBytes,
  type UploadRestrictions,
} from './restrictions';
import { readHead, SNIFF_BYTES, sniffType } from './sniff';
import { committedBytes, lockOwner } from './upload-reservations';

/** What `storeUploadedFile` needs: a finished temp file on local disk and who uploaded it. */
export interface StoreUploadedFileInput {
  ownerId: number;
  /** A temporary file on local disk; it is moved into storage (or removed on failure). */
  path: string;
  /** The client's file name (cleaned here). */
  name: string;
  /** The client's declared type: a hint only, the bytes decide. */
  mime?: string;
  parentId?: number | null;
  restrictions?: UploadRestrictions;
  /** The upload's reservation (`upload_reservations`): not counted against its own entry, and ended with it. */
  reservation?: string;
}

/**
 * A scratch directory for uploads in flight. When the storage keeps its files on this file system
 * (`capabilities.localDirectory`) it sits inside that directory (`.tmp`, a name no key can take), so finished
 * files are renamed into place instead of copied.
 */
export async function uploadTempDir(kit: Kit): Promise<string> {
  const local = kit.storage.capabilities.localDirectory;
  const root = local ? path.join(local, '.tmp') : path.join(tmpdir(), 'backline-uploads');
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, 'up-'));
}

/** The user's quota in bytes (`uploads.user_quota`), or null for unlimited. */
export async function userQuota(kit: Kit): Promise<number | null> {
  const value = await kit.settings.get<number | null>('uploads.user_quota', DEFAULT_USER_QUOTA);
  return typeof value === 'number' && value > 0 ? value : null;
}

/** The 422 for a full quota. */
export function quotaError(quota: number): ValidationError {
  return new ValidationError({ file: [`You have used all of your ${formatBytes(quota)} of storage space.`] });
}

/** Checks the parent folder belongs to the owner; returns its path. */
async function parentPath(
  knex: Knex,
  ownerId: number,
  parentId: number | null | undefined,
): Promise<string | null> {
  if (parentId === null || parentId === undefined) return null;
  // Ids beyond the key column's range (or not ids at all) cannot exist; the database would fail on them.
  if (!Number.isSafeInteger(parentId) || parentId < 1 || parentId > MAX_ID)
    throw new ValidationError({ parentId: ['The selected parent is invalid.'] });
  const parent = await FileEntry.query(knex).findById(parentId).whereNull('deleted_at');
  if (!parent || parent.owner_id !== ownerId)
    throw new ValidationError({ parentId: ['The selected parent is invalid.'] });
  return parent.path;
}

/**
 * Inserts an entry for bytes already in storage, inside a transaction that locks the owner's user row, so
 * parallel uploads of one user are counted one after another and the quota holds under concurrency. The quota
 * counts stored files and every other upload's reservation (bytes promised to uploads in flight on any path), so
 * a file cannot take bytes a tus or direct upload was promised; the upload's own reservation is deleted in the
 * same transaction, so its bytes never count twice nor go uncounted. On any failure the stored bytes are
 * deleted: a failed upload leaves no row and no file.
 */
export async function insertEntry(
  kit: Kit,
  values: {
    ownerId: number;
    name: string;
    fileName: string;
    mime: string;
    extension: string | null;
    size: number;
    parentId?: number | null;
    reservation?: string;
  },
): Promise<FileEntryRecord> {
  try {
    // Read before the transaction: settings may query, and PGlite has one connection.
    const quota = await userQuota(kit);
    const entry = await kit.knex.transaction(async (trx) => {
      if (!(await lockOwner(trx, values.ownerId))) throw new HttpError(401, 'Unauthenticated.');
      const now = kit.now();
      if (
        quota !== null &&
        (await committedBytes(trx, values.ownerId, now, values.reservation)) + values.size > quota
      )
        throw quotaError(quota);
      const parent = await parentPath(trx, values.ownerId, values.parentId);
      const inserted = await FileEntry.query(trx).insertAndFetch({
        name: values.name,
        file_name: values.fileName,
        mime: values.mime,
        extension: values.extension,
        size: values.size,
        disk: kit.storage.driver,
        path: '',
        parent_id: values.parentId ?? null,
        owner_id: values.ownerId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      const entryPath = parent ? `${parent}/${inserted.id}` : String(inserted.id);
      await FileEntry.query(trx).findById(inserted.id).patch({ path: entryPath });
      inserted.path = entryPath;
      if (values.reservation) await trx('upload_reservations').where({ id: values.reservation }).delete();
      return inserted;
    });
    return serializeFileEntry(entry);
  } catch (error) {
    await kit.storage.delete([storageKey(values.fileName)]).catch(() => {});
    throw error;
  }
}

/**
 * Turns a finished temp file into a file entry: sniffs the type from the bytes, checks the size and type
 * rules (settings plus `restrictions`) and the owner's quota, moves the bytes into storage under a
 * server-generated key and inserts the row. Throws a 422 with `errors.file` on a rule failure; the temp file
 * is gone afterwards either way.
 */
export async function storeUploadedFile(kit: Kit, input: StoreUploadedFileInput): Promise<FileEntryRecord> {
  try {
    const name = cleanFileName(input.name);
    const declaredExt = extensionOrNull(name);
    const { size } = await stat(input.path);
    const rules = await effectiveRestrictions(kit, input.restrictions);
    const sniffed = await sniffType(await readHead(input.path), declaredExt);
    assertAllowed(rules, { name, size, mime: sniffed.mime, extensions: [declaredExt, sniffed.ext] });
    // An early refusal before the bytes are moved; the insert checks again under the user's row lock.
    const quota = await userQuota(kit);
    if (
      quota !== null &&
      (await committedBytes(kit.knex, input.ownerId, kit.now(), input.reservation)) + size > quota
    )
      throw quotaError(quota);
    const fileName = randomUUID();
    const key = storageKey(fileName);
    if (kit.storage.writeFile) await kit.storage.writeFile(key, input.path, { mime: sniffed.mime });
    else {
      const { createReadStream } = await import('node:fs');
      await kit.storage.write(key, createReadStream(input.path), { mime: sniffed.mime, size });
    }
    return await insertEntry(kit, {
      ownerId: input.ownerId,
      name,
      fileName,
      mime: sniffed.mime,
      extension: sniffed.ext ?? declaredExt,
      size,
      parentId: input.parentId,
      reservation: input.reservation,
    });
  } finally {
    await rm(input.path, { force: true });
  }
}

/** What `claimStoredObject` needs: bytes already in storage at `storageKey(fileName)` and who uploaded them. */
export interface ClaimStoredObjectInput {
  ownerId: number;
  /** The server-made name of the stored bytes; the entry's `file_name`. */
  fileName: string;
  /** The real size of the stored object. */
  size: number;
  /** The client's file name (cleaned here). */
  name: string;
  parentId?: number | null;
  restrictions?: UploadRestrictions;
  /** The upload's reservation (`upload_reservations`): not counted against its own entry, and ended with it. */
  reservation?: string;
}

/**
 * Turns bytes already in storage into a file entry where they are, without copying them: sniffs the type from a
 * ranged read of the first bytes, checks the size and type rules and the quota, and inserts the row. On any
 * refusal the stored object is deleted, so a refused upload leaves nothing behind.
 */
export async function claimStoredObject(kit: Kit, input: ClaimStoredObjectInput): Promise<FileEntryRecord> {
  const key = storageKey(input.fileName);
  try {
    const name = cleanFileName(input.name);
    const declaredExt = extensionOrNull(name);
    const rules = await effectiveRestrictions(kit, input.restrictions);
    const head = input.size ? await readStoredHead(kit, key, input.size) : Buffer.alloc(0);
    const sniffed = await sniffType(head, declaredExt);
    assertAllowed(rules, {
      name,
      size: input.size,
      mime: sniffed.mime,
      extensions: [declaredExt, sniffed.ext],
    });
    return await insertEntry(kit, {
      ownerId: input.ownerId,
      name,
      fileName: input.fileName,
      mime: sniffed.mime,
      extension: sniffed.ext ?? declaredExt,
      size: input.size,
      parentId: input.parentId,
      reservation: input.reservation,
    });
  } catch (error) {
    await kit.storage.delete([key]).catch(() => {});
    throw error;
  }
}

/**
 * The first `SNIFF_BYTES` of a stored object: a ranged read where the storage reads ranges, else the start of
 * a whole read, which stops (and closes the stream) once enough has arrived.
 */
async function readStoredHead(kit: Kit, key: string, size: number): Promise<Buffer> {
  const want = Math.min(size, SNIFF_BYTES);
  const ranged = kit.storage.capabilities.rangeReads;
  const stream = await kit.storage.read(key, ranged ? { start: 0, end: want - 1 } : undefined);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk as Buffer));
    length += (chunk as Buffer).length;
    if (length >= want) break;
  }
  // Leaving the loop early destroys the stream, so a whole-object read stops here.
  return Buffer.concat(chunks).subarray(0, want);
}
