import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_SETTINGS } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { defineModule, type Kit } from '../../kit';
import { storageKey } from './file-entry-model';
import { fileRoutes } from './file-routes';
import { type DistributedTusLocker, defaultTusLocker } from './postgres-locker';
import { DEFAULT_BLOCKED_EXTENSIONS, DEFAULT_MAX_UPLOAD_SIZE, DEFAULT_USER_QUOTA } from './restrictions';
import { cleanupPending, discardPending, PENDING_UPLOAD_MS, type PendingUpload, s3Routes } from './s3-routes';
import { TUS_EXPIRATION_MS, type TusLocker, TusUploads, tusRoutes } from './tus';
import { sweepReservations } from './upload-reservations';

export interface UploadsModuleOptions {
  /** How long an unfinished tus upload (or an unclaimed direct upload) is kept: 24 hours by default. */
  expirationMs?: number;
  /** How often expired uploads are swept: hourly by default; 0 turns the timer off (tests call `cleanup`). */
  cleanupIntervalMs?: number;
  /**
   * Where tus' file store keeps uploads in flight: `.tus` in the storage's `localDirectory` (local storage),
   * else `{dataDir}/tus`. Unused when the storage keeps resumable uploads itself (S3 storage: the bucket).
   */
  tusDirectory?: string;
  /**
   * The lock every tus request on an upload takes. The default on PostgreSQL is a PostgreSQL advisory lock per
   * upload, shared by every instance on the database (an upload's requests may land on any of them); on PGlite
   * (one process) @tus/server's MemoryLocker.
   */
  tusLocker?: TusLocker;
  /**
   * For storages that keep resumable uploads as parts (S3): the part size, all parts equal but the last
   * (S3: 8 MiB by default, at least 5 MiB).
   */
  tusPartSize?: number;
  /** tus uploads in progress one user may hold at once (`MAX_TUS_UPLOADS_IN_PROGRESS`, 20, by default). */
  maxUploadsInProgress?: number;
}

/** What the uploads module exposes once the app started (tests and the bench reach it through the module). */
export interface UploadsRuntime {
  tus: TusUploads;
  /** Removes expired tus uploads and pending direct uploads; resolves with how many went. */
  cleanup(): Promise<number>;
}

/**
 * Uploads: the `file_entries` table, form uploads (`POST file-entries`), serving entries, deletes, tus
 * under `/api/v1/tus/upload` and the direct-upload endpoints. Every route is the contract's `uploads` group.
 * What it offers follows the storage's capabilities (ranges, direct uploads, where resumable uploads wait),
 * never its class, so any `Storage` works. Install after `accounts()`.
 */
