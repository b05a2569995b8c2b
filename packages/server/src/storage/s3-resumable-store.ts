import { MULTIPART_MIN_PART, TUS_UPLOAD_KEY } from '@backline/core/contract';
import { S3Store } from '@tus/s3-store';
import { ERRORS } from '@tus/server';
import type { S3Storage } from './s3-storage';
import type { ResumableStore, ResumableStoreOptions, ResumableUploadInfo } from './storage';

/** Where the S3 store keeps each upload's bookkeeping: `tus/{key}.info` and the short tail `tus/{key}.part`. */
export const TUS_S3_PREFIX = 'tus/';
/** A record's key: the upload key clients see (`TUS_UPLOAD_KEY`), under the prefix. */
const INFO = new RegExp(`^tus/(${TUS_UPLOAD_KEY.source.replace(/^\^|\$$/g, '')})\\.info$`);
/** The part size by default: 8 MiB. */
export const TUS_S3_PART_SIZE = 8 * 1024 * 1024;

/** What the S3 store recorded about an upload in its `.info` object. */
export interface TusS3Info extends ResumableUploadInfo {
  /** The S3 multipart upload that collects the parts. */
  uploadId: string | undefined;
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NoSuchUpload' || name === 'NotFound' || status === 404;
};

/**
 * @tus/s3-store with the bucket laid out for stored files: the resumable store of `S3Storage`. The upload's id is
 * the key its bytes end up at (the uploads module names it `uploads/{uuid}`), so the multipart upload completes
 * right where a file entry keeps its bytes and claiming it moves nothing. The store's bookkeeping (`.info`, and
 * `.part` for a tail shorter than a part) lives under `tus/`, named after the upload key clients see, so a sweep
 * lists only uploads in flight. Removing an upload never deletes the object once a file entry points at it
 * (`isClaimed`), so a late DELETE or sweep cannot take a saved file's bytes.
 */
export class TusS3Store extends S3Store implements ResumableStore {
  constructor(
    readonly storage: S3Storage,
    private readonly options: ResumableStoreOptions,
  ) {
    const partSize = options.partSize ?? TUS_S3_PART_SIZE;
    if (partSize < MULTIPART_MIN_PART) throw new Error('The tus part size must be at least 5 MiB.');
    super({
      s3ClientConfig: { ...storage.clientConfig, bucket: storage.bucket },
      // Every part but the last has this size (S3 wants 5 MiB at least; R2 wants all parts equal).
      partSize,
      minPartSize: partSize,
      expirationPeriodInMilliseconds: options.expirationMs,
      // Expiry is the uploads module's sweep, not lifecycle rules on tags, and several S3-compatible stores
      // lack object tagging.
      useTags: false,
    });
  }

  /** @tus/server reads and writes through the store itself. */
  get datastore(): this {
    return this;
  }

  protected override infoKey(id: string): string {
    return `${TUS_S3_PREFIX}${this.options.uploadKeyOf(id)}.info`;
  }

  protected override partKey(id: string, isIncomplete = false): string {
    return isIncomplete ? `${TUS_S3_PREFIX}${this.options.uploadKeyOf(id)}.part` : id;
  }

  /** The metadata recorded at creation (owner, name, type), through the store's cache. */
  async cachedMetadata(id: string): Promise<Record<string, string | null> | undefined> {
    return (await this.getMetadata(id)).file.metadata;
  }

  /** The upload's `.info`, read from the bucket (never from the cache); null once it is claimed or removed. */
  async info(id: string): Promise<TusS3Info | null> {
    try {
      const answer = await this.client.getObject({ Bucket: this.bucket, Key: this.infoKey(id) });
      const file = JSON.parse((await answer.Body?.transformToString()) ?? '{}') as {
        size?: number;
        metadata?: Record<string, string | null>;
        creation_date?: string;
      };
      return {
        size: Number.isFinite(file.size) ? Number(file.size) : undefined,
        metadata: file.metadata ?? {},
        creationDate: file.creation_date,
        uploadId: answer.Metadata?.['upload-id'],
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Whether the finished object is in the bucket with the upload's size. An empty upload never gets a PATCH, so
   * its multipart upload is completed here, with the single empty part S3 asks for.
   */
  async finished(id: string, size: number): Promise<boolean> {
    const stat = await this.storage.stat(id);
    if (stat) return stat.size === size;
    if (size !== 0) return false;
    await this.finishMultipartUpload(await this.getMetadata(id), []);
    return (await this.storage.stat(id))?.size === 0;
  }

  /** Drops the bookkeeping of a claimed (or refused) upload; the object itself is the caller's business. */
  async release(id: string): Promise<void> {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: this.partKey(id, true) }, { Key: this.infoKey(id) }], Quiet: true },
    });
    await this.cache.delete(id);
  }

  /**
   * Removes an upload: aborts its multipart upload, deletes its object (unless a file entry holds it) and its
   * bookkeeping, `.info` last so a failure part-way is retried by the next sweep. False when it is gone already.
   */
  async discard(id: string): Promise<boolean> {
    const info = await this.info(id);
    if (!info) return false;
    if (info.uploadId) {
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: info.uploadId })
        .catch((error: unknown) => {
          // A finished upload has no multipart upload left.
          if (!isMissing(error)) throw error;
        });
    }
    const keys = [this.partKey(id, true)];
    if (!(await this.options.isClaimed(id))) keys.push(id);
    await this.storage.delete(keys);
    await this.release(id);
    return true;
  }

  /** tus termination (`DELETE`): @tus/s3-store's own removal leaves `.part` behind and fails on finished uploads. */
  override async remove(id: string): Promise<void> {
    if (!(await this.discard(id))) throw ERRORS.FILE_NOT_FOUND;
  }

  /** Every upload in flight (claimed ones drop out), with when its `.info` was last written. */
  async list(): Promise<{ id: string; lastModified: Date | undefined }[]> {
    const found: { id: string; lastModified: Date | undefined }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: TUS_S3_PREFIX,
        ContinuationToken: token,
      });
      for (const object of page.Contents ?? []) {
        const match = INFO.exec(object.Key ?? '');
        if (match) found.push({ id: this.options.idOf(match[1]!), lastModified: object.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }
}
