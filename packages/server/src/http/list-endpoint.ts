import { LIST_DEFAULT_PER_PAGE, LIST_MAX_PER_PAGE, type Page } from '@backline/core/contract';
import type { Knex } from 'knex';
import { ValidationError } from './errors';

/** The list input every admin list accepts (see `listQuery` in the contract, which validates it). */
export interface ListInput {
  page?: number;
  perPage?: number;
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
  query?: string;
}

export interface ListOptions<Input extends ListInput, Row> {
  /** The rows to page through, before search, filters, order and paging (`knex('users')`). */
  base: Knex.QueryBuilder;
  input: Input;
  /**
   * The allow-list of sortable columns: the name the caller sends → the SQL column it sorts by. A name not in
   * this map is refused with 422, even if a schema somewhere let it through.
   */
  orderBy: Record<string, string>;
  /** The order without `orderBy`: `['created_at', 'desc']`. Ties are broken by `idColumn` for a stable order. */
  defaultOrder: [column: string, dir: 'asc' | 'desc'];
  /** The unique column that breaks ties (`users.id`). */
  idColumn: string;
  /** Columns the search text `query` is matched against (case-insensitive, as a substring). */
  search?: string[];
  /**
   * The list's filters: each one applies itself when its input field is present. Keys are the input's field
   * names, so a filter runs only for a value the contract's schema validated.
   */
  filters?: { [K in keyof Input]?: (query: Knex.QueryBuilder, value: NonNullable<Input[K]>) => void };
  /** Turns a page of rows into their wire form (loading relations in one go for the page). */
  serialize?: (rows: Record<string, unknown>[]) => Row[] | Promise<Row[]>;
}

/** `%`, `_` and `\` match themselves in a search, not any text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The one list endpoint: validated paging (`perPage` at most 100), sorting on an allow-list of columns, a search
 * over chosen columns and the list's filters, answered as `{pagination: {data, current_page, per_page, total,
 * last_page}}`. Sort and filter names reach SQL only through the maps given here, never from the request.
 */
export async function listPage<Input extends ListInput, Row = Record<string, unknown>>(
  options: ListOptions<Input, Row>,
): Promise<Page<Row>> {
  const { input } = options;
  const perPage = input.perPage ?? LIST_DEFAULT_PER_PAGE;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > LIST_MAX_PER_PAGE)
    throw new ValidationError({
      perPage: [`The per page must be a whole number between 1 and ${LIST_MAX_PER_PAGE}.`],
    });
  const page = input.page ?? 1;
  if (!Number.isInteger(page) || page < 1)
    throw new ValidationError({ page: ['The page must be a whole number.'] });
  let orderColumn = options.defaultOrder[0];
  if (input.orderBy !== undefined) {
    if (!Object.hasOwn(options.orderBy, input.orderBy))
      throw new ValidationError({
        orderBy: [`The order by field must be one of: ${Object.keys(options.orderBy).join(', ')}.`],
      });
    orderColumn = options.orderBy[input.orderBy]!;
  }
  // A direction without a column orders the default column that way.
  const direction = input.orderDir ?? (input.orderBy !== undefined ? 'asc' : options.defaultOrder[1]);

  const query = options.base.clone();
  const text = input.query?.trim();
  if (text && options.search?.length) {
    const pattern = `%${escapeLike(text)}%`;
    query.where((where) => {
      for (const column of options.search!) where.orWhereRaw('?? ilike ?', [column, pattern]);
    });
  }
  for (const [name, apply] of Object.entries(options.filters ?? {})) {
    const value = input[name as keyof Input];
    if (value !== undefined && value !== null && value !== '')
      (apply as (query: Knex.QueryBuilder, value: unknown) => void)(query, value);
  }

  const counted = (await query.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as
    | { total: string | number }
    | undefined;
  const total = Number(counted?.total ?? 0);
  const rows: Record<string, unknown>[] = await query
    .clone()
    .orderBy(orderColumn, direction)
    .orderBy(options.idColumn, direction)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const data = options.serialize ? await options.serialize(rows) : (rows as Row[]);
  return {
    pagination: {
      data,
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
    },
  };
}
