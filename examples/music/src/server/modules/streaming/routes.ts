import type { RouteInput } from '@backline/server';
import { type BacklineRouter, HttpError, type Kit, storageKey } from '@backline/server';
import { catalogue, player } from '../../../contract';
import { parseRange } from './range';
import { type StoredFile, trackFile } from './track-files';

/** How long a presigned S3 URL for a track stays valid: long enough to start and seek, short enough not to share. */
export const SIGNED_STREAM_SECONDS = 300;

/**
 * Answers a stored file with HTTP range support: `Accept-Ranges`, a strong `ETag` (stored files never change:
 * each has its own server-made name), `Last-Modified`, `If-None-Match` / `If-Modified-Since` (304), `If-Range`
 * (a stale validator answers the whole file), 206 with `Content-Range`, and 416 with `Content-Range: bytes
 * *\/size`. The range is read straight from storage (on local disk, a read stream over exactly those bytes); a
 * `HEAD` opens nothing.
 */
export async function sendStoredFile(
  ctx: RouteInput['ctx'],
  kit: Kit,
  file: StoredFile,
  cacheControl: string,
) {
  const size = Number(file.size);
  const etag = `"${file.file_name}-${size.toString(16)}"`;
  const modified = new Date(file.created_at);
  modified.setMilliseconds(0);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('ETag', etag);
  ctx.set('Last-Modified', modified.toUTCString());
  ctx.set('Cache-Control', cacheControl);
  ctx.type = file.mime;

  const ifNoneMatch = ctx.get('If-None-Match');
  const ifModifiedSince = ctx.get('If-Modified-Since');
  if (
    ifNoneMatch
      ?.split(',')
      .some((tag: string) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*') ||
    (!ifNoneMatch && ifModifiedSince && Date.parse(ifModifiedSince) >= modified.getTime())
  ) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }

  let range = parseRange(ctx.get('Range') || undefined, size);
  const ifRange = ctx.get('If-Range');
  if (range.kind !== 'full' && ifRange) {
    // A range is only worth sending if the client's copy is this one; otherwise it gets the whole file.
    const fresh =
      ifRange.startsWith('"') || ifRange.startsWith('W/')
        ? ifRange === etag
        : Date.parse(ifRange) === modified.getTime();
    if (!fresh) range = { kind: 'full' };
  }
  if (range.kind === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'The requested range cannot be satisfied.');
  }
  const key = storageKey(file.file_name);
  const head = ctx.method === 'HEAD';
  if (range.kind === 'partial') {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    const length = range.end - range.start + 1;
    ctx.body = head ? Buffer.alloc(0) : await kit.storage.read(key, { start: range.start, end: range.end });
    ctx.length = length;
    return;
  }
  ctx.status = 200;
  ctx.body = head ? Buffer.alloc(0) : await kit.storage.read(key);
  ctx.length = size;
}

export function streamingRoutes(router: BacklineRouter, kit: Kit) {
  router.route(player.stream).handle(async ({ params, ctx }) => {
    const file = await trackFile(kit, params.id);
    if (!file) throw new HttpError(404, 'Not found.');
    // A presigned URL is signed for one method, so a HEAD sent on to a GET URL would be refused by S3: HEAD is
    // answered here from the file entry (it opens nothing in storage).
    const signed = ctx.method === 'HEAD' ? undefined : kit.storage.capabilities.signedReads;
    if (signed) {
      // Object storage serves ranges itself: the browser is sent there with a URL that expires in minutes.
      const url = await signed.presignGet(storageKey(file.file_name), {
        expiresIn: SIGNED_STREAM_SECONDS,
        mime: file.mime,
      });
      ctx.set('Cache-Control', 'private, no-store');
      ctx.redirect(url);
      return undefined;
    }
    await sendStoredFile(ctx, kit, file, 'private, max-age=3600');
    return undefined;
  });

  router.route(player.download).handle(async ({ params, ctx }) => {
    const file = await trackFile(kit, params.id);
    if (!file) throw new HttpError(404, 'Not found.');
    const signed = ctx.method === 'HEAD' ? undefined : kit.storage.capabilities.signedReads;
    if (signed) {
      ctx.set('Cache-Control', 'private, no-store');
      ctx.redirect(
        await signed.presignGet(storageKey(file.file_name), {
          expiresIn: SIGNED_STREAM_SECONDS,
          mime: file.mime,
        }),
      );
      return undefined;
    }
    const track: { name: string } | undefined = await kit
      .knex('music_tracks')
      .where({ id: params.id })
      .first('name');
    const extension = file.mime === 'audio/mpeg' ? 'mp3' : (file.mime.split('/')[1] ?? 'audio');
    // RFC 6266: an ASCII fallback plus the UTF-8 name, so any track name survives as the saved file's name.
    const name = `${track?.name ?? `track-${params.id}`}.${extension}`;
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    await sendStoredFile(ctx, kit, file, 'private, no-store');
    return undefined;
  });

  router.route(catalogue.artwork).handle(async ({ params, ctx }) => {
    // Only entries the catalogue shows as art are public; any other upload stays its owner's.
    const used = kit.knex
      .select(kit.knex.raw('1'))
      .from('music_albums')
      .where('image_id', params.id)
      .unionAll((q) => q.select(kit.knex.raw('1')).from('music_artists').where('image_id', params.id))
      .unionAll((q) => q.select(kit.knex.raw('1')).from('music_genres').where('image_id', params.id))
      .unionAll((q) =>
        q
          .select(kit.knex.raw('1'))
          .from('music_playlists')
          .where('image_id', params.id)
          .where('public', true),
      );
    const file: StoredFile | undefined = await kit
      .knex('file_entries')
      .where('id', params.id)
      .whereNull('deleted_at')
      .whereExists(used)
      .first('file_name', 'mime', 'size', 'created_at');
    if (!file?.mime.startsWith('image/')) throw new HttpError(404, 'Not found.');
    await sendStoredFile(ctx, kit, file, 'public, max-age=86400');
    return undefined;
  });
}
