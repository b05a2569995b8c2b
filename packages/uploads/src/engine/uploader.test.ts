import { HttpError } from '@backline/core';
import { describe, expect, it } from 'vitest';
import { defaultUploadDrivers } from '../drivers/default-drivers';
import type { DriverContext, UploadDriver, UploadStop } from '../drivers/driver';
import { storyEntry } from '../react/uploads.fixtures';
import { MB } from './constants';
import type { FileEntry } from './types';
import {
  createUploader,
  fileFingerprint,
  type UploaderClock,
  type UploaderOptions,
  uploadErrorMessage,
} from './uploader';

/** A timer queue the test moves by hand. */
function fakeClock() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: UploaderClock & { advance(ms: number): void } = {
    now: () => now,
    setTimeout(callback, ms) {
      seq += 1;
      timers.set(seq, { at: now + ms, callback });
      return seq;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
  return clock;
}

/** A driver whose uploads the test finishes, fails or moves along by hand. */
function manualDriver() {
  const runs: { context: DriverContext; resolve(entry: FileEntry): void; reject(error: unknown): void }[] =
    [];
  const upload = (context: DriverContext) =>
    new Promise<FileEntry>((resolve, reject) => {
      runs.push({ context, resolve, reject });
      context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true });
    });
  /** A driver that takes every file, named `form` unless told otherwise. */
  const driver: UploadDriver = { name: 'form', canUpload: () => true, upload };
  const find = (name: string) => {
    const run = runs.filter((candidate) => candidate.context.item.name === name).at(-1);
    if (!run) throw new Error(`${name} was never started`);
    return run;
  };
  /** The built-in drivers, choosing as they do but sending through this manual driver. */
  const builtIns: UploadDriver[] = defaultUploadDrivers.map((builtIn) => ({ ...builtIn, upload }));
  return { driver, builtIns, upload, runs, find };
}

const file = (name: string, type = 'audio/mpeg') =>
  new File([new Uint8Array(0)], name, { type, lastModified: 1_700_000_000_000 }) as File & { size: number };

/** A File that reports any size without holding the bytes (the queue never reads them). */
const sized = (name: string, size: number, type = 'audio/mpeg') => {
  const f = file(name, type);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: UploaderOptions = {}) {
  const manual = manualDriver();
  const clock = fakeClock();
  let notifications = 0;
  const uploader = createUploader({
    drivers: manual.builtIns,
    clock,
    storage: null,
    schedule: (flush) => flush(),
    ...options,
  });
  uploader.subscribe(() => notifications++);
  const statusOf = (name: string) => uploader.getSnapshot().items.find((item) => item.name === name)?.status;
  return { uploader, manual, clock, statusOf, notifications: () => notifications };
}

const entry = (id: number): FileEntry => storyEntry(id, `f${id}`);

