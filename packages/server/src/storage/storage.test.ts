import { existsSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { tempDir } from '@internal/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../env';
import { createStorage, LocalStorage, S3Storage, storageConnectSources } from './index';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('local storage', () => {
  const { dir, cleanup } = tempDir('backline-storage-test-');
  afterAll(cleanup);
  const storage = new LocalStorage(dir);

  it('writes, stats, reads ranges and deletes', async () => {
    expect(
      await storage.write('uploads/a', Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
        mime: 'text/plain',
      }),
    ).toEqual({ size: 11 });
    expect(await storage.stat('uploads/a')).toEqual({ size: 11 });
    expect(await read(await storage.read('uploads/a'))).toBe('hello world');
    expect(await read(await storage.read('uploads/a', { start: 6, end: 10 }))).toBe('world');
    await storage.delete(['uploads/a', 'uploads/missing']);
    expect(await storage.stat('uploads/a')).toBeNull();
  });

  it('leaves no partial file when a stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.write('uploads/broken', failing, { mime: 'text/plain' })).rejects.toThrow(
      'connection reset',
    );
    expect(existsSync(path.join(dir, 'uploads', 'broken'))).toBe(false);
    expect(readdirSync(path.join(dir, 'uploads')).filter((name) => name.startsWith('broken'))).toEqual([]);
  });

  it('shares a file that is replaced by renames: one inode, the source kept, the stored bytes never change', async () => {
    const source = path.join(dir, 'generated.mp3');
    writeFileSync(source, 'first take');
    expect(await storage.shareFile('uploads/shared', source)).toEqual({ size: 10 });
    expect(statSync(path.join(dir, 'uploads', 'shared')).ino).toBe(statSync(source).ino);
    // The generator makes a file again by writing a new one and renaming it over the old name.
    writeFileSync(`${source}.tmp`, 'second, longer take');
    renameSync(`${source}.tmp`, source);
    expect(await read(await storage.read('uploads/shared'))).toBe('first take');
    await expect(storage.shareFile('uploads/missing', path.join(dir, 'nope'))).rejects.toThrow('ENOENT');
    expect(readdirSync(path.join(dir, 'uploads')).filter((name) => name.startsWith('missing'))).toEqual([]);
  });

  it.each([
    '../etc/passwd',
    '/etc/passwd',
    'uploads/../../x',
    'uploads/.',
    'a\u0000b',
    '',
    '.tmp/x',
    'uploads//x',
  ])('refuses the key %j', async (key) => {
    await expect(storage.write(key, Buffer.from('x'), { mime: 'text/plain' })).rejects.toThrow(
      'Unsafe storage key',
    );
  });
});

describe('storage from options and the environment', () => {
  it('defaults to local disk under the data directory', () => {
    const storage = createStorage(undefined, '/srv/data');
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).root).toBe('/srv/data/storage');
    // Local disk reads ranges and lets scratch files be renamed into place; it takes no direct uploads.
    expect(storage.capabilities).toEqual({ rangeReads: true, localDirectory: '/srv/data/storage' });
    expect(storageConnectSources(storage)).toEqual([]);
  });

  it('reads S3_* and UPLOADS_DIRECT', () => {
    const options = optionsFromEnv(
      {
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        UPLOADS_DIRECT: 'true',
        UPLOADS_MAX_SIZE: '1048576',
      },
      '/srv',
    );
    expect(options.storage).toEqual({
      driver: 's3',
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(options.settings).toEqual({
      'uploads.direct': { value: true, public: true },
      'uploads.max_size': { value: 1048576, public: true },
    });
    const storage = createStorage(options.storage, undefined);
    expect(storage).toBeInstanceOf(S3Storage);
    expect((storage as S3Storage).origin).toBe('http://127.0.0.1:9000');
    // Browsers PUT direct uploads there, so pages may connect to it.
    expect(storage.capabilities.directUploads?.origin).toBe('http://127.0.0.1:9000');
    expect(storageConnectSources(storage)).toEqual(['http://127.0.0.1:9000']);
    expect(storage.capabilities.rangeReads).toBe(true);
    expect(storage.capabilities.resumableStore).toBeTypeOf('function');
    expect(storage.capabilities.localDirectory).toBeUndefined();
  });

  it('sets neither storage nor settings without them, so a config file keeps its own', () => {
    const options = optionsFromEnv({}, '/srv');
    expect(options).not.toHaveProperty('storage');
    expect(options).not.toHaveProperty('settings');
  });
});
