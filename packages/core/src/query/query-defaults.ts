import { HttpError } from '../http/http-error';

/** Data queries stay fresh for 30 s (spec §7, §9). */
export const QUERY_STALE_TIME = 30_000;
/** Failed queries are retried up to 2 times, except on 401, 403 and 404. */
export const QUERY_RETRY_LIMIT = 2;
const NO_RETRY_STATUSES = new Set([401, 403, 404]);

/** The retry rule for data queries: never on 401, 403 or 404; otherwise while fewer than 2 retries ran. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = error instanceof HttpError ? error.status : (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && NO_RETRY_STATUSES.has(status)) return false;
  return failureCount < QUERY_RETRY_LIMIT;
}

/** The `defaultOptions` shape @tanstack/react-query's QueryClient takes, without depending on it here. */
export interface QueryDefaults {
  queries: {
    staleTime: number;
    retry: (failureCount: number, error: unknown) => boolean;
  };
}

/** Query defaults for `new QueryClient({ defaultOptions: queryDefaults() })`. */
export function queryDefaults(): QueryDefaults {
  return { queries: { staleTime: QUERY_STALE_TIME, retry: shouldRetryQuery } };
}
