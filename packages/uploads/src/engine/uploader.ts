import {
  type CookieSource,
  createHttpClient,
  DEFAULT_ERROR_MESSAGE,
  defaultCookieSource,
  getCookie,
  type HttpClient,
  isHttpError,
} from '@backline/core';
import { isJunkFile, XSRF_COOKIE } from '@backline/core/contract';
import { defaultUploadDrivers } from '../drivers/default-drivers';
import {
  type DriverContext,
  type DriverSelectionContext,
  type KeyValueStorage,
  pickDriver,
  type UploadCandidate,
  type UploadDriver,
  UploadStop,
} from '../drivers/driver';
import { UPLOAD_CONCURRENCY, UPLOAD_TIMEOUT } from './constants';
import { canStart, type ScheduledItem } from './driver-choice';
import {
  checkRestrictions,
  extensionOf,
  type RestrictionFailure,
  type UploadRestrictions,
} from './restrictions';
import { etaSeconds, SpeedMeter } from './speed';
import {
  englishTranslate,
  type FileEntry,
  type Translate,
  type UploadItem,
  type UploadSource,
} from './types';

/** Spec accounts §8: the message of an upload that made no progress for 30 seconds. */
export const UPLOAD_TIMED_OUT_MESSAGE = 'Upload timed out';

/** Timers the queue uses; tests pass fake ones to move time instead of waiting. */
export interface UploaderClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface UploaderOptions {
  /** The http client JSON calls go through (the provider's one in React); a default one otherwise. */
  http?: HttpClient;
  restrictions?: UploadRestrictions;
  /** `uploads.direct`: S3 presigned and multipart uploads straight to the bucket. */
  direct?: boolean;
  /** `uploads.disable_tus`. */
  disableTus?: boolean;
  /** Uploads at once; 3 by default (1 while a folder or multipart upload runs). */
  concurrency?: number;
  /** Milliseconds without progress before an upload fails; 30 000 by default. */
  timeout?: number;
  /** Translates the queue's own messages (restrictions, time-out, the generic error); English by default. */
  translate?: Translate;
  /** Locale for sizes in messages. */
  locale?: string;
  /** Sent with every upload (`parentId`, …). */
  metadata?: Record<string, string | number>;
  /**
   * The drivers the queue asks, in order, for each file; the built-in ones (`defaultUploadDrivers`) by default.
   * `uploader.use(driver)` registers more later.
   */
  drivers?: readonly UploadDriver[];
  /** Where the XSRF cookie is read; the document by default. */
  cookies?: CookieSource;
  /** Where resumable uploads are remembered; `localStorage` by default (null for none). */
  storage?: KeyValueStorage | null;
  clock?: UploaderClock;
  /**
   * Schedules a store notification. Many changes (1000 added files, progress from three uploads) are
   * batched into one notification; by default at most one per 16 ms.
   */
  schedule?: (flush: () => void) => void;
}

/** The queue as React (or anything else) renders it; a new object after every change. */
export interface UploadsState {
  items: readonly UploadItem[];
  /** Counts per status. */
  pending: number;
  inProgress: number;
  completed: number;
  failed: number;
  aborted: number;
  /** Bytes of the items not failed or aborted, and how many of them are uploaded. */
  totalBytes: number;
  uploadedBytes: number;
  /** 0 to 100 over those bytes. */
  percentage: number;
  /** Bytes per second over the running uploads. */
  speed: number;
  /** Seconds until the queue is done at the current speed, or null. */
  eta: number | null;
  /** True while something is pending or in progress. */
  isUploading: boolean;
}

/** What listeners are told. */
export interface UploaderEvents {
  added: (items: UploadItem[]) => void;
  started: (item: UploadItem) => void;
  progress: (item: UploadItem) => void;
  completed: (item: UploadItem, entry: FileEntry) => void;
  failed: (item: UploadItem, error: unknown) => void;
  aborted: (item: UploadItem) => void;
  /** A file was refused before upload (the item is failed with the restriction's message). */
  restrictionFailed: (item: UploadItem, failure: RestrictionFailure) => void;
  /** Nothing pending or in progress any more. */
  idle: () => void;
}

