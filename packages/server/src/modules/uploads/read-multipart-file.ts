import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import { ValidationError } from '../../http/errors';
import { sizeMessage } from './restrictions';

/** Fields besides the file a multipart upload may carry; more is not a form of ours. */
export const MAX_FORM_FIELDS = 20;
/** Bytes all those fields may hold together. */
export const MAX_FORM_FIELDS_SIZE = 64 * 1024;

export const ONE_FILE_MESSAGE = 'Send one file per upload.';
export const TOO_MANY_FIELDS_MESSAGE = `The upload has more than ${MAX_FORM_FIELDS} fields.`;
export const FIELDS_TOO_LARGE_MESSAGE = "The upload's fields are too large.";

/**
 * formidable's codes for the caps it enforces (`FormidableError.js`). All of them carry httpCode 413, so the code
 * is what tells a second file part or a 21st field from a file that is too big: each gets its own reason.
 */
const FORMIDABLE = { maxFieldsSize: 1006, maxFields: 1007, maxFiles: 1015 } as const;

/** The parts of a formidable file the handlers read (formidable's own types come with koa-body's). */
export interface UploadedPart {
  filepath: string;
  originalFilename: string | null;
  mimetype: string | null;
}

export interface MultipartFileOptions {
  /** A scratch directory of this request's own (`uploadTempDir`); the caller removes it. */
  dir: string;
  /** Bytes; a bigger file stops the stream with the spec's size message (422). */
  maxSize: number;
  /** Whether an empty file is read (true) or refused as unreadable. */
  allowEmpty?: boolean;
  /** What a body that cannot be read answers (a 4xx error). */
  unreadable(): Error;
}

/**
 * Reads the single `file` part of a multipart request, streamed by formidable into `dir` under a name of ours
 * (the client's name never becomes a path on disk), plus small fields into `ctx.request.body`. Both the form
 * upload and the avatar read their bodies here, so size caps and error answers cannot drift apart.
 * Undefined when the request has no `file` part.
 */
export async function readMultipartFile(
  ctx: Context,
  options: MultipartFileOptions,
): Promise<UploadedPart | undefined> {
  await koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir: options.dir,
      maxFiles: 1,
      maxFileSize: options.maxSize,
      maxTotalFileSize: options.maxSize,
      maxFields: MAX_FORM_FIELDS,
      maxFieldsSize: MAX_FORM_FIELDS_SIZE,
      allowEmptyFiles: options.allowEmpty ?? true,
      minFileSize: options.allowEmpty === false ? 1 : 0,
      hashAlgorithm: false,
      filename: () => 'upload',
      filter: (part) => part.name === 'file' || !part.originalFilename,
    },
    onError: (error) => {
      const { code, httpCode } = error as { code?: number; httpCode?: number };
      if (code === FORMIDABLE.maxFiles) throw new ValidationError({ file: [ONE_FILE_MESSAGE] });
      if (code === FORMIDABLE.maxFields) throw new ValidationError({ file: [TOO_MANY_FIELDS_MESSAGE] });
      if (code === FORMIDABLE.maxFieldsSize) throw new ValidationError({ file: [FIELDS_TOO_LARGE_MESSAGE] });
      // The remaining caps formidable marks with 413 are the file's size and the total size.
      if (httpCode === 413) throw new ValidationError({ file: [sizeMessage(null, options.maxSize)] });
      throw options.unreadable();
    },
  })(ctx, async () => {});
  const part = (ctx.request.files as unknown as Record<string, UploadedPart | UploadedPart[]> | undefined)
    ?.file;
  return Array.isArray(part) ? part[0] : part;
}
