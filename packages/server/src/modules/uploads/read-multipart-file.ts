import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import { ValidationError } from '../../http/errors';
import { sizeMessage } from './restrictions';

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
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: options.allowEmpty ?? true,
      minFileSize: options.allowEmpty === false ? 1 : 0,
      hashAlgorithm: false,
      filename: () => 'upload',
      filter: (part) => part.name === 'file' || !part.originalFilename,
    },
    onError: (error) => {
      // formidable marks every cap it enforces (file size, total size, file count) with 413.
      if ((error as { httpCode?: number }).httpCode === 413)
        throw new ValidationError({ file: [sizeMessage(null, options.maxSize)] });
      throw options.unreadable();
    },
  })(ctx, async () => {});
  const part = (ctx.request.files as unknown as Record<string, UploadedPart | UploadedPart[]> | undefined)
    ?.file;
  return Array.isArray(part) ? part[0] : part;
}
