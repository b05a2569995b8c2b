import type { Knex } from 'knex';
import type { ThemeRecord } from '../../bootstrap/bootstrap';
import { sharedJson } from '../../bootstrap/shared-json';

// One cached list per database handle (one per app), so two apps in one process never share themes.
const cache = new WeakMap<Knex, Promise<readonly ThemeRecord[]>>();

/**
 * The rows of the `themes` table, read once and kept in memory: every bootstrap answer and every page
 * needs them, and they only change when a site owner edits a theme. Whoever writes the table calls
 * `invalidateThemes` (as settings writes refresh the settings cache).
 */
export function themeRecords(knex: Knex): Promise<readonly ThemeRecord[]> {
  let rows = cache.get(knex);
  if (!rows) {
    rows = knex<ThemeRecord>('themes')
      .select('id', 'name', 'is_dark', 'default_light', 'default_dark', 'colors')
      .orderBy('id')
      .then((list) => sharedJson(list as ThemeRecord[]));
    cache.set(knex, rows);
    // A failed read must not stick: the next request tries the database again.
    rows.catch(() => cache.delete(knex));
  }
  return rows;
}

/** Forgets the cached themes after a write to the `themes` table. */
export function invalidateThemes(knex: Knex): void {
  cache.delete(knex);
}