/** A framework-free upload queue with a store (`subscribe` / `getSnapshot`) and events. */
export interface Uploader {
  /** Queues files (or `{file, relativePath}`); answers the new items, refused ones already failed. */
  add(files: Iterable<File | UploadSource> | ArrayLike<File | UploadSource>): UploadItem[];
  abort(id: string): void;
  abortAll(): void;
  /** Queues a failed or aborted item again; a resumable one continues where it stopped. */
  retry(id: string): void;
  /** Removes an item (aborting it first if it runs). */
  remove(id: string): void;
  /** Removes every completed, failed and aborted item. */
  clearFinished(): void;
  getItem(id: string): UploadItem | undefined;
  getSnapshot(): UploadsState;
  subscribe(listener: () => void): () => void;
  on<E extends keyof UploaderEvents>(event: E, handler: UploaderEvents[E]): () => void;
  /** Notifies subscribers now instead of at the next scheduled flush. */
  flush(): void;
  /**
   * Registers a driver: it is asked before the others, so it takes the files its `canUpload` accepts and
   * leaves the rest to them; a driver of the same name is replaced where it stands. Files added afterwards
   * use it. Answers a function that unregisters it.
   */
  use(driver: UploadDriver): () => void;
  /** The registered drivers, in the order they are asked. */
  drivers(): readonly UploadDriver[];
  /** Aborts everything and drops listeners. */
  destroy(): void;
}

const realClock: UploaderClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Run {
  controller: AbortController;
  meter: SpeedMeter;
  timer: unknown;
  /** What the concurrency rule knows of the running upload. */
  scheduled: ScheduledItem;
}

let nextId = 0;

/** A new id for an upload item (unique in this page). */
function itemId(): string {
  nextId += 1;
  return `upload-${Date.now().toString(36)}-${nextId.toString(36)}`;
}

/** Stable for the same file (name, type, size, date, folder path), so resumable uploads find it again. */
export function fileFingerprint(
  file: { name: string; type: string; size: number; lastModified: number },
  relativePath = '',
) {
  return ['backline', relativePath || file.name, file.type, file.size, file.lastModified].join('-');
}

/** True for the empty `.DS_Store` files macOS leaves in folders; the picker and drop zone skip them. */
export { isJunkFile };

/** The server's message for a failed upload (the `file` field error first), or null when it sent none. */
export function uploadErrorMessage(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const fieldMessage = error.errors.file?.[0] ?? Object.values(error.errors)[0]?.[0];
  if (fieldMessage) return fieldMessage;
  if (error.serverMessage) return error.serverMessage;
  // tus servers answer plain text ("Maximum size exceeded").
  if (error.status >= 400 && error.status < 500 && typeof error.body === 'string') {
    const text = error.body.trim();
    if (text && text.length <= 200 && !text.startsWith('<')) return text;
  }
  return null;
}

const toSource = (input: File | UploadSource): UploadSource =>
  'file' in input && !(input instanceof Blob) ? input : { file: input as File };

const cleanPath = (path: string | undefined, name: string) => {
  const clean = (path ?? '').replace(/^\/+/, '');
  // A lone file's "path" is its own name: that is no folder.
  return clean === name ? '' : clean;
};

