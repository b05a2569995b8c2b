import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseOptions } from '@backline/server';

export interface TestDatabase {
  /** `pglite` or `postgres`, for test titles. */
  name: 'pglite' | 'postgres';
  /** Fresh options: a new PGlite directory, or a new schema in the PostgreSQL test database. */
  create(): { options: DatabaseOptions; dataDir: string; cleanup(): Promise<void> };
}

/** A fresh temporary directory, removed by `cleanup`. */
export function tempDir(prefix = 'backline-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The databases integration suites run on: PGlite always, PostgreSQL too when `DATABASE_URL` is set.
 * Each `create()` gets its own PGlite directory or PostgreSQL schema, so suites run in parallel safely.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      create() {
        const { dir, cleanup } = tempDir();
        return { options: { dataDir: dir }, dataDir: dir, cleanup: async () => cleanup() };
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    list.push({
      name: 'postgres',
      create() {
        const { dir, cleanup } = tempDir();
        const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
        return {
          options: { url, schema },
          dataDir: dir,
          async cleanup() {
            cleanup();
            const { default: knex } = await import('knex');
            const db = knex({ client: 'pg', connection: url });
            try {
              await db.raw('drop schema if exists ?? cascade', [schema]);
            } finally {
              await db.destroy();
            }
          },
        };
      },
    });
  }
  return list;
}
