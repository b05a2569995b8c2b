import type { Knex } from 'knex';

/** A page of ids and the kit's page envelope around whatever they load into. */
export interface IdPage {
  ids: number[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/**
 * Counts `query` and reads one page of its `id` column (the query carries its own order and selects `id`).
 * The count runs without the order, over the same filters.
 */
export async function pageIds(
  query: Knex.QueryBuilder,
  page: number,
  perPage: number,
  idColumn = 'id',
): Promise<IdPage & { rows: Record<string, unknown>[] }> {
  const countQuery = query.clone().clearSelect().clearOrder();
  const total = await countOf(
    query.client.queryBuilder().from(countQuery.select(query.client.raw('1')).as('q')),
  );
  const rows: Record<string, unknown>[] = await query.offset((page - 1) * perPage).limit(perPage);
  return {
    rows,
    ids: rows.map((row) => Number(row[idColumn])),
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** The envelope `{pagination: {data, current_page, per_page, total, last_page}}`. */
export function envelope<T>(page: IdPage, data: T[]) {
  return {
    pagination: {
      data,
      current_page: page.current_page,
      per_page: page.per_page,
      total: page.total,
      last_page: page.last_page,
    },
  };
}

/** `count(*)` of a query, as a number. */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const rows = (await query.count({ count: '*' })) as { count?: unknown }[];
  return Number(rows[0]?.count ?? 0);
}