/** Creates an upload queue. */
export function createUploader(options: UploaderOptions = {}): Uploader {
  const http = options.http ?? createHttpClient();
  const clock = options.clock ?? realClock;
  const translate = options.translate ?? englishTranslate;
  const limit = options.concurrency ?? UPLOAD_CONCURRENCY;
  const timeout = options.timeout ?? UPLOAD_TIMEOUT;
  let drivers: readonly UploadDriver[] = [...(options.drivers ?? defaultUploadDrivers)];
  const selection: DriverSelectionContext = {
    direct: Boolean(options.direct),
    disableTus: Boolean(options.disableTus),
  };
  /** The driver an item goes through: the one it was given if still registered and willing, else a new pick. */
  const driverFor = (item: UploadCandidate & { driver: string }): UploadDriver | undefined => {
    const named = drivers.find((driver) => driver.name === item.driver);
    return named?.canUpload(item, selection) ? named : pickDriver(drivers, item, selection);
  };
  const scheduledOf = (item: UploadItem): ScheduledItem => ({
    relativePath: item.relativePath,
    exclusive: Boolean(driverFor(item)?.exclusive),
  });
  const storage =
    options.storage !== undefined
      ? options.storage
      : ((globalThis as { localStorage?: KeyValueStorage }).localStorage ?? null);
  const schedule = options.schedule ?? ((flush: () => void) => globalThis.setTimeout(flush, 16));

  const items = new Map<string, UploadItem>();
  const files = new Map<string, File>();
  let order: string[] = [];
  // Pending ids in start order; `head` skips those already taken, so starting the next one is O(1).
  let queue: string[] = [];
  let head = 0;
  const runs = new Map<string, Run>();
  const refused = new Set<string>();
  const listeners = new Set<() => void>();
  type AnyHandler = (...args: never[]) => void;
  const handlers = new Map<keyof UploaderEvents, Set<AnyHandler>>();

  let snapshot: UploadsState | null = null;
  let flushScheduled = false;
  let destroyed = false;

  const emit = <E extends keyof UploaderEvents>(event: E, ...args: Parameters<UploaderEvents[E]>) => {
    for (const handler of handlers.get(event) ?? [])
      (handler as unknown as (...a: Parameters<UploaderEvents[E]>) => void)(...args);
  };

  const changed = () => {
    snapshot = null;
    if (flushScheduled || destroyed) return;
    flushScheduled = true;
    schedule(flush);
  };

  function flush() {
    flushScheduled = false;
    for (const listener of [...listeners]) listener();
  }

  const update = (id: string, patch: Partial<UploadItem>): UploadItem | undefined => {
    const current = items.get(id);
    if (!current) return undefined;
    const next = { ...current, ...patch };
    items.set(id, next);
    changed();
    return next;
  };

  function buildSnapshot(): UploadsState {
    const list: UploadItem[] = new Array(order.length);
    const state: UploadsState = {
      items: list,
      pending: 0,
      inProgress: 0,
      completed: 0,
      failed: 0,
      aborted: 0,
      totalBytes: 0,
      uploadedBytes: 0,
      percentage: 0,
      speed: 0,
      eta: null,
      isUploading: false,
    };
    order.forEach((id, index) => {
      const item = items.get(id)!;
      list[index] = item;
      state[item.status] += 1;
      if (item.status !== 'failed' && item.status !== 'aborted') {
        state.totalBytes += item.size;
        state.uploadedBytes += item.bytesUploaded;
      }
      if (item.status === 'inProgress') state.speed += item.speed;
    });
    state.isUploading = state.pending + state.inProgress > 0;
    state.percentage = state.totalBytes ? Math.min(100, (state.uploadedBytes / state.totalBytes) * 100) : 0;
    state.eta = state.isUploading ? etaSeconds(state.totalBytes - state.uploadedBytes, state.speed) : null;
    return state;
  }

  const activeItems = function* () {
    for (const run of runs.values()) yield run.scheduled;
  };

  function pump() {
    while (head < queue.length && !destroyed) {
      const item = items.get(queue[head]!);
      if (item?.status !== 'pending') {
        head++;
        continue;
      }
      // First come, first served: a waiting folder upload is not overtaken by files added later.
      if (!canStart(scheduledOf(item), activeItems(), limit)) break;
      head++;
      start(item);
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    if (runs.size === 0 && head >= queue.length) emit('idle');
  }

  const armTimer = (id: string, run: Run) => {
    if (run.timer !== undefined) clock.clearTimeout(run.timer);
    run.timer = clock.setTimeout(() => stop(id, 'timeout'), timeout);
  };

  function start(item: UploadItem) {
    const id = item.id;
    const driver = driverFor(item);
    const run: Run = {
      controller: new AbortController(),
      meter: new SpeedMeter(clock.now()),
      timer: undefined,
      scheduled: { relativePath: item.relativePath, exclusive: Boolean(driver?.exclusive) },
    };
    runs.set(id, run);
    const started = update(id, {
      driver: driver?.name ?? item.driver,
      status: 'inProgress',
      errorMessage: null,
      bytesUploaded: 0,
      percentage: 0,
      speed: 0,
      eta: null,
    })!;
    armTimer(id, run);
    emit('started', started);
    const context: DriverContext = {
      file: files.get(id)!,
      item: started,
      http,
      signal: run.controller.signal,
      onProgress: (bytes) => progress(id, run, bytes),
      metadata: { ...options.metadata },
      xsrfToken: () => getCookie(XSRF_COOKIE, options.cookies ?? defaultCookieSource()),
      storage,
    };
    Promise.resolve()
      .then(() => {
        // Only a queue whose drivers all turn the file down gets here: it fails, and a retry asks again.
        if (!driver) throw new Error(`No upload driver takes ${item.name}`);
        return driver.upload(context);
      })
      .then(
        (entry) => {
          if (runs.get(id) !== run) return;
          const done = finish(id, run, {
            status: 'completed',
            entry,
            bytesUploaded: item.size,
            percentage: 100,
            speed: 0,
            eta: 0,
          });
          if (done) emit('completed', done, entry);
          pump();
        },
        (error: unknown) => {
          if (runs.get(id) !== run) return;
          const message = uploadErrorMessage(error) ?? translate(DEFAULT_ERROR_MESSAGE);
          const done = finish(id, run, { status: 'failed', errorMessage: message, speed: 0, eta: null });
          if (done) emit('failed', done, error);
          pump();
        },
      );
  }

  function progress(id: string, run: Run, bytes: number) {
    if (runs.get(id) !== run) return;
    const item = items.get(id)!;
    const bytesUploaded = Math.max(0, Math.min(bytes, item.size));
    armTimer(id, run);
    const speed = run.meter.sample(bytesUploaded, clock.now());
    const next = update(id, {
      bytesUploaded,
      percentage: item.size ? Math.min(100, (bytesUploaded / item.size) * 100) : 0,
      speed,
      eta: etaSeconds(item.size - bytesUploaded, speed),
    });
    if (next) emit('progress', next);
  }

  function finish(id: string, run: Run, patch: Partial<UploadItem>): UploadItem | undefined {
    if (run.timer !== undefined) clock.clearTimeout(run.timer);
    runs.delete(id);
    return update(id, patch);
  }

  /** Stops a running upload for the user (aborted) or the time-out (failed). */
  function stop(id: string, reason: 'abort' | 'timeout') {
    const run = runs.get(id);
    if (!run) return;
    const done =
      reason === 'abort'
        ? finish(id, run, { status: 'aborted', speed: 0, eta: null })
        : finish(id, run, {
            status: 'failed',
            errorMessage: translate(UPLOAD_TIMED_OUT_MESSAGE),
            speed: 0,
            eta: null,
          });
    run.controller.abort(new UploadStop(reason));
    if (done) {
      if (reason === 'abort') emit('aborted', done);
      else emit('failed', done, new UploadStop('timeout'));
    }
    pump();
  }

  const uploader: Uploader = {
    add(input) {
      const added: UploadItem[] = [];
      const failures: [UploadItem, RestrictionFailure][] = [];
      for (const entry of Array.from(input as ArrayLike<File | UploadSource>)) {
        const { file, relativePath } = toSource(entry);
        if (isJunkFile(file)) continue;
        const path = cleanPath(relativePath ?? file.webkitRelativePath, file.name);
        const facts = {
          name: file.name,
          size: file.size,
          mime: file.type,
          extension: extensionOf(file.name),
        };
        const candidate: UploadCandidate = { ...facts, relativePath: path };
        const failure = checkRestrictions(facts, options.restrictions, translate, options.locale);
        const item: UploadItem = {
          id: itemId(),
          ...facts,
          relativePath: path,
          lastModified: file.lastModified,
          fingerprint: fileFingerprint(file, path),
          percentage: 0,
          bytesUploaded: 0,
          status: failure ? 'failed' : 'pending',
          entry: null,
          errorMessage: failure ? failure.message : null,
          driver: pickDriver(drivers, candidate, selection)?.name ?? '',
          speed: 0,
          eta: null,
          refused: Boolean(failure),
        };
        items.set(item.id, item);
        files.set(item.id, file);
        order.push(item.id);
        if (failure) {
          refused.add(item.id);
          failures.push([item, failure]);
        } else queue.push(item.id);
        added.push(item);
      }
      if (!added.length) return added;
      changed();
      emit('added', added);
      for (const [item, failure] of failures) {
        emit('restrictionFailed', item, failure);
        emit('failed', item, failure);
      }
      pump();
      return added;
    },
    abort(id) {
      const item = items.get(id);
      if (!item) return;
      if (item.status === 'pending') {
        const done = update(id, { status: 'aborted' });
        if (done) emit('aborted', done);
        pump();
      } else if (item.status === 'inProgress') stop(id, 'abort');
    },
    abortAll() {
      // Pending ones first, so stopping a running upload does not start the next one.
      for (const id of order) if (items.get(id)?.status === 'pending') uploader.abort(id);
      for (const id of [...runs.keys()]) stop(id, 'abort');
    },
    retry(id) {
      const item = items.get(id);
      // A refused file would only be refused again.
      if (!item || refused.has(id) || (item.status !== 'failed' && item.status !== 'aborted')) return;
      update(id, {
        status: 'pending',
        errorMessage: null,
        bytesUploaded: 0,
        percentage: 0,
        speed: 0,
        eta: null,
      });
      queue.push(id);
      pump();
    },
    remove(id) {
      if (!items.has(id)) return;
      if (runs.has(id)) stop(id, 'abort');
      items.delete(id);
      files.delete(id);
      refused.delete(id);
      order = order.filter((other) => other !== id);
      changed();
      pump();
    },
    clearFinished() {
      const keep = order.filter((id) => {
        const status = items.get(id)?.status;
        const finished = status === 'completed' || status === 'failed' || status === 'aborted';
        if (finished) {
          items.delete(id);
          files.delete(id);
          refused.delete(id);
        }
        return !finished;
      });
      if (keep.length !== order.length) {
        order = keep;
        changed();
      }
    },
    getItem: (id) => items.get(id),
    getSnapshot() {
      snapshot ??= buildSnapshot();
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set<AnyHandler>();
      handlers.set(event, set);
      set.add(handler as AnyHandler);
      return () => void set.delete(handler as AnyHandler);
    },
    flush,
    use(driver) {
      const index = drivers.findIndex((other) => other.name === driver.name);
      drivers =
        index >= 0 ? drivers.map((other, at) => (at === index ? driver : other)) : [driver, ...drivers];
      return () => {
        drivers = drivers.filter((other) => other !== driver);
      };
    },
    drivers: () => drivers,
    destroy() {
      for (const id of [...runs.keys()]) stop(id, 'abort');
      destroyed = true;
      listeners.clear();
      handlers.clear();
    },
  };
  return uploader;
}
