import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server } from '@tus/server';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { HttpError, ValidationError } from '../../http/errors';
import { type BacklineRouter, defineRoute } from '../../http/routes';
import type { Kit } from '../../kit';
import {
  cleanFileName,
  effectiveRestrictions,
  extensionOf,
  sizeMessage,
  TYPE_NOT_ALLOWED,
  typeAllowed,
} from './restrictions';
import { quotaError, storeUploadedFile, usedBytes, userQuota } from './store-file';

/** Where tus is mounted. */
export const TUS_PATH = '/api/v1/tus/upload';
/** Incomplete (and finished but never claimed) tus uploads are removed after this long: 24 hours. */
export const TUS_EXPIRATION_MS = 24 * 60 * 60 * 1000;
const UPLOAD_ID = /^[a-f0-9]{32}$/;

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

/** The owner of the request a tus hook runs for. */
function ownerOf(req: unknown): number {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const owner = node ? owners.get(node) : undefined;
  if (!owner) throw tusError(401, 'Unauthenticated.');
  return owner;
}

/**
 * tus 1.0 uploads through @tus/server with the file store on local disk (`{dataDir}/tus`, or next to the
 * local storage root). With S3 storage, chunks still land on local disk and the finished file streams to the
 * bucket when it is claimed (`POST tus/entries`), so one store serves both drivers.
 *
 * Locking: @tus/server's default MemoryLocker. A lock only serialises requests on one upload inside this
 * process; a restart ends every request that held one, and the file store's offset is the size of the file
 * on disk, so a resumed upload after a restart reads the true offset (HEAD) and carries on. Running several
 * processes against one upload directory needs a shared locker (see docs/packages/uploads.md).
 */
export class TusUploads {
  private readonly server: Server;
  private readonly store: FileStore;
  /** Shared by @tus/server and the PATCH fast path, so both serialise on the same locks. */
  private readonly locker = new MemoryLocker();
  private claiming = new Set<string>();

  constructor(
    private readonly kit: Kit,
    readonly directory: string,
    readonly expirationMs = TUS_EXPIRATION_MS,
  ) {
    this.store = new FileStore({ directory, expirationPeriodInMilliseconds: expirationMs });
    this.server = new Server({
      path: TUS_PATH,
      datastore: this.store,
      locker: this.locker,
      relativeLocation: true,
      respectForwardedHeaders: false,
      namingFunction: () => randomBytes(16).toString('hex'),
      maxSize: async () => (await effectiveRestrictions(kit)).maxSize,
      onUploadCreate: async (req, upload) => {
        const owner = ownerOf(req);
        const meta = upload.metadata ?? {};
        const name = cleanFileName(meta.name ?? meta.filename ?? 'file');
        if (upload.size === undefined) throw tusError(400, 'Upload-Length is required.');
        const rules = await effectiveRestrictions(kit);
        // The declared type is only a first check here; the bytes are sniffed again when the upload is claimed.
        if (upload.size > rules.maxSize)
          throw tusError(422, sizeMessage(name, rules.maxSize), { file: [sizeMessage(name, rules.maxSize)] });
        const mime = (meta.mime ?? meta.filetype ?? 'application/octet-stream').toLowerCase();
        if (!typeAllowed(rules, mime, [extensionOf(name)]))
          throw tusError(422, TYPE_NOT_ALLOWED, { file: [TYPE_NOT_ALLOWED] });
        const quota = await userQuota(kit);
        if (quota !== null && (await usedBytes(kit.knex, owner)) + upload.size > quota) {
          const message = quotaError(quota).message;
          throw tusError(422, message, { file: [message] });
        }
        // Every upload is bound to its owner; the metadata lives in the store's JSON and survives restarts.
        return { metadata: { ...meta, name, owner_id: String(owner), created_at: kit.now().toISOString() } };
      },
    });
  }

