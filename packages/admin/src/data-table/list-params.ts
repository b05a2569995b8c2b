import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The view of one list, as the URL carries it: page, page size, sort, search text and filters. */
export interface ListParams {
  page: number;
  perPage: number;
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
  query?: string;
  /** The list's own filters (`role`, `status`…), by name; absent when not set. */
  filters: Record<string, string>;
}

const RESERVED = new Set(['page', 'perPage', 'orderBy', 'orderDir', 'query']);

/** Reads a list's view from URL search params (unknown values fall back to the defaults). */
export function readListParams(
  search: URLSearchParams,
  filterNames: readonly string[],
  perPage = 15,
): ListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('perPage'));
  const dir = search.get('orderDir');
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = search.get(name);
    if (value && !RESERVED.has(name)) filters[name] = value;
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: Number.isInteger(size) && size > 0 && size <= 100 ? size : perPage,
    orderBy: search.get('orderBy') || undefined,
    orderDir: dir === 'asc' || dir === 'desc' ? dir : undefined,
    query: search.get('query') || undefined,
    filters,
  };
}

/** The query a list route accepts, from a view: the page, sort and search, then the filters. */
export function listQueryOf(params: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, perPage: params.perPage };
  if (params.orderBy) query.orderBy = params.orderBy;
  if (params.orderDir) query.orderDir = params.orderDir;
  if (params.query) query.query = params.query;
  return { ...query, ...params.filters };
}

/**
 * A list's view kept in the URL, so a reload or a shared link shows the same page, sort, search and filters.
 * Changing the search, a filter or the sort goes back to page 1.
 */
export function useListParams(filterNames: readonly string[] = [], perPage = 15) {
  const [search, setSearch] = useSearchParams();
  const key = filterNames.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter names' content.
  const params = useMemo(() => readListParams(search, filterNames, perPage), [search, key, perPage]);
  const update = useCallback(
    (patch: Record<string, string | number | undefined | null>, resetPage = true) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          if (resetPage && !('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  return { params, update };
}
