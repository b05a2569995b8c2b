import { type AnswerOf, MULTIPART_THRESHOLD, uploads } from '@backline/core/contract';
import { MULTIPART_PARALLEL_PARTS, MULTIPART_SIGN_BATCH } from '../engine/constants';
import { multipartParts } from '../engine/multipart';
import type { FileEntry } from '../engine/types';
import { type DriverContext, stoppedByUser, type UploadDriver } from './driver';
import { declaredFile, s3EntryPayload } from './s3-presign-driver';
import { sendXhr } from './xhr';

/** The upload a multipart session continues: the key and upload id `s3/multipart/create` answered. */
type MultipartSession = Pick<AnswerOf<typeof uploads.s3MultipartCreate>, 'key' | 'uploadId'>;

/** A part as `get-uploaded-parts` lists it (the contract's `UploadedPart`; the size may be unknown). */
export type UploadedPart = Omit<uploads.UploadedPart, 'Size'> & { Size?: number };

/** Where an unfinished multipart upload is remembered, so a retry or a reload resumes it. */
export const multipartStorageKey = (fingerprint: string) => `backline.uploads.s3-multipart.${fingerprint}`;

/**
 * The parts a resumed upload keeps, from the bucket's listing: part number to ETag. A part whose size does
 * not match this file's chunking (another chunk size, a torn write) is uploaded again.
 */
export function reusableParts(size: number, listed: readonly UploadedPart[]): Map<number, string> {
  const parts = multipartParts(size);
  const keep = new Map<number, string>();
  for (const uploaded of listed) {
    const part = parts[uploaded.PartNumber - 1];
    if (part && uploaded.ETag && (uploaded.Size === undefined || uploaded.Size === part.end - part.start))
      keep.set(uploaded.PartNumber, uploaded.ETag);
  }
  return keep;
}

/** Attempts per part before the upload fails (network blips on one part should not lose the file). */
const PART_ATTEMPTS = 3;

/**
 * S3 multipart: create (or resume by listing the parts already uploaded), sign part URLs ten at a time,
 * PUT five parts in parallel, complete, then `s3/entries`. A user abort calls `abort`; a time-out keeps
 * the upload so a retry resumes it. Takes files from 100 MB when the site turns direct uploads on, and runs
 * alone.
 */
export const s3MultipartDriver: UploadDriver = {
  name: 's3-multipart',
  exclusive: true,
  canUpload: (file, { direct }) => direct && file.size >= MULTIPART_THRESHOLD,
  upload: (context) => uploadInParts(context),
};

async function uploadInParts(context: DriverContext): Promise<FileEntry> {
  const { file, item, http, signal, onProgress, storage } = context;
  const storageKey = multipartStorageKey(item.fingerprint);
  let session = readSession(storage?.getItem(storageKey) ?? null);
  const parts = multipartParts(item.size);
  const done = new Map<number, string>();

  if (session) {
    try {
      const answer = await http.call(uploads.s3MultipartParts, { body: session, signal });
      for (const [number, etag] of reusableParts(item.size, answer.parts)) done.set(number, etag);
    } catch (error) {
      if (signal.aborted) throw error;
      session = null;
      done.clear();
    }
  }
  if (!session) {
    session = await http.call(uploads.s3MultipartCreate, { body: declaredFile(context), signal });
    storage?.setItem(storageKey, JSON.stringify({ key: session.key, uploadId: session.uploadId }));
  }
  const { key, uploadId } = session;

  try {
    const sizeOf = (partNumber: number) => {
      const part = parts[partNumber - 1]!;
      return part.end - part.start;
    };
    let finished = [...done.keys()].reduce((sum, number) => sum + sizeOf(number), 0);
    const inFlight = new Map<number, number>();
    const report = () => {
      let bytes = finished;
      for (const loaded of inFlight.values()) bytes += loaded;
      onProgress(Math.min(bytes, item.size));
    };
    report();

    const todo = parts.filter((part) => !done.has(part.partNumber));
    const urls = new Map<number, string>();
    let signing: Promise<void> = Promise.resolve();
    // Signs the next batch (up to ten unsigned parts from this one on), one batch at a time.
    const urlFor = async (partNumber: number): Promise<string> => {
      while (!urls.has(partNumber)) {
        const previous = signing;
        let release!: () => void;
        signing = new Promise((resolve) => (release = resolve));
        try {
          await previous;
          if (urls.has(partNumber)) break;
          const start = todo.findIndex((part) => part.partNumber === partNumber);
          const batch = todo
            .slice(start)
            .filter((part) => !urls.has(part.partNumber))
            .slice(0, MULTIPART_SIGN_BATCH)
            .map((part) => part.partNumber);
          const answer = await http.call(uploads.s3MultipartSignParts, {
            body: { key, uploadId, partNumbers: batch },
            signal,
          });
          for (const signed of answer.urls) urls.set(signed.partNumber, signed.url);
          if (!urls.has(partNumber)) throw new Error(`No signed URL for part ${partNumber}`);
        } finally {
          release();
        }
      }
      return urls.get(partNumber)!;
    };

    const queue = [...todo];
    const worker = async () => {
      for (let part = queue.shift(); part; part = queue.shift()) {
        const url = await urlFor(part.partNumber);
        const body = file.slice(part.start, part.end);
        for (let attempt = 1; ; attempt++) {
          try {
            const response = await sendXhr({
              method: 'PUT',
              url,
              body,
              signal,
              onProgress: (loaded) => {
                inFlight.set(part!.partNumber, loaded);
                report();
              },
            });
            const etag = response.header('ETag');
            if (!etag) throw new Error('The bucket did not expose the ETag header (check its CORS set-up)');
            done.set(part.partNumber, etag);
            inFlight.delete(part.partNumber);
            finished += part.end - part.start;
            report();
            break;
          } catch (error) {
            inFlight.delete(part.partNumber);
            if (signal.aborted || attempt >= PART_ATTEMPTS) throw error;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(MULTIPART_PARALLEL_PARTS, todo.length) }, worker));

    await http.call(uploads.s3MultipartComplete, {
      body: {
        key,
        uploadId,
        parts: [...done.entries()]
          .sort(([a], [b]) => a - b)
          .map(([PartNumber, ETag]) => ({ PartNumber, ETag })),
      },
      signal,
    });
    storage?.removeItem(storageKey);
    const { fileEntry } = await http.call(uploads.s3Entries, { body: s3EntryPayload(context, key), signal });
    return fileEntry;
  } catch (error) {
    if (stoppedByUser(signal)) await abortMultipart(context, { key, uploadId }, storageKey);
    throw error;
  }
}

async function abortMultipart(context: DriverContext, session: MultipartSession, storageKey: string) {
  context.storage?.removeItem(storageKey);
  try {
    // The queue's signal is aborted already; this clean-up call must still go out.
    await context.http.call(uploads.s3MultipartAbort, { body: session });
  } catch {
    // The bucket's lifecycle rules clean up what this call could not.
  }
}

function readSession(raw: string | null): MultipartSession | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<MultipartSession>;
    return typeof parsed.key === 'string' && typeof parsed.uploadId === 'string'
      ? { key: parsed.key, uploadId: parsed.uploadId }
      : null;
  } catch {
    return null;
  }
}
