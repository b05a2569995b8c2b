import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  apiPath,
  checkUpload,
  restrictionMessage,
  TUS_ENDPOINT,
  TUS_UPLOAD_KEY,
  uploads,
} from '@backline/core/contract';
import { FileStore } from '@tus/file-store';
import { EVENTS, MemoryLocker, Server } from '@tus/server';
import type { Context, Middleware } from 'koa';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { HttpError, ValidationError } from '../../http/errors';
import { type BacklineRouter, checkTokenAccess } from '../../http/routes';
import type { Kit } from '../../kit';
import type { ResumableStore, ResumableUploadInfo } from '../../storage/storage';
import { FileEntry, storageKey } from './file-entry-model';
import { cleanFileName, effectiveRestrictions, extensionOrNull, tusDisabled } from './restrictions';
import { claimStoredObject, quotaError, storeUploadedFile, userQuota } from './store-file';
import { tusFileNameOf, tusIdOf, tusKeyOf } from './tus-keys';
import { lockOwner, releaseReservation, reservationId, reserve } from './upload-reservations';

/** Where tus is mounted: the contract's `tus/upload` under the API prefix. */
export const TUS_PATH = `/${apiPath(TUS_ENDPOINT)}`;
/** Incomplete (and finished but never claimed) tus uploads are removed after this long: 24 hours. */
export const TUS_EXPIRATION_MS = 24 * 60 * 60 * 1000;
const UPLOAD_ID = TUS_UPLOAD_KEY;
/**
 * Unfinished (or finished but unclaimed) tus uploads one user may hold at once: 20. Each reserves its declared
 * length against the user's quota until it is claimed, cancelled or expires, so declaring many large uploads
 * cannot overrun the quota or fill the disk; this cap bounds the bookkeeping and the open uploads as well.
 */
export const MAX_TUS_UPLOADS_IN_PROGRESS = 20;
export const TOO_MANY_UPLOADS_MESSAGE = 'You have too many uploads in progress. Wait for one to finish.';

/**
 * @tus/server's `Locker` (any of its lockers fits), spelled out here: naming theirs would put @tus/server's
 * declarations, and through them srvx's types for Bun, Deno and Workers, into this package's public types.
 */
export interface TusLocker {
  newLock(id: string): {
    lock(signal: AbortSignal, cancelReq: () => Promise<void> | void): Promise<void>;
    unlock(): Promise<void>;
  };
}

/** How `TusUploads` stores uploads. */
export interface TusUploadsOptions {
  /**
   * The file store's directory on local disk. Unused when the storage keeps resumable uploads itself
   * (`capabilities.resumableStore`, as S3 storage does).
   */
  directory?: string;
  /** How long an upload may take, and how long a finished one waits to be claimed. */
  expirationMs?: number;
  /** Shared by every request on an upload; the default only serialises requests inside this process. */
  locker?: TusLocker;
  /** For stores in the storage that send parts (S3): every part but the last (S3: 8 MiB by default, ≥ 5 MiB). */
  partSize?: number;
  /** Uploads in progress one user may hold (`MAX_TUS_UPLOADS_IN_PROGRESS` by default). */
  maxInProgress?: number;
}

/** Who sent a request that is being handed to @tus/server (its hooks only see the raw request). */
const owners = new WeakMap<IncomingMessage, number>();

interface TusError {
  status_code: number;
  body: string;
}
const tusError = (status: number, message: string, errors?: Record<string, string[]>): TusError => ({
  status_code: status,
  body: JSON.stringify(errors ? { message, errors } : { message }),
});

/** The uploads a creation request reserved (to undo when its answer is a failure after all). */
const createdBy = new WeakMap<IncomingMessage, string>();

