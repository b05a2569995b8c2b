import type { Knex } from 'knex';
import { slugify } from '../../../contract';

/**
 * The genre ids for names as people type them (tags, forms), creating the missing genres: a genre is keyed by its
 * slug, so "Hip Hop" and "hip-hop" are one genre, shown as first typed. Names without a letter or digit are skipped.
 */
export async function genreIdsFor(trx: Knex | Knex.Transaction, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const display of names) {
    const name = slugify(display.trim());
    if (!name) continue;
    await trx('music_genres').insert({ name, display_name: display.trim() }).onConflict('name').ignore();
    const row = await trx('music_genres').where({ name }).first('id');
    if (!ids.includes(Number(row.id))) ids.push(Number(row.id));
  }
  return ids;
}