export const uploadsModule = (options: UploadsModuleOptions = {}) => {
  const expirationMs = options.expirationMs ?? Math.min(TUS_EXPIRATION_MS, PENDING_UPLOAD_MS);
  let runtime: UploadsRuntime | undefined;
  let tusMiddleware: Middleware | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let distributedLocker: DistributedTusLocker | undefined;
  // `.tus` is a name no storage key can take, so the file store can share the storage's directory.
  const tusDirectory = (kit: Kit) => {
    if (options.tusDirectory) return options.tusDirectory;
    const local = kit.storage.capabilities.localDirectory;
    if (local) return path.join(local, '.tus');
    if (kit.config.dataDir) return path.join(kit.config.dataDir, 'tus');
    return mkdtempSync(path.join(tmpdir(), 'backline-tus-'));
  };
  const setup = (kit: Kit): UploadsRuntime => {
    if (runtime) return runtime;
    if (!options.tusLocker) distributedLocker = defaultTusLocker(kit);
    const tus = new TusUploads(kit, {
      directory: kit.storage.capabilities.resumableStore ? undefined : tusDirectory(kit),
      expirationMs,
      locker: options.tusLocker ?? distributedLocker,
      partSize: options.tusPartSize,
      maxInProgress: options.maxUploadsInProgress,
    });
    tusMiddleware = tus.middleware();
    runtime = {
      tus,
      async cleanup() {
        const removed = (await tus.cleanup()) + (await cleanupPending(kit, expirationMs));
        await sweepReservations(kit.knex, kit.now());
        return removed;
      },
    };
    return runtime;
  };

  return defineModule({
    id: 'uploads',
    get runtime(): UploadsRuntime | undefined {
      return runtime;
    },
    migrations: {
      '001-file-entries': {
        async up(knex) {
          await knex.schema.createTable('file_entries', (t) => {
            t.increments('id');
            t.string('name', 255).notNullable();
            t.string('file_name', 64).notNullable().unique();
            t.string('mime', 255).notNullable();
            t.string('extension', 16);
            t.bigInteger('size').notNullable().defaultTo(0);
            t.string('disk', 16).notNullable();
            t.string('path', 255).notNullable().defaultTo('').index();
            t.integer('parent_id').references('file_entries.id').onDelete('CASCADE').index();
            t.integer('owner_id').references('users.id').onDelete('CASCADE').index();
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.timestamp('updated_at', { useTz: true }).notNullable();
            t.timestamp('deleted_at', { useTz: true }).index();
          });
          // Direct (S3) uploads between "presign" and "entries": the server-made key and who may finish it.
          await knex.schema.createTable('file_upload_keys', (t) => {
            t.string('key', 128).primary();
            t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.string('upload_id', 1024);
            t.string('name', 255).notNullable();
            t.timestamp('created_at', { useTz: true }).notNullable().index();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('file_upload_keys');
          await knex.schema.dropTable('file_entries');
        },
      },
      // tus uploads in progress, so their declared lengths count against the owner's quota before a byte is
      // stored, and the number one user holds is capped. The bytes themselves wait in tus' store.
      '002-tus-uploads': {
        async up(knex) {
          await knex.schema.createTable('tus_uploads', (t) => {
            t.string('id', 128).primary();
            t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.bigInteger('size').notNullable();
            t.timestamp('created_at', { useTz: true }).notNullable().index();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('tus_uploads');
        },
      },
      // Bytes promised to uploads in flight on every path (tus, direct, form), counted with stored files against
      // the owner's quota until the upload becomes an entry, ends or expires (see upload-reservations.ts).
      '003-upload-reservations': {
        async up(knex) {
          await knex.schema.createTable('upload_reservations', (t) => {
            t.string('id', 160).primary();
            t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE').index();
            t.bigInteger('size').notNullable();
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.timestamp('expires_at', { useTz: true }).notNullable().index();
          });
          // tus uploads already in progress keep their place in the quota.
          await knex.raw(
            `insert into upload_reservations (id, owner_id, size, created_at, expires_at)
             select 'tus:' || id, owner_id, size, created_at, created_at + interval '1 day' from tus_uploads`,
          );
        },
        async down(knex) {
          await knex.schema.dropTable('upload_reservations');
        },
      },
    },
    settings: {
      [UPLOAD_SETTINGS.direct]: { value: false, public: true },
      [UPLOAD_SETTINGS.disableTus]: { value: false, public: true },
      [UPLOAD_SETTINGS.maxSize]: { value: DEFAULT_MAX_UPLOAD_SIZE, public: true },
      [UPLOAD_SETTINGS.allowedExtensions]: { value: [], public: true },
      [UPLOAD_SETTINGS.blockedExtensions]: { value: [...DEFAULT_BLOCKED_EXTENSIONS], public: true },
      [UPLOAD_SETTINGS.allowedMimes]: { value: [], public: true },
      [UPLOAD_SETTINGS.blockedMimes]: { value: [], public: true },
      'uploads.user_quota': { value: DEFAULT_USER_QUOTA },
    },
    routes(router, kit) {
      const { tus } = setup(kit);
      fileRoutes(router);
      tusRoutes(router, () => tus);
      s3Routes(router);
    },
    // tus reads the raw request body, so it runs before the body parser (and after session and XSRF).
    middleware: [
      async (ctx, next) => {
        return tusMiddleware ? tusMiddleware(ctx, next) : next();
      },
    ],
    async start(kit) {
      const { cleanup } = setup(kit);
      if (options.cleanupIntervalMs !== 0) {
        await cleanup().catch((error) => kit.log.warn(`Upload cleanup failed: ${error}`));
        sweep = setInterval(
          () => cleanup().catch((error) => kit.log.warn(`Upload cleanup failed: ${error}`)),
          options.cleanupIntervalMs ?? 3_600_000,
        ).unref();
      }
    },
    async stop() {
      if (sweep) clearInterval(sweep);
      await distributedLocker?.close();
    },
    user: {
      /**
       * Deletes the user's file entries and pending direct uploads inside the account-deletion transaction. The
       * bytes go only after that transaction commits (nothing is lost if it rolls back): the entries' objects,
       * the direct uploads (their S3 multipart uploads aborted, or their parts would stay billed), and the tus
       * uploads the user had in flight, which no row records.
       */
      async onDelete(kit: Kit, userId: number, trx: Knex.Transaction) {
        const rows: { file_name: string }[] = await trx('file_entries')
          .where({ owner_id: userId })
          .select('file_name');
        const pending: PendingUpload[] = await trx('file_upload_keys').where({ owner_id: userId });
        await trx('file_upload_keys').where({ owner_id: userId }).delete();
        await trx('tus_uploads').where({ owner_id: userId }).delete();
        await trx('upload_reservations').where({ owner_id: userId }).delete();
        // Children first is not needed: parent_id cascades, and every row of the user goes.
        await trx('file_entries').where({ owner_id: userId }).delete();
        const removeBytes = async () => {
          const keys = rows.map((row) => storageKey(row.file_name));
          if (keys.length) await kit.storage.delete(keys);
          for (const row of pending) await discardPending(kit, row);
          await runtime?.tus.removeOwnedBy(userId);
        };
        trx.executionPromise.then(
          () =>
            removeBytes().catch((error) => kit.log.warn(`Removing a deleted user's files failed: ${error}`)),
          () => {},
        );
      },
    },
  });
};

export { FileEntry, type FileEntryRecord, serializeFileEntry, storageKey } from './file-entry-model';
export type { UploadRestrictions } from './restrictions';
export { type StoreUploadedFileInput, storeUploadedFile } from './store-file';