/** The Node request behind a request @tus/server hands its hooks. */
const nodeRequestOf = (req: unknown) =>
  (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** The owner of the request a tus hook runs for. */
function ownerOf(req: unknown): number {
  const node = nodeRequestOf(req);
  const owner = node ? owners.get(node) : undefined;
  if (!owner) throw tusError(401, 'Unauthenticated.');
  return owner;
}

/**
 * tus 1.0 uploads through @tus/server. Where uploads wait is the storage's call, read from its capabilities:
 * - a storage with `resumableStore` (S3 storage) keeps them itself. Each upload's id is the key its bytes land at
 *   (`uploads/{uuid}`); with S3 each PATCH becomes parts of a multipart upload there, so the finished object
 *   already sits where a file entry keeps its bytes: a claim sniffs its first bytes and points the entry at it,
 *   nothing is copied. The store's bookkeeping is what the expiry sweep lists.
 * - any other storage: @tus/file-store on local disk (under the storage's `localDirectory` as `.tus`, else
 *   `{dataDir}/tus`); PATCH takes the module's fast path (one Node pipe into the file); a claim moves the file
 *   into storage (a rename when the storage is on the same disk).
 *
 * Locking: @tus/server's default MemoryLocker (or `locker`). A lock only serialises requests on one upload inside
 * this process; a restart ends every request that held one. Both kinds of store derive the offset from what was
 * written (the file's size; the listed parts plus the `.part` tail), so a resumed upload after a restart reads the
 * true offset (HEAD) and carries on. Several processes serving one upload directory or bucket need a shared
 * locker (see docs/packages/uploads.md): two PATCHes on one S3 upload in two processes would number the same
 * parts twice. Claims and removals take the same lock and read the store (not a per-process cache), so an upload
 * becomes a file entry once.
 */
/**
 * @tus/server answers its own protocol failures (a missing `Tus-Resumable`, an invalid `Upload-Offset`…) in
 * plain text; every failure of the API leaves in the error shape instead, so clients read one kind of error.
 * Successful answers stream through untouched.
 */
async function inErrorShape(answer: Response): Promise<Response> {
  if (answer.status < 400) return answer;
  const text = await answer.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {}
  if (!body || typeof body !== 'object' || typeof (body as { message?: unknown }).message !== 'string')
    body = { message: text.trim() || 'The upload request is invalid.' };
  const headers = new Headers(answer.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.delete('Content-Length');
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

export class TusUploads {
  private readonly server: Server;
  /** The file store (local disk), or null when the storage keeps uploads itself. */
  private readonly fileStore: FileStore | null = null;
  /** The storage's own resumable store, or null when uploads wait on local disk. */
  private readonly inStorage: ResumableStore | null = null;
  /** Where the file store keeps uploads, or null when they wait in the storage. */
  readonly directory: string | null;
  readonly expirationMs: number;
  readonly maxInProgress: number;
  /** Shared by @tus/server, the PATCH fast path and claims, so all serialise on the same locks. */
  private readonly locker: TusLocker;
  private claiming = new Set<string>();

  constructor(
    private readonly kit: Kit,
    options: TusUploadsOptions,
  ) {
    this.expirationMs = options.expirationMs ?? TUS_EXPIRATION_MS;
    this.maxInProgress = options.maxInProgress ?? MAX_TUS_UPLOADS_IN_PROGRESS;
    this.locker = options.locker ?? new MemoryLocker();
    const expirationMs = this.expirationMs;
    const resumable = kit.storage.capabilities.resumableStore?.({
      expirationMs,
      partSize: options.partSize,
      uploadKeyOf: tusKeyOf,
      idOf: tusIdOf,
      isClaimed: async (id) =>
        Boolean(
          await FileEntry.query(kit.knex)
            .where({ file_name: tusFileNameOf(id) })
            .first(),
        ),
    });
    let datastore: FileStore;
    if (resumable) {
      this.directory = null;
      this.inStorage = resumable;
      // The storage's store is a @tus/server DataStore; the capability types it loosely (see ResumableStore).
      datastore = resumable.datastore as FileStore;
    } else {
      if (!options.directory) throw new Error('tus needs a directory for the file store.');
      this.directory = options.directory;
      datastore = this.fileStore = new FileStore({
        directory: options.directory,
        expirationPeriodInMilliseconds: expirationMs,
      });
    }
    const inStorage = this.inStorage !== null;
    this.server = new Server({
      path: TUS_PATH,
      datastore,
      locker: this.locker,
      relativeLocation: true,
      respectForwardedHeaders: false,
      // In the storage the id is the bytes' key, `uploads/{uuid}`; clients see 32 hex digits either way.
      namingFunction: () => (inStorage ? storageKey(randomUUID()) : randomBytes(16).toString('hex')),
      ...(inStorage
        ? {
            generateUrl: (_req: Request, { path: base, id }: { path: string; id: string }) =>
              `${base}/${tusKeyOf(id)}`,
            getFileIdFromRequest: (_req: Request, last?: string) =>
              last && UPLOAD_ID.test(last) ? tusIdOf(last) : undefined,
          }
        : {}),
      maxSize: async () => (await effectiveRestrictions(kit)).maxSize,
      onUploadCreate: async (req, upload) => {
        const owner = ownerOf(req);
        const meta = { ...upload.metadata };
        // Stores in object storage (@tus/s3-store) copy these onto the object; stored files keep no
        // client-chosen headers, and no store needs them.
        delete meta.contentType;
        delete meta.cacheControl;
        const name = cleanFileName(meta.name ?? meta.filename ?? 'file');
        if (upload.size === undefined) throw tusError(400, 'Upload-Length is required.');
        const rules = await effectiveRestrictions(kit);
        // The declared type is only a first check here; the bytes are sniffed again when the upload is claimed.
        const mime = (meta.mime ?? meta.filetype ?? 'application/octet-stream').toLowerCase();
        const failure = checkUpload(rules, {
          name,
          size: upload.size,
          mime,
          extensions: [extensionOrNull(name)],
        });
        if (failure) {
          const message = restrictionMessage(failure, name);
          throw tusError(422, message, { file: [message] });
        }
        await this.reserve(owner, upload.id, upload.size);
        const node = nodeRequestOf(req);
        if (node) createdBy.set(node, upload.id);
        // Every upload is bound to its owner; the metadata lives in the store (JSON file or `.info` object) and
        // survives restarts.
        return { metadata: { ...meta, name, owner_id: String(owner), created_at: kit.now().toISOString() } };
      },
    });
    // A client's DELETE (tus termination) frees the upload's place and bytes at once.
    this.server.on(EVENTS.POST_TERMINATE, (_req: unknown, _res: unknown, id: string) => {
      this.release(id).catch((error) => kit.log.warn(`Releasing a cancelled upload failed: ${error}`));
    });
  }

  /**
   * Records an upload about to be created, after checking the owner's quota against stored files plus every
   * reservation of theirs (the declared lengths of their tus uploads in progress, and their direct and form
   * uploads in flight), and the number of their tus uploads in progress. Under a lock on the user's row, so
   * parallel creations cannot all take the last bytes or the last place.
   */
  private async reserve(owner: number, id: string, size: number): Promise<void> {
    const { kit } = this;
    const quota = await userQuota(kit);
    const now = kit.now();
    const live = new Date(now.getTime() - this.expirationMs);
    await kit.knex.transaction(async (trx) => {
      if (!(await lockOwner(trx, owner))) throw tusError(401, 'Unauthenticated.');
      const pending = (await trx('tus_uploads')
        .where({ owner_id: owner })
        .where('created_at', '>', live)
        .count({ count: '*' })
        .first()) as { count: string | number } | undefined;
      if (Number(pending?.count ?? 0) >= this.maxInProgress) {
        throw tusError(422, TOO_MANY_UPLOADS_MESSAGE, { file: [TOO_MANY_UPLOADS_MESSAGE] });
      }
      const refusal = () => {
        const message = quotaError(quota ?? 0).message;
        return tusError(422, message, { file: [message] });
      };
      const values = {
        id: reservationId('tus', id),
        ownerId: owner,
        size,
        now,
        ttlMs: this.expirationMs,
        quota,
      };
      await reserve(trx, values, refusal);
      await trx('tus_uploads').insert({ id, owner_id: owner, size, created_at: now });
    });
  }

  /** Removes an upload whose creation request failed, with its reservation. */
  private async undoCreate(id: string): Promise<void> {
    if (this.inStorage) await this.inStorage.discard(id).catch(() => false);
    else await this.forget(id);
    await this.release(id);
  }

  /** Ends an upload's reservation (claimed, cancelled, removed or expired). */
  private async release(id: string): Promise<void> {
    await this.kit.knex('tus_uploads').where({ id }).delete();
    await releaseReservation(this.kit.knex, reservationId('tus', id));
  }

  /** The owner recorded on an upload (by its key), or null when there is no such upload. */
  private async ownerOfUpload(key: string): Promise<string | null> {
    if (this.inStorage) {
      const metadata = await this.inStorage.cachedMetadata(tusIdOf(key)).catch(() => undefined);
      return metadata ? (metadata.owner_id ?? '') : null;
    }
    const upload = await this.fileStore!.getUpload(key).catch(() => null);
    return upload ? (upload.metadata?.owner_id ?? '') : null;
  }

  /** Koa middleware that hands `/api/v1/tus/upload…` to @tus/server after session and XSRF checks. */
  middleware(): Middleware {
    return async (ctx, next) => {
      if (ctx.path !== TUS_PATH && !ctx.path.startsWith(`${TUS_PATH}/`)) return next();
      if (await tusDisabled(this.kit)) throw new HttpError(404, 'Not found.');
      const user = ctx.state.user;
      if (!user) throw new HttpError(401, 'Unauthenticated.');
      // Served outside the router, so the token abilities check runs here: uploading writes; HEAD only reads.
      checkTokenAccess(ctx, { method: ctx.method === 'HEAD' || ctx.method === 'GET' ? 'GET' : 'POST' });
      const id = ctx.path.slice(TUS_PATH.length + 1);
      if (id) {
        if (!UPLOAD_ID.test(id)) throw new HttpError(404, 'Not found.');
        // Another user's upload answers like a missing one.
        const owner = await this.ownerOfUpload(id);
        if (owner !== null && owner !== String(user.id)) throw new HttpError(404, 'Not found.');
      }
      // The fast path writes into the file store's file; in the storage, @tus/server's own PATCH feeds it.
      if (id && ctx.method === 'PATCH' && this.fileStore) return this.patch(ctx, id, this.fileStore);
      owners.set(ctx.req, user.id);
      ctx.respond = false;
      const answer = await this.server.handleWeb(new NodeRequest({ req: ctx.req, res: ctx.res }));
      // A creation that failed after its upload was reserved (a body over the declared length with
      // creation-with-upload, say) leaves neither the upload nor its reservation behind.
      const created = createdBy.get(ctx.req);
      if (created && answer.status >= 400) await this.undoCreate(created);
      await sendNodeResponse(ctx.res, await inErrorShape(answer));
    };
  }

  /**
   * PATCH for the file store, streaming the request straight into the file. @tus/server 2 reads bodies through
   * web streams (srvx), which cost about two thirds of the throughput of a plain Node pipe; this path keeps the
   * protocol (Tus-Resumable, offset check with 409, the content type, locking through the shared locker, a
   * body never longer than the declared length, Upload-Expires) and writes with one Node pipeline.
   */
  private async patch(ctx: Context, id: string, store: FileStore): Promise<void> {
    const answer = (status: number, message: string) => {
      ctx.status = status;
      ctx.set('Tus-Resumable', '1.0.0');
      ctx.body = { message };
    };
    if (!ctx.get('Tus-Resumable')) return answer(412, 'Tus-Resumable Required');
    const offsetHeader = ctx.get('Upload-Offset');
    if (!/^\d+$/.test(offsetHeader)) return answer(400, 'Upload-Offset header required');
    if (ctx.get('Content-Type') !== 'application/offset+octet-stream')
      return answer(415, 'Invalid Content-Type');
    const offset = Number(offsetHeader);
    const lock = this.locker.newLock(id);
    const stop = new AbortController();
    // Another request for this upload (a client retrying after a dropped connection) asks us to let go.
    await lock
      .lock(stop.signal, () => {
        ctx.req.destroy();
      })
      .catch(() => {
        // tus clients retry on 423.
        throw new HttpError(423, 'The upload is busy. Try again.');
      });
    let written = 0;
    let upload: Awaited<ReturnType<FileStore['getUpload']>>;
    try {
      upload = await store.getUpload(id).catch(() => {
        throw new HttpError(404, 'Not found.');
      });
      const created = new Date(upload.metadata?.created_at ?? upload.creation_date ?? Date.now()).getTime();
      if (this.kit.now().getTime() - created > this.expirationMs)
        return answer(410, 'The upload has expired.');
      if (upload.size === undefined) return answer(400, 'Upload-Length is required.');
      if (upload.offset !== offset) return answer(409, 'Upload-Offset conflict');
      const room = upload.size - offset;
      const declared = ctx.get('Content-Length');
      if (declared && Number(declared) > room) return answer(413, 'Maximum size exceeded');
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          if (written > room) done(Object.assign(new Error('Maximum size exceeded'), { status: 413 }));
          else done(null, chunk);
        },
      });
      await pipeline(
        ctx.req,
        limit,
        createWriteStream(path.join(this.directory!, id), {
          flags: 'r+',
          start: offset,
          highWaterMark: 1 << 20,
        }),
      ).catch((error: unknown) => {
        // A dropped connection keeps what arrived: the offset is the file's size, and the client resumes there.
        if ((error as { status?: number }).status === 413) throw new HttpError(413, 'Maximum size exceeded');
        if (ctx.req.destroyed || ctx.req.aborted) return;
        throw error;
      });
    } finally {
      await lock.unlock();
    }
    const newOffset = (await store.getUpload(id)).offset;
    ctx.status = 204;
    ctx.set('Tus-Resumable', '1.0.0');
    ctx.set('Upload-Offset', String(newOffset));
    if (newOffset < upload.size!) {
      const created = new Date(upload.creation_date ?? Date.now()).getTime();
      ctx.set('Upload-Expires', new Date(created + this.expirationMs).toUTCString());
    }
    ctx.body = null;
  }

  /**
   * Turns a finished upload of the caller into a file entry. Another user's key, or an unfinished upload,
   * is refused; a rule failure removes the upload, so nothing is left behind.
   */
  async claim(ownerId: number, uploadKey: string) {
    if (this.inStorage) return this.claimInStorage(this.inStorage, ownerId, uploadKey);
    const upload = await this.fileStore!.getUpload(uploadKey).catch(() => null);
    if (!upload || upload.metadata?.owner_id !== String(ownerId)) throw new HttpError(404, 'Not found.');
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new ValidationError({ uploadKey: ['The upload is not finished.'] });
    }
    if (this.claiming.has(uploadKey)) throw new HttpError(409, 'The upload is already being saved.');
    this.claiming.add(uploadKey);
    try {
      return await storeUploadedFile(this.kit, {
        ownerId,
        path: path.join(this.directory!, uploadKey),
        name: upload.metadata?.name ?? 'file',
        mime: upload.metadata?.mime ?? undefined,
        parentId: upload.metadata?.parentId ? Number(upload.metadata.parentId) : null,
        reservation: reservationId('tus', uploadKey),
      });
    } finally {
      this.claiming.delete(uploadKey);
      await this.forget(uploadKey);
    }
  }

  /**
   * The claim of an upload kept in the storage: the finished bytes are already at `uploads/{uuid}`, so the entry
   * points at them. The checks are the file store's (owner, finished, a single claim, size and sniffed type,
   * quota); the first bytes come from a (ranged) read. A refused claim deletes the bytes and the bookkeeping.
   */
  private async claimInStorage(store: ResumableStore, ownerId: number, uploadKey: string) {
    const id = tusIdOf(uploadKey);
    const mine = (info: ResumableUploadInfo | null) => info?.metadata.owner_id === String(ownerId);
    const unfinished = () => new ValidationError({ uploadKey: ['The upload is not finished.'] });
    const first = await store.info(id);
    if (!first || !mine(first)) throw new HttpError(404, 'Not found.');
    if (this.claiming.has(uploadKey)) throw new HttpError(409, 'The upload is already being saved.');
    // Before the lock, which would ask a PATCH still running on the upload to stop.
    if (first.size === undefined || !(await store.finished(id, first.size))) throw unfinished();
    this.claiming.add(uploadKey);
    try {
      return await this.withLock(id, async () => {
        // Read again under the lock: another process may have claimed or removed it meanwhile.
        const info = await store.info(id);
        if (!info || !mine(info)) throw new HttpError(404, 'Not found.');
        if (
          await FileEntry.query(this.kit.knex)
            .where({ file_name: tusFileNameOf(id) })
            .first()
        ) {
          // Claimed already (a crash between the insert and the clean-up): only the bookkeeping is left.
          await store.release(id);
          await this.release(id);
          throw new HttpError(404, 'Not found.');
        }
        if (info.size === undefined || !(await store.finished(id, info.size))) throw unfinished();
        try {
          return await claimStoredObject(this.kit, {
            ownerId,
            fileName: tusFileNameOf(id),
            size: info.size,
            name: info.metadata.name ?? 'file',
            parentId: info.metadata.parentId ? Number(info.metadata.parentId) : null,
            reservation: reservationId('tus', id),
          });
        } finally {
          // Saved or refused, the upload is over: its object is the entry's now, or deleted.
          await store.release(id);
          await this.release(id);
        }
      });
    } finally {
      this.claiming.delete(uploadKey);
    }
  }

  /** Runs `task` holding the upload's lock (the one its tus requests take). */
  private async withLock<T>(id: string, task: () => Promise<T>): Promise<T> {
    const lock = this.locker.newLock(id);
    await lock
      .lock(new AbortController().signal, () => {})
      .catch(() => {
        throw new HttpError(423, 'The upload is busy. Try again.');
      });
    try {
      return await task();
    } finally {
      await lock.unlock();
    }
  }

  /** Removes an upload's bytes and metadata (file store). */
  private async forget(id: string): Promise<void> {
    await rm(path.join(this.directory!, id), { force: true });
    await this.fileStore!.configstore.delete(id).catch(() => {});
    await this.release(id);
  }

  /**
   * Removes uploads created more than `expirationMs` ago (by the kit's clock): incomplete ones and finished
   * ones nobody claimed, plus stray files without metadata. Returns how many went.
   */
  async cleanup(): Promise<number> {
    const now = this.kit.now().getTime();
    // Reservations of uploads that expired (or whose bytes went with a restart) stop counting anyway; drop them.
    await this.kit
      .knex('tus_uploads')
      .where('created_at', '<=', new Date(now - this.expirationMs))
      .delete();
    return this.sweep((upload) => now - upload.created > this.expirationMs);
  }

  /**
   * Removes every upload `ownerId` started and nobody claimed, finished or not. Account deletion calls it: the
   * owner lives only in each upload's metadata, so without it the bytes would wait for the expiry sweep.
   */
  async removeOwnedBy(ownerId: number): Promise<number> {
    const owner = String(ownerId);
    return this.sweep((upload) => upload.owner === owner);
  }

  /** Lists the store's uploads and removes those `doomed` picks. Returns how many went. */
  private async sweep(doomed: (upload: SweptUpload) => boolean): Promise<number> {
    if (this.inStorage) return this.sweepStorage(this.inStorage, doomed);
    const names = await readdir(this.directory!).catch(() => [] as string[]);
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => UPLOAD_ID.test(id)));
    let removed = 0;
    for (const id of ids) {
      if (this.claiming.has(id)) continue;
      const info = await this.fileStore!.configstore.get(id).catch(() => undefined);
      // Our own stamp (the kit's clock, so tests can move it), else tus' creation date.
      const stamp = info?.metadata?.created_at ?? info?.creation_date;
      let created = stamp ? new Date(stamp).getTime() : Number.NaN;
      if (Number.isNaN(created)) {
        const file = await stat(path.join(this.directory!, id))
          .catch(() => stat(path.join(this.directory!, `${id}.json`)))
          // Claimed or removed since the listing: nothing left to sweep, and the rest still is.
          .catch(() => null);
        if (!file) continue;
        created = file.mtimeMs;
      }
      if (doomed({ owner: info?.metadata?.owner_id ?? null, created })) {
        await this.forget(id);
        removed++;
      }
    }
    return removed;
  }

  /**
   * The sweep of uploads kept in the storage: lists their records (with S3, the `.info` objects under `tus/`) and
   * removes those `doomed` picks, finished or not (with S3: the multipart upload is aborted and the object,
   * `.part` and `.info` deleted; never bytes a file entry holds).
   */
  private async sweepStorage(
    store: ResumableStore,
    doomed: (upload: SweptUpload) => boolean,
  ): Promise<number> {
    let removed = 0;
    for (const { id, lastModified } of await store.list()) {
      if (this.claiming.has(tusKeyOf(id))) continue;
      const info = await store.info(id);
      if (!info || !doomed({ owner: info.metadata.owner_id ?? null, created: createdAt(info, lastModified) }))
        continue;
      // Under the upload's lock: a request still writing to it is asked to stop first.
      if (await this.withLock(id, () => store.discard(id))) {
        await this.release(id);
        removed++;
      }
    }
    return removed;
  }
}

/** What a sweep knows of an upload: its owner's id (as stored in its metadata) and when it began. */
interface SweptUpload {
  owner: string | null;
  created: number;
}

/** Age of an S3 upload by the kit's clock: our `created_at` stamp, else tus' creation date, else the listing's. */
function createdAt(info: { metadata: Record<string, string | null>; creationDate?: string }, listed?: Date) {
  const stamp = info.metadata.created_at ?? info.creationDate;
  const time = stamp ? new Date(stamp).getTime() : Number.NaN;
  return Number.isNaN(time) ? (listed?.getTime() ?? 0) : time;
}

/** POST tus/entries `{uploadKey}` -> 201 `{fileEntry}`. */
export function tusRoutes(router: BacklineRouter, tus: () => TusUploads): void {
  // The protocol itself is served by the middleware (it reads the raw body); listed for the API reference.
  router.document(...uploads.tusProtocol);
  router
    .route(uploads.tusEntries)
    .handle(async ({ ctx, body }) => ({ fileEntry: await tus().claim(ctx.state.user!.id, body.uploadKey) }));
}
