import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
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

let template: string | null | undefined;

/**
 * An empty PGlite cluster to copy into each fresh test database, made once per machine (per PGlite build) and kept in
 * the temp directory. PGlite's initdb costs 9–12 s of CPU in WebAssembly, and the suites open a fresh database a few
 * hundred times per CI run; booting a copied cluster costs about 1.5 s. `null` when it cannot be made: each database
 * then runs its own initdb, as before, only slower.
 */
export function pgliteTemplate(): string | null {
  if (template !== undefined) return template;
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@electric-sql/pglite');
    // The resolved path carries PGlite's version in pnpm's store; the size tells two builds of one version apart.
    const key = createHash('sha256')
      .update(`${entry}:${statSync(entry).size}`)
      .digest('hex')
      .slice(0, 12);
    const dir = path.join(tmpdir(), `backline-pglite-template-${key}`);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      execFileSync(process.execPath, [path.join(import.meta.dirname, 'pglite-template.mjs'), dir], {
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 300_000,
      });
    }
    template = existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
  } catch (error) {
    console.warn(`No PGlite template; each test database runs initdb: ${String(error)}`);
    template = null;
  }
  return template;
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
        // The server keeps PGlite's cluster in `<dataDir>/db` and boots one it finds there instead of running initdb.
        const cluster = pgliteTemplate();
        if (cluster) cpSync(cluster, path.join(dir, 'db'), { recursive: true });
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
