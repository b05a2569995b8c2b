import type { RunningServer } from '@internal/testing';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error';
import { browserLikeClient, startEchoServer } from '../test-support/test-server';
import { QUERY_STALE_TIME, queryDefaults, shouldRetryQuery } from './query-defaults';

let server: RunningServer;
beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(() => server?.close());

const hitsOf = async (name: string) =>
  ((await (await fetch(`${server.url}/api/v1/hits/${name}`)).json()) as { hits: number }).hits;

/** A QueryClient with Backline's defaults; only the wait between retries is shortened. */
function queryClient() {
  const defaults = queryDefaults();
  return new QueryClient({ defaultOptions: { queries: { ...defaults.queries, retryDelay: 0 } } });
}

describe('query defaults', () => {
  it('keeps data fresh for 30 seconds', async () => {
    expect(queryDefaults().queries.staleTime).toBe(30_000);
    expect(QUERY_STALE_TIME).toBe(30_000);
    const client = queryClient();
    const { http } = browserLikeClient(server);
    const fetchHits = () => client.fetchQuery({ queryKey: ['hits'], queryFn: () => http.get('flaky/fresh') });
    await fetchHits();
    await fetchHits();
    // The second read was served from the cache: the server saw one request.
    expect(await hitsOf('fresh')).toBe(1);
    client.clear();
  });

  it.each([401, 403, 404])('does not retry a query answered %i', async (status) => {
    const name = `no-retry-${status}`;
    const client = queryClient();
    const { http } = browserLikeClient(server, { retries: 0 });
    const error = await client
      .fetchQuery({
        queryKey: [name],
        queryFn: () => http.get(`flaky/${name}`, { params: { fail: 10, status } }),
      })
      .catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(status);
    expect(await hitsOf(name)).toBe(1);
  });

  it.each([422, 429, 500])('retries a query answered %i up to 2 times', async (status) => {
    const name = `retry-${status}`;
    const client = queryClient();
    // The client's own 5xx retries are switched off, so every attempt here is the query's.
    const { http } = browserLikeClient(server, { retries: 0 });
    await client
      .fetchQuery({
        queryKey: [name],
        queryFn: () => http.get(`flaky/${name}`, { params: { fail: 10, status } }),
      })
      .catch(() => undefined);
    expect(await hitsOf(name)).toBe(3);
  });

  it('succeeds when a retry does', async () => {
    const client = queryClient();
    const { http } = browserLikeClient(server, { retries: 0 });
    const data = await client.fetchQuery({
      queryKey: ['second-time'],
      queryFn: () => http.get('flaky/second-time', { params: { fail: 1, status: 422 } }),
    });
    expect(data).toEqual({ hits: 2, method: 'GET' });
  });

  it('decides from the status of any error', () => {
    expect(shouldRetryQuery(0, new HttpError({ status: 404, method: 'GET', url: '/' }))).toBe(false);
    expect(shouldRetryQuery(0, { status: 401 })).toBe(false);
    expect(shouldRetryQuery(0, new Error('offline'))).toBe(true);
    expect(shouldRetryQuery(1, new Error('offline'))).toBe(true);
    expect(shouldRetryQuery(2, new Error('offline'))).toBe(false);
  });
});
