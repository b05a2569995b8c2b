import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createBackline } from '@backline/server';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate, testDatabases } from './databases';

describe('fresh PGlite test databases', () => {
  it('are copies of one template cluster, which the server boots instead of running initdb', async () => {
    const template = pgliteTemplate();
    expect(template).not.toBeNull();
    expect(existsSync(path.join(template!, 'PG_VERSION'))).toBe(true);

    const fresh = testDatabases()[0]!.create();
    try {
      // Mark the copied cluster, then start a server on the options: it must find the mark, which shows that it
      // opened the copy (`<dataDir>/db`) rather than making a cluster of its own somewhere else.
      const cluster = path.join(fresh.dataDir, 'db');
      expect(existsSync(path.join(cluster, 'PG_VERSION'))).toBe(true);
      const direct = await PGlite.create(cluster);
      await direct.exec('create table template_mark (id int); insert into template_mark values (7)');
      await direct.close();

      const app = await createBackline({ logger: 'silent', database: fresh.options, dataDir: fresh.dataDir });
      try {
        expect(await app.kit.knex('template_mark').pluck('id')).toEqual([7]);
      } finally {
        await app.close();
      }
      // The template itself is untouched (opened through a copy of its own: opening a cluster writes to it, and other
      // workers may be copying the template right now).
      const again = path.join(fresh.dataDir, 'template-again');
      cpSync(template!, again, { recursive: true });
      const copy = await PGlite.create(again);
      try {
        const { rows } = await copy.query<{ found: string | null }>(
          "select to_regclass('template_mark') as found",
        );
        expect(rows[0]?.found).toBeNull();
      } finally {
        await copy.close();
      }
    } finally {
      await fresh.cleanup();
    }
  });
});
