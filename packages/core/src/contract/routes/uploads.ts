import * as z from 'zod/mini';
import { booleanish, idParam, MAX_ID } from '../fields';
import { noContent, raw, route } from '../route';
import { FileEntryAnswer } from '../schemas/file-entry';
import {
  DIRECT_UPLOAD_KEY,
  MULTIPART_MAX_PARTS,
  MULTIPART_SIGN_BATCH,
  TUS_ENDPOINT,
  TUS_UPLOAD_KEY,
} from '../uploads/constants';

/**
 * The upload routes: form uploads, serving and deleting entries, claiming finished resumable (tus) uploads and
 * the direct-upload handshake with object storage (presigned PUTs and multipart uploads). Every route needs a
 * signed-in user; keys and upload ids are made by the server and bound to their owner, so another user's key
 * answers 404 like a missing one.
 */

const PARENT_INVALID = 'The selected parent is invalid.';

/**
 * The folder an upload goes into, as a form field (text): an id, or empty / `null` for none. Ids beyond the key
 * column's range cannot exist and are refused like any other invalid parent.
 */
const parentIdField = z.optional(
  z.nullable(
    z.pipe(
      z.union([z.string(), z.number()], { error: PARENT_INVALID }),
      z.transform((value: string | number, ctx) => {
        if (value === '' || value === 'null') return null;
        const id = Number(value);
        if (Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID) return id;
        ctx.issues.push({ code: 'custom', message: PARENT_INVALID, input: value });
        return z.NEVER;
      }),
    ),
  ),
);

/** A whole number of bytes, as a number or numeric text; `field` names it in the required message. */
const byteCount = (field: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: `The ${field} field is required.` }),
    z.pipe(
      z.transform((value: number | string) => (value === '' ? Number.NaN : Number(value))),
      z.number({ error: `The ${field} field is required.` }).check(z.int(), z.gte(0)),
    ),
  );

/** A part number of a multipart upload (1 to 10 000), as a number or numeric text. */
const partNumber = z.pipe(
  z.union([z.number(), z.string()]),
  z.pipe(
    z.transform((value: number | string) => Number(value)),
    z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)),
  ),
);

/** A server-made direct-upload key (`uploads/{uuid}`). */
const directKey = z
  .string({ error: 'The key field is required.' })
  .check(z.regex(DIRECT_UPLOAD_KEY, 'The key is invalid.'));

/** A multipart upload's id, as the object store made it. */
const uploadId = z
  .string({ error: 'The upload id field is required.' })
  .check(z.minLength(1, 'The upload id field is required.'), z.maxLength(1024));

/** Free-form fields the client sends along (`parentId`, `relativePath`…). */
const metadata = z.optional(z.record(z.string(), z.unknown()));

/** What a browser declares about a file before any URL is signed; the bytes are checked again afterwards. */
const declaredFile = {
  filename: z
    .string({ error: 'The filename field is required.' })
    .check(z.minLength(1, 'The filename field is required.'), z.maxLength(1000)),
  mime: z._default(z.optional(z.string().check(z.maxLength(255))), 'application/octet-stream'),
  size: byteCount('size'),
  extension: z.optional(z.string().check(z.maxLength(32))),
  metadata,
};

/** `POST file-entries`: a multipart form whose `file` part is stored as a new entry. */
export const upload = route({
  method: 'POST',
  path: 'file-entries',
  tag: 'uploads',
  summary: 'Upload a file (multipart field `file`)',
  description:
    'The `file` part is streamed to disk, its type sniffed from the bytes and checked against the upload ' +
    'settings and the quota. Other fields travel as text; `relativePath` is accepted but folders are not ' +
    'created, so the entry lands in `parentId`.',
  bodyType: 'multipart',
  body: z.catchall(z.object({ parentId: parentIdField, relativePath: z.optional(z.string()) }), z.unknown()),
  response: FileEntryAnswer,
  status: 201,
  auth: true,
  errors: [400],
});

/** `GET file-entries/{id}`: the bytes of an entry, to its owner or an admin. */
export const download = route({
  method: 'GET',
  path: 'file-entries/{id}',
  tag: 'uploads',
  summary: "A file entry's bytes (owner or admin)",
  description:
    'Answers with the entry’s sniffed type and `X-Content-Type-Options: nosniff`; only raster images, audio, ' +
    'video and plain text are inline, everything else is an attachment. `Range: bytes=…` answers 206 when the ' +
    'storage reads ranges. Someone else’s entry answers 404.',
  params: z.object({ id: idParam() }),
  response: raw('application/octet-stream', 'The stored bytes, with the entry’s own type'),
  auth: true,
  errors: [404, 416],
});

