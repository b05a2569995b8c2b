import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { uploads } from '@backline/core/contract';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import { type BacklineRouter, validateInput } from '../../http/routes';
import type { Kit } from '../../kit';
import { can } from '../permissions/index';
import { ADMIN_PERMISSION } from '../permissions/permissions';
import { FileEntry, storageKey } from './file-entry-model';
import { readMultipartFile } from './read-multipart-file';
import { effectiveRestrictions, sizeMessage } from './restrictions';
import { servedType, servesInline } from './sniff';
import { quotaError, storeUploadedFile, uploadTempDir, userQuota } from './store-file';
import {
  FORM_RESERVATION_MS,
  releaseReservation,
  reservationId,
  reserveForOwner,
} from './upload-reservations';

/** Multipart overhead allowed above the size cap before a request is refused from its Content-Length. */
const FORM_OVERHEAD = 64 * 1024;

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name. */
function disposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Whether the caller may see or delete an entry: its owner or an admin. */
async function mayManage(ctx: Context, kit: Kit, entry: FileEntry): Promise<boolean> {
  const user = ctx.state.user;
  if (!user) return false;
  return entry.owner_id === user.id || (await can(ctx, kit, ADMIN_PERMISSION));
}

/** POST file-entries (form upload), GET file-entries/{id} (the bytes) and POST file-entries/delete. */
export function fileRoutes(router: BacklineRouter): void {
  router.route(uploads.upload).handle(async ({ ctx, kit }) => {
    const user = ctx.state.user!;
    if (!ctx.is('multipart')) throw new ValidationError({ file: ['The file field is required.'] });
    const rules = await effectiveRestrictions(kit);
    const declared = Number(ctx.get('Content-Length'));
    // Refused before a byte is read when the request says it is too big.
    if (declared > rules.maxSize + FORM_OVERHEAD) {
      throw new ValidationError({ file: [sizeMessage(null, rules.maxSize)] });
    }
    // The file's bytes are reserved before a byte is read, from the declared length less what the form around
    // the file may take: stored files and every upload in flight (tus, direct, other forms) count, under a lock
    // on the user's row, so parallel forms cannot each stream a file the quota has no room for. A request
    // without a length reserves nothing; the entry's insert counts everything again either way.
    const quota = await userQuota(kit);
    const reservation = reservationId('form', randomUUID());
    const expected = declared > FORM_OVERHEAD ? declared - FORM_OVERHEAD : 0;
    if (expected > 0) {
      await reserveForOwner(
        kit.knex,
        {
          id: reservation,
          ownerId: user.id,
          size: expected,
          now: kit.now(),
          ttlMs: FORM_RESERVATION_MS,
          quota,
        },
        () => quotaError(quota ?? 0),
      );
    }
    const dir = await uploadTempDir(kit).catch(async (error) => {
      await releaseReservation(kit.knex, reservation);
      throw error;
    });
    try {
      // formidable streams the file part to a temp file in `dir`; only small fields are kept in memory.
      const file = await readMultipartFile(ctx, {
        dir,
        maxSize: rules.maxSize,
        unreadable: () => new HttpError(400, 'The upload could not be read.'),
      });
      if (!file) throw new ValidationError({ file: ['The file field is required.'] });
      // The form's other fields are only known now that the stream was read: checked by the same schema.
      const fields = validateInput(uploads.upload.body, ctx.request.body ?? {});
      const fileEntry = await storeUploadedFile(kit, {
        ownerId: user.id,
        path: file.filepath,
        name: file.originalFilename ?? 'file',
        mime: file.mimetype ?? undefined,
        parentId: fields.parentId ?? null,
        reservation,
      });
      return { fileEntry };
    } finally {
      await rm(dir, { recursive: true, force: true });
      // Gone already when the file became an entry; a refused or broken upload gives its bytes back here.
      await releaseReservation(kit.knex, reservation);
    }
  });

  router.route(uploads.download).handle(async ({ ctx, kit, params }) => {
    const entry = await FileEntry.query(kit.knex).findById(params.id).whereNull('deleted_at');
    // Someone else's file answers like a missing one, so ids cannot be probed.
    if (!entry || !(await mayManage(ctx, kit, entry))) throw new HttpError(404, 'Not found.');
    const size = Number(entry.size);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    ctx.set('Cache-Control', 'private, max-age=0, must-revalidate');
    ctx.set(
      'Content-Disposition',
      disposition(servesInline(entry.mime) ? 'inline' : 'attachment', entry.name),
    );
    ctx.type = servedType(entry.mime);
    // A storage that cannot read ranges answers whole files; ignoring `Range` is what HTTP allows then.
    const ranges = kit.storage.capabilities.rangeReads;
    if (ranges) ctx.set('Accept-Ranges', 'bytes');
    let range: { start: number; end: number } | undefined;
    const header = ranges ? ctx.get('Range') : '';
    const match = /^bytes=(\d*)-(\d*)$/.exec(header);
    if (header && match && size > 0) {
      const [, from, to] = match;
      const start = from ? Number(from) : Math.max(0, size - Number(to));
      const end = from && to ? Math.min(Number(to), size - 1) : size - 1;
      if ((!from && !to) || start > end || start >= size) {
        ctx.set('Content-Range', `bytes */${size}`);
        throw new HttpError(416, 'The requested range is not satisfiable.');
      }
      range = { start, end };
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    ctx.body = await kit.storage.read(storageKey(entry.file_name), range).catch(() => {
      throw new HttpError(404, 'Not found.');
    });
    ctx.length = range ? range.end - range.start + 1 : size;
    if (!range) ctx.status = 200;
    // Koa sets its own type from the stream; keep ours.
    ctx.type = servedType(entry.mime);
    return undefined;
  });

  router.route(uploads.deleteEntries).handle(async ({ ctx, kit, body }) => {
    const ids = body.entryIds ?? [];
    const paths = body.paths ?? [];
    if (!ids.length && !paths.length) throw new ValidationError({ entryIds: ['Select at least one entry.'] });
    const forever = body.deleteForever === true;
    // Decided before the transaction: on PGlite's single connection a query outside it would wait forever.
    const isAdmin = await can(ctx, kit, ADMIN_PERMISSION);
    const userId = ctx.state.user!.id;
    const keys = await kit.knex.transaction(async (trx) => {
      const roots = await FileEntry.query(trx)
        .where((q) => {
          if (ids.length) q.orWhereIn('id', ids);
          if (paths.length) q.orWhereIn('path', paths);
        })
        .forUpdate();
      if (roots.length < new Set(ids).size) throw new HttpError(404, 'Not found.');
      for (const entry of roots) {
        if (entry.owner_id !== userId && !isAdmin) {
          throw new HttpError(403, 'You do not have permission to delete this file.');
        }
      }
      // Entries below a deleted folder go with it.
      const all = roots.length
        ? await FileEntry.query(trx).where((q) => {
            q.whereIn(
              'id',
              roots.map((r) => r.id),
            );
            for (const root of roots) q.orWhere('path', 'like', `${root.path}/%`);
          })
        : [];
      const allIds = all.map((e) => e.id);
      if (forever) {
        await FileEntry.query(trx).whereIn('id', allIds).delete();
        return all.map((e) => storageKey(e.file_name));
      }
      await FileEntry.query(trx)
        .whereIn('id', allIds)
        .whereNull('deleted_at')
        .patch({ deleted_at: kit.now() });
      return [];
    });
    // Bytes go after the commit, so a rolled-back delete never loses a file.
    if (keys.length) await kit.storage.delete(keys);
    return {};
  });
}
