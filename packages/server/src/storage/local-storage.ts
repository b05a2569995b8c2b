import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, open as openFd } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage, type StorageCapabilities } from './storage';

/** The largest single read of a stored file's stream (see `read`). */
const READ_CHUNK_BYTES = 256 * 1024;

/**
 * Files on local disk under `root`. Writes go to a temporary name in the same directory and are renamed into
 * place, so a reader never sees half a file and a failed write leaves nothing behind.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  /** Ranges are file offsets; scratch files under the root become stored files with a rename. */
  readonly capabilities: StorageCapabilities;

  constructor(readonly root: string) {
    this.capabilities = { rangeReads: true, localDirectory: root };
  }

  /** The absolute path of a key. */
  pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async write(
    key: string,
    body: Readable | Buffer,
    _options?: { mime: string; size?: number },
  ): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    let size = 0;
    const out = createWriteStream(temp, { highWaterMark: 1 << 20 });
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      source.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(source, out);
      await rename(temp, target);
    } catch (error) {
      // A source that fails at once can reject the pipeline before the file is even open; the stream still
      // opens and closes it afterwards, so wait for that before removing it, or the .part file outlives us.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async writeFile(key: string, filePath: string): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(filePath, target);
    } catch (error) {
      // Another device (a temp dir on tmpfs, say): copy, then remove the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await copyFile(filePath, temp);
        await rename(temp, target);
      } catch (copyError) {
        await rm(temp, { force: true });
        throw copyError;
      }
      await unlink(filePath);
    }
    return { size: (await stat(target)).size };
  }

  async shareFile(key: string, filePath: string): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    try {
      // A hard link costs no bytes: the source's writer replaces files by renaming new ones into place, so
      // the stored copy never changes under us. Another device or a file system without links copies.
      await link(filePath, temp).catch(async (error: NodeJS.ErrnoException) => {
        if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes(error.code ?? '')) throw error;
        await copyFile(filePath, temp);
      });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    // Opening is the existence check (a missing file rejects here, before any stream exists), and the stream
    // reads from that same handle: one system call less per read than a stat first, which the streaming
    // benchmark counts (docs/benchmarks.md).
    // A numeric descriptor keeps the stream on fs.read's callbacks, as a path would (a FileHandle goes through
    // promises per chunk).
    const fd = await new Promise<number>((resolve, reject) =>
      openFd(this.pathOf(key), 'r', (error, opened) => (error ? reject(error) : resolve(opened))),
    );
    // Reads of up to 256 KiB at a time (Node's default is 64 KiB): a media player's range request is often
    // that size, so it costs one read and one socket write instead of four of each, and a whole-file
    // download makes a quarter of the system calls, for at most 256 KiB buffered per open stream.
    const length = range ? range.end - range.start + 1 : Number.POSITIVE_INFINITY;
    return createReadStream('', {
      fd,
      highWaterMark: Math.max(1, Math.min(length, READ_CHUNK_BYTES)),
      ...(range && { start: range.start, end: range.end }),
    });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch {
      return null;
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}