/** `POST file-entries/delete`: trashes entries, or deletes them and their bytes with `deleteForever`. */
export const deleteEntries = route({
  method: 'POST',
  path: 'file-entries/delete',
  tag: 'uploads',
  summary: 'Trash or delete file entries (owner or admin)',
  body: z.object({
    paths: z.optional(
      z.array(z.string().check(z.regex(/^\d+(\/\d+)*$/, 'The path is invalid.'))).check(z.maxLength(1000)),
    ),
    entryIds: z.optional(z.array(idParam('entry id')).check(z.maxLength(1000))),
    deleteForever: z.optional(booleanish),
  }),
  response: z.object({}),
  auth: true,
  errors: [403, 404],
});

/** `POST tus/entries`: turns a finished resumable upload of the caller into a file entry. */
export const tusEntries = route({
  method: 'POST',
  path: 'tus/entries',
  tag: 'uploads',
  summary: 'Save a finished tus upload as a file entry',
  body: z.object({
    uploadKey: z
      .string({ error: 'The upload key field is required.' })
      .check(z.regex(TUS_UPLOAD_KEY, 'The upload key is invalid.')),
  }),
  response: FileEntryAnswer,
  status: 201,
  auth: true,
  errors: [404, 409, 423],
});

/**
 * The resumable endpoint speaks the tus 1.0 protocol (creation, termination and expiration extensions), served
 * by @tus/server before the body parser because it reads the raw request. These routes describe it for the API
 * reference: every request carries `Tus-Resumable: 1.0.0`, the session cookie and the `X-XSRF-TOKEN` header;
 * another user's upload answers 404; `uploads.disable_tus` turns the whole endpoint off (404).
 */
export const tusCreate = route({
  method: 'POST',
  path: TUS_ENDPOINT,
  tag: 'uploads',
  summary: 'Start a resumable (tus) upload',
  description:
    'Headers: `Upload-Length` (bytes, required) and `Upload-Metadata` (`name`, `mime`, `parentId`, base64 ' +
    'values). The declared size, type and the quota are checked here (422 with `errors.file`). Answers 201 ' +
    'with `Location: …/tus/upload/{uploadKey}`.',
  bodyType: 'raw',
  response: noContent,
  status: 201,
  auth: true,
  errors: [400, 404, 413],
});

/** `PATCH tus/upload/{uploadKey}` (also sent as POST with `X-HTTP-Method-Override: PATCH`). */
export const tusAppend = route({
  method: 'PATCH',
  path: `${TUS_ENDPOINT}/{uploadKey}`,
  tag: 'uploads',
  summary: 'Append bytes to a resumable upload',
  description:
    'Body: `application/offset+octet-stream` from `Upload-Offset`. Answers 204 with the new `Upload-Offset`; ' +
    '409 when the offset is not the server’s, 413 past the declared length, 423 while another request holds ' +
    'the upload, 410 once it expired. `HEAD` on the same URL answers the current `Upload-Offset` and ' +
    '`Upload-Length`, which is how a client resumes.',
  params: z.object({ uploadKey: z.string().check(z.regex(TUS_UPLOAD_KEY)) }),
  bodyType: 'raw',
  response: noContent,
  status: 204,
  auth: true,
  errors: [400, 404, 409, 410, 412, 413, 415, 423],
});

/** `DELETE tus/upload/{uploadKey}`: the tus termination extension. */
export const tusTerminate = route({
  method: 'DELETE',
  path: `${TUS_ENDPOINT}/{uploadKey}`,
  tag: 'uploads',
  summary: 'Cancel a resumable upload and remove what it sent',
  params: z.object({ uploadKey: z.string().check(z.regex(TUS_UPLOAD_KEY)) }),
  response: noContent,
  status: 204,
  auth: true,
  errors: [404, 423],
});

/** The routes of the tus protocol, which the uploads module serves as middleware rather than router routes. */
export const tusProtocol = [tusCreate, tusAppend, tusTerminate] as const;

