import type { auth } from '@backline/core/contract';
import { useEffect } from 'react';

let loading: Promise<typeof auth> | undefined;

/**
 * The auth routes of the contract, loaded on first use. The client needs only a route's method and path to
 * call it, but a route object carries its schemas, and those pull zod in (about 10 KB gzip). Sign-in pages are
 * the first page many visitors open, so they load the contract when the visitor starts filling the form (see
 * `usePrefetchAuthRoutes`), not with the page: `/login` stays within its 150 KB budget.
 */
export function authRoutes(): Promise<typeof auth> {
  loading ??= import('@backline/core/contract').then((contract) => contract.auth);
  // A failed chunk load (a deploy replaced the files, the network dropped) must be retried on the next call.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Loads the auth routes at the visitor's first focus or press on the page, so that by the time a form is
 * submitted they are there and the submit does not wait for the chunk.
 */
export function usePrefetchAuthRoutes(): void {
  useEffect(() => {
    const prefetch = () => {
      void authRoutes().catch(() => undefined);
      stop();
    };
    const stop = () => {
      document.removeEventListener('focusin', prefetch);
      document.removeEventListener('pointerdown', prefetch);
    };
    document.addEventListener('focusin', prefetch);
    document.addEventListener('pointerdown', prefetch);
    return stop;
  }, []);
}
