import type { Knex } from 'knex';
import { trigramSchema } from '../catalogue/migrations';
import { countOf } from '../catalogue/paginate';

/**
 * Ranked search over one table: full-text matches (a prefix query over the `search` tsvector, GIN-indexed)
 * rank first, trigram similarity (pg_trgm, GIN-indexed) catches typos and partial words. Answers the matching
 * ids, best first, and their total.
 */

/** pg_trgm's schema per database, looked up once. */
const trgmSchemas = new WeakMap<Knex, Promise<string>>();
const schemaOf = (knex: Knex) => {
  let found = trgmSchemas.get(knex);
  if (!found) {
    found = trigramSchema(knex);
    found.catch(() => trgmSchemas.delete(knex));
    trgmSchemas.set(knex, found);
  }
  return found;
};

/** `nebul drif` → `nebul:* & drif:*`: every typed word, as a prefix (as-you-type search finds whole names). */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return null;
  return words
    .slice(0, 8)
    .map((word) => `${word}:*`)
    .join(' & ');
}

export interface SearchTable {
  table: string;
  /** The column trigram similarity compares with (it has the trigram index). */
  column: string;
  /** Extra conditions (public playlists only, say). */
  where?: (query: Knex.QueryBuilder) => void;
  /** A popularity column that breaks ties. */
  popularity?: string;
}

export async function searchIds(
  knex: Knex,
  spec: SearchTable,
  text: string,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const trgm = await schemaOf(knex);
  const tsquery = prefixQuery(text);
  const t = spec.table;
  const column = `${t}."${spec.column}"`;
  // Table and column names come from SEARCH_TABLES (code), never from the request; the text is a binding.
  const fullText = tsquery ? `${t}.search @@ to_tsquery('simple', ?) or ` : '';
  const base = knex(t).whereRaw(
    `(${fullText}${column} operator(${trgm}.%) ? or ? operator(${trgm}.<%) ${column})`,
    [...(tsquery ? [tsquery] : []), text, text],
  );
  spec.where?.(base);
  const rank = knex.raw(
    `(${tsquery ? `ts_rank(${t}.search, to_tsquery('simple', ?)) * 2 + ` : ''}` +
      `greatest(${trgm}.similarity(${column}, ?), ${trgm}.word_similarity(?, ${column}))` +
      ` + case when lower(${column}) = lower(?) then 1 else 0 end)`,
    [...(tsquery ? [tsquery] : []), text, text, text],
  );
  const count = await countOf(base.clone());
  const rows = await base
    .select(`${t}.id`)
    .orderByRaw(`? desc${spec.popularity ? `, ${t}.${spec.popularity} desc` : ''}, ${t}.id`, [rank])
    .offset(offset)
    .limit(limit);
  return { ids: rows.map((row) => Number(row.id)), total: Number(count) };
}

export const SEARCH_TABLES = {
  artists: { table: 'music_artists', column: 'name', popularity: 'plays' },
  albums: { table: 'music_albums', column: 'name', popularity: 'plays' },
  tracks: { table: 'music_tracks', column: 'name', popularity: 'plays' },
  playlists: {
    table: 'music_playlists',
    column: 'name',
    popularity: 'tracks_count',
    where: (q: Knex.QueryBuilder) => q.where('music_playlists.public', true),
  },
} satisfies Record<string, SearchTable>;

/** Listeners by name (first and last name only: an address is never searchable). */
export async function searchUserIds(knex: Knex, text: string, offset: number, limit: number) {
  const trgm = await schemaOf(knex);
  const name = `concat_ws(' ', users.first_name, users.last_name)`;
  const base = knex('users')
    .whereRaw(`${name} <> ''`)
    .whereRaw(`(${name} ilike ? or ${trgm}.word_similarity(?, ${name}) > 0.5)`, [
      `%${text.replace(/[\\%_]/g, '\\$&')}%`,
      text,
    ]);
  const count = await countOf(base.clone());
  const rows = await base
    .select('users.id')
    .orderByRaw(`${trgm}.word_similarity(?, ${name}) desc, users.id`, [text])
    .offset(offset)
    .limit(limit);
  return { ids: rows.map((row) => Number(row.id)), total: Number(count) };
}