  /** Koa middleware that hands `/api/v1/tus/upload…` to @tus/server after session and XSRF checks. */
  middleware(): Middleware {
    return async (ctx, next) => {
      if (ctx.path !== TUS_PATH && !ctx.path.startsWith(`${TUS_PATH}/`)) return next();
      if (await this.kit.settings.get<boolean>('uploads.disable_tus', false))
        throw new HttpError(404, 'Not found.');
      const user = ctx.state.user;
      if (!user) throw new HttpError(401, 'Unauthenticated.');
      const id = ctx.path.slice(TUS_PATH.length + 1);
      if (id) {
        if (!UPLOAD_ID.test(id)) throw new HttpError(404, 'Not found.');
        // Another user's upload answers like a missing one.
        const upload = await this.store.getUpload(id).catch(() => null);
        if (upload && upload.metadata?.owner_id !== String(user.id)) throw new HttpError(404, 'Not found.');
      }
      if (id && ctx.method === 'PATCH') return this.patch(ctx, id);
      owners.set(ctx.req, user.id);
      ctx.respond = false;
      await this.server.handle(ctx.req, ctx.res);
    };
  }

  /**
   * PATCH for the file store, streaming the request straight into the file. @tus/server 2 reads bodies through
   * web streams (srvx), which cost about two thirds of the throughput of a plain Node pipe; this path keeps the
   * protocol (Tus-Resumable, offset check with 409, the content type, locking through the shared locker, a
   * body never longer than the declared length, Upload-Expires) and writes with one Node pipeline.
   */
  private async patch(ctx: Context, id: string): Promise<void> {
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
      upload = await this.store.getUpload(id).catch(() => {
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
        createWriteStream(path.join(this.directory, id), {
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
    const newOffset = (await this.store.getUpload(id)).offset;
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
    const upload = await this.store.getUpload(uploadKey).catch(() => null);
    if (!upload || upload.metadata?.owner_id !== String(ownerId)) throw new HttpError(404, 'Not found.');
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new ValidationError({ uploadKey: ['The upload is not finished.'] });
    }
    if (this.claiming.has(uploadKey)) throw new HttpError(409, 'The upload is already being saved.');
    this.claiming.add(uploadKey);
    try {
      return await storeUploadedFile(this.kit, {
        ownerId,
        path: path.join(this.directory, uploadKey),
        name: upload.metadata?.name ?? 'file',
        mime: upload.metadata?.mime ?? undefined,
        parentId: upload.metadata?.parentId ? Number(upload.metadata.parentId) : null,
      });
    } finally {
      this.claiming.delete(uploadKey);
      await this.forget(uploadKey);
    }
  }

  /** Removes an upload's bytes and metadata. */
  private async forget(id: string): Promise<void> {
    await rm(path.join(this.directory, id), { force: true });
    await this.store.configstore.delete(id).catch(() => {});
  }

  /**
   * Removes uploads created more than `expirationMs` ago (by the kit's clock): incomplete ones and finished
   * ones nobody claimed, plus stray files without metadata. Returns how many went.
   */
  async cleanup(): Promise<number> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => UPLOAD_ID.test(id)));
    const now = this.kit.now().getTime();
    let removed = 0;
    for (const id of ids) {
      if (this.claiming.has(id)) continue;
      const info = await this.store.configstore.get(id).catch(() => undefined);
      // Our own stamp (the kit's clock, so tests can move it), else tus' creation date.
      const stamp = info?.metadata?.created_at ?? info?.creation_date;
      let created = stamp ? new Date(stamp).getTime() : Number.NaN;
      if (Number.isNaN(created)) {
        const file = await stat(path.join(this.directory, id)).catch(() =>
          stat(path.join(this.directory, `${id}.json`)),
        );
        created = file.mtimeMs;
      }
      if (now - created > this.expirationMs) {
        await this.forget(id);
        removed++;
      }
    }
    return removed;
  }
}

/** POST tus/entries `{uploadKey}` -> `{fileEntry}`. */
export function tusRoutes(router: BacklineRouter, tus: () => TusUploads): void {
  router.add(
    defineRoute({
      method: 'POST',
      path: 'tus/entries',
      summary: 'Save a finished tus upload as a file entry',
      auth: true,
      body: z.object({
        uploadKey: z
          .string({ error: 'The upload key field is required.' })
          .regex(UPLOAD_ID, 'The upload key is invalid.'),
      }),
      handler: async ({ ctx, body }) => {
        const fileEntry = await tus().claim(ctx.state.user!.id, body.uploadKey);
        ctx.status = 201;
        return { fileEntry };
      },
    }),
  );
}