/** `POST s3/simple/presign`: a URL the browser PUTs a whole file to, straight into the storage. */
export const s3Presign = route({
  method: 'POST',
  path: 's3/simple/presign',
  tag: 'uploads',
  summary: 'A presigned PUT URL for a direct upload',
  description:
    'Size, type and quota are checked from the declaration before anything is signed. The URL lives an hour; ' +
    'the PUT must send the answered headers. Answers 404 when the storage takes no direct uploads.',
  body: z.object({ ...declaredFile, disk: z.optional(z.string()) }),
  response: z.object({ url: z.string(), key: z.string(), headers: z.record(z.string(), z.string()) }),
  auth: true,
  errors: [404],
});

/** `POST s3/entries`: turns a finished direct upload into a file entry, from the object's real size and type. */
export const s3Entries = route({
  method: 'POST',
  path: 's3/entries',
  tag: 'uploads',
  summary: 'Save a finished direct upload as a file entry',
  body: z.object({
    /** The key `presign` or `multipart/create` answered. */
    filename: directKey,
    clientName: z.optional(z.string().check(z.maxLength(1000))),
    clientMime: z.optional(z.string().check(z.maxLength(255))),
    clientExtension: z.optional(z.string().check(z.maxLength(32))),
    size: z.optional(byteCount('size')),
    metadata,
  }),
  response: FileEntryAnswer,
  status: 201,
  auth: true,
  errors: [404],
});

/** `POST s3/multipart/create`: starts a multipart upload into the storage. */
export const s3MultipartCreate = route({
  method: 'POST',
  path: 's3/multipart/create',
  tag: 'uploads',
  summary: 'Start a multipart direct upload',
  body: z.object(declaredFile),
  response: z.object({ uploadId: z.string(), key: z.string() }),
  auth: true,
  errors: [404],
});

/** A part already received: its number, ETag and size. */
export const UploadedPart = z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() });
export type UploadedPart = z.infer<typeof UploadedPart>;

/** `POST s3/multipart/get-uploaded-parts`: the parts in the storage, so a retry sends only the missing ones. */
export const s3MultipartParts = route({
  method: 'POST',
  path: 's3/multipart/get-uploaded-parts',
  tag: 'uploads',
  summary: 'Parts of a multipart upload already received',
  description:
    'A storage that cannot list parts answers an empty list: the client then sends every part again.',
  body: z.object({ key: directKey, uploadId }),
  response: z.object({ parts: z.array(UploadedPart) }),
  auth: true,
  errors: [404],
});

/** `POST s3/multipart/batch-sign-part-urls`: presigned PUT URLs for up to ten parts. */
export const s3MultipartSignParts = route({
  method: 'POST',
  path: 's3/multipart/batch-sign-part-urls',
  tag: 'uploads',
  summary: 'Presigned URLs for up to 10 parts',
  body: z.object({
    key: directKey,
    uploadId,
    partNumbers: z
      .array(partNumber)
      .check(
        z.minLength(1),
        z.maxLength(MULTIPART_SIGN_BATCH, `At most ${MULTIPART_SIGN_BATCH} parts per batch.`),
      ),
  }),
  response: z.object({ urls: z.array(z.object({ partNumber: z.number(), url: z.string() })) }),
  auth: true,
  errors: [404],
});

/** `POST s3/multipart/complete`: joins the parts into the object. */
export const s3MultipartComplete = route({
  method: 'POST',
  path: 's3/multipart/complete',
  tag: 'uploads',
  summary: 'Finish a multipart direct upload',
  body: z.object({
    key: directKey,
    uploadId,
    parts: z
      .array(z.object({ PartNumber: partNumber, ETag: z.string().check(z.minLength(1), z.maxLength(200)) }))
      .check(z.minLength(1), z.maxLength(MULTIPART_MAX_PARTS)),
  }),
  response: z.object({ location: z.string() }),
  auth: true,
  errors: [404],
});

/** `POST s3/multipart/abort`: drops a multipart upload and whatever parts it received. */
export const s3MultipartAbort = route({
  method: 'POST',
  path: 's3/multipart/abort',
  tag: 'uploads',
  summary: 'Abort a multipart direct upload',
  body: z.object({ key: directKey, uploadId }),
  response: z.object({}),
  auth: true,
  errors: [404],
});