describe('upload queue', () => {
  it('goes pending, inProgress, completed, and starts the next pending item when a slot frees', async () => {
    const { uploader, manual, statusOf } = setup();
    uploader.add([file('a.mp3'), file('b.mp3'), file('c.mp3'), file('d.mp3')]);
    await settle();
    expect(['a', 'b', 'c', 'd'].map((n) => statusOf(`${n}.mp3`))).toEqual([
      'inProgress',
      'inProgress',
      'inProgress',
      'pending',
    ]);
    expect(manual.runs).toHaveLength(3);
    manual.find('b.mp3').resolve(entry(2));
    await settle();
    expect(statusOf('b.mp3')).toBe('completed');
    expect(statusOf('d.mp3')).toBe('inProgress');
    const b = uploader.getSnapshot().items[1]!;
    expect(b.entry).toEqual(entry(2));
    expect(b.percentage).toBe(100);
    expect(b.bytesUploaded).toBe(b.size);
  });

  it('runs folder files one at a time', async () => {
    const { uploader, manual, statusOf } = setup();
    uploader.add([
      { file: file('1.mp3'), relativePath: 'album/1.mp3' },
      { file: file('2.mp3'), relativePath: 'album/2.mp3' },
      file('loose.mp3'),
    ]);
    await settle();
    expect(manual.runs).toHaveLength(1);
    expect(uploader.getSnapshot().items[0]!.relativePath).toBe('album/1.mp3');
    manual.find('1.mp3').resolve(entry(1));
    await settle();
    expect(statusOf('2.mp3')).toBe('inProgress');
    // The loose file waits its turn instead of running beside the folder upload.
    expect(statusOf('loose.mp3')).toBe('pending');
    manual.find('2.mp3').resolve(entry(2));
    await settle();
    expect(statusOf('loose.mp3')).toBe('inProgress');
  });

  it('runs a multipart upload alone', async () => {
    const { uploader, manual, statusOf } = setup({ direct: true });
    uploader.add([file('small.mp3'), sized('huge.wav', 101 * MB), file('after.mp3')]);
    await settle();
    expect(statusOf('small.mp3')).toBe('inProgress');
    expect(statusOf('huge.wav')).toBe('pending');
    manual.find('small.mp3').resolve(entry(1));
    await settle();
    expect(statusOf('huge.wav')).toBe('inProgress');
    expect(uploader.getItem(uploader.getSnapshot().items[1]!.id)?.driver).toBe('s3-multipart');
    expect(statusOf('after.mp3')).toBe('pending');
  });

  it('picks the driver by size and settings', () => {
    const { uploader } = setup();
    const [small, large] = uploader.add([file('s.mp3'), sized('l.mp3', 5 * MB)]);
    expect(small?.driver).toBe('form');
    expect(large?.driver).toBe('tus');
  });

  it('fails refused files at once with the restriction message and never uploads them', async () => {
    const { uploader, manual } = setup({ restrictions: { allowedMimes: ['image/*'], maxSize: 2 * MB } });
    const refusals: string[] = [];
    uploader.on('restrictionFailed', (_item, failure) => refusals.push(failure.message));
    const items = uploader.add([
      file('song.mp3'),
      sized('huge.png', 3 * MB, 'image/png'),
      file('ok.png', 'image/png'),
    ]);
    await settle();
    expect(items.map((item) => item.status)).toEqual(['failed', 'failed', 'pending']);
    expect(items.map((item) => item.errorMessage)).toEqual([
      'This file type is not allowed',
      '`huge.png` exceeds maximum allowed size of 2 MB',
      null,
    ]);
    expect(refusals).toHaveLength(2);
    expect(manual.runs.map((run) => run.context.item.name)).toEqual(['ok.png']);
    uploader.retry(items[0]!.id);
    expect(uploader.getItem(items[0]!.id)?.status).toBe('failed');
  });

  it('skips empty .DS_Store files', () => {
    const { uploader } = setup();
    const items = uploader.add([file('.DS_Store'), file('a.mp3')]);
    expect(items.map((item) => item.name)).toEqual(['a.mp3']);
  });

  it('fails with the server message, the file field error first, or the generic text', async () => {
    const { uploader, manual, statusOf } = setup();
    uploader.add([file('a.mp3'), file('b.mp3'), file('c.mp3')]);
    await settle();
    manual.find('a.mp3').reject(
      new HttpError({
        status: 422,
        method: 'POST',
        url: '/x',
        body: { message: 'Invalid', errors: { file: 'Too big for your quota' } },
      }),
    );
    manual
      .find('b.mp3')
      .reject(new HttpError({ status: 500, method: 'POST', url: '/x', body: { message: 'Disk full' } }));
    manual.find('c.mp3').reject(new Error('socket hang up'));
    await settle();
    expect(statusOf('a.mp3')).toBe('failed');
    expect(uploader.getSnapshot().items.map((item) => item.errorMessage)).toEqual([
      'Too big for your quota',
      'Disk full',
      'There was an issue. Please try again later.',
    ]);
  });

  it('times out after 30 s without progress, not while progress keeps coming', async () => {
    const { uploader, manual, clock, statusOf } = setup();
    uploader.add([sized('slow.mp3', 1000), sized('stuck.mp3', 1000)]);
    await settle();
    const slow = manual.find('slow.mp3');
    for (let i = 1; i <= 5; i++) {
      clock.advance(20_000);
      slow.context.onProgress(i * 10);
    }
    expect(statusOf('slow.mp3')).toBe('inProgress');
    expect(statusOf('stuck.mp3')).toBe('failed');
    const stuck = uploader.getSnapshot().items[1]!;
    expect(stuck.errorMessage).toBe('Upload timed out');
    const stuckRun = manual.find('stuck.mp3');
    expect(stuckRun.context.signal.aborted).toBe(true);
    expect((stuckRun.context.signal.reason as UploadStop).reason).toBe('timeout');
    clock.advance(29_999);
    expect(statusOf('slow.mp3')).toBe('inProgress');
    clock.advance(1);
    expect(statusOf('slow.mp3')).toBe('failed');
  });

  it('aborts pending and running items, and retries them', async () => {
    const { uploader, manual, statusOf } = setup({ concurrency: 1 });
    const [a, b] = uploader.add([file('a.mp3'), file('b.mp3')]);
    await settle();
    uploader.abort(b!.id);
    expect(statusOf('b.mp3')).toBe('aborted');
    uploader.abort(a!.id);
    expect(statusOf('a.mp3')).toBe('aborted');
    const run = manual.find('a.mp3');
    expect((run.context.signal.reason as UploadStop).reason).toBe('abort');
    // A late answer of the aborted upload changes nothing.
    run.resolve(entry(1));
    await settle();
    expect(statusOf('a.mp3')).toBe('aborted');
    expect(manual.runs).toHaveLength(1);

    uploader.retry(a!.id);
    await settle();
    expect(statusOf('a.mp3')).toBe('inProgress');
    expect(manual.runs).toHaveLength(2);
    manual.find('a.mp3').resolve(entry(1));
    uploader.retry(b!.id);
    await settle();
    expect(statusOf('a.mp3')).toBe('completed');
    expect(statusOf('b.mp3')).toBe('inProgress');
  });

  it('tracks progress, speed and ETA', async () => {
    const { uploader: u2, manual: m2, clock: c2 } = setup();
    u2.add([sized('b.mp3', 10_000)]);
    await settle();
    const r2 = m2.find('b.mp3');
    c2.advance(1000);
    r2.context.onProgress(1000);
    const item = u2.getSnapshot().items[0]!;
    expect(item.bytesUploaded).toBe(1000);
    expect(item.percentage).toBe(10);
    expect(item.speed).toBe(1000);
    expect(item.eta).toBe(9);
    expect(u2.getSnapshot().percentage).toBe(10);
    expect(u2.getSnapshot().eta).toBe(9);
  });

  it('adds 1000 files with one notification and starts only three', async () => {
    const { uploader, manual, notifications } = setup({ schedule: () => undefined });
    let flushes = 0;
    const batched = createUploader({
      drivers: [manual.driver],
      storage: null,
      schedule: (flush) => {
        flushes++;
        queueMicrotask(flush);
      },
    });
    let seen = 0;
    batched.subscribe(() => seen++);
    const many = Array.from({ length: 1000 }, (_, i) => file(`track-${i}.mp3`));
    batched.add(many);
    await settle();
    expect(flushes).toBe(1);
    expect(seen).toBe(1);
    expect(batched.getSnapshot().items).toHaveLength(1000);
    expect(batched.getSnapshot().inProgress).toBe(3);
    expect(batched.getSnapshot().pending).toBe(997);
    // The snapshot is cached between changes (useSyncExternalStore needs a stable value).
    expect(batched.getSnapshot()).toBe(batched.getSnapshot());
    batched.destroy();
    expect(notifications()).toBe(0);
    uploader.destroy();
  });

  it('gives the same file the same fingerprint, and a different one in another folder', () => {
    const a = file('a.mp3');
    expect(fileFingerprint(a)).toBe(fileFingerprint(file('a.mp3')));
    expect(fileFingerprint(a, 'x/a.mp3')).not.toBe(fileFingerprint(a));
  });

  it('reads the server message from HTTP errors, including tus plain text', () => {
    expect(
      uploadErrorMessage(
        new HttpError({ status: 413, method: 'PATCH', url: '/t', body: 'Maximum size exceeded\n' }),
      ),
    ).toBe('Maximum size exceeded');
    expect(uploadErrorMessage(new HttpError({ status: 0, method: 'POST', url: '/t' }))).toBeNull();
    expect(uploadErrorMessage(new Error('x'))).toBeNull();
  });
});

describe('file sources', () => {
  it('keeps folder paths from the file input and skips empty .DS_Store files', async () => {
    const { filesFromInput } = await import('../files/file-sources');
    const inFolder = new File(['x'], 'a.mp3');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'album/a.mp3' });
    const junk = new File([], '.DS_Store');
    const nonEmptyJunk = new File(['x'], '.DS_Store');
    expect(
      filesFromInput([inFolder, junk, nonEmptyJunk]).map((source) => [source.file.name, source.relativePath]),
    ).toEqual([
      ['a.mp3', 'album/a.mp3'],
      ['.DS_Store', ''],
    ]);
  });
});
