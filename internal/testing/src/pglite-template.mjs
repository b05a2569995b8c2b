// Creates an empty PGlite cluster at the path given as the only argument, as a template for test databases.
// Run as a child process by `pgliteTemplate()` (databases.ts), so the synchronous `testDatabases().create()` can wait
// for it. The cluster is made beside the target and renamed into place, so a reader never sees half a cluster and
// two workers racing to make it leave one.
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const target = process.argv[2];
if (!target) throw new Error('usage: pglite-template.mjs <target directory>');
if (!existsSync(`${target}/PG_VERSION`)) {
  const building = `${target}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const pglite = await PGlite.create(building);
    await pglite.close();
    try {
      renameSync(building, target);
    } catch (error) {
      // Another worker renamed its copy first: theirs is as good as ours.
      if (!existsSync(`${target}/PG_VERSION`)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}
