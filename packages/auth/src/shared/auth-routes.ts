type Contract = typeof import('@backline/core/contract');

import { useEffect } from 'react';

let loading: Promise<Contract> | undefined;

/**
 * The contract's routes, loaded on first use. The client needs only a route's method and path to
 * call it, but a route object carries its schemas, and those pull zod in (about 10 KB gzip). Sign-in pages are
 * the first page many visitors open, so they load the contract when the visitor starts filling the form (see
 * `usePrefetchContract`), not with the page: `/login` stays within its 150 KB budget.
 */
export function loadContract(): Promise<Contract> {
  loading ??= import('@backline/core/contract');
  // A failed chunk load (a deploy replaced the files, the network dropped) must be retried on the next call.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Loads the contract at the visitor's first focus or press on the page, so that by the time a form is
 * submitted they are there and the submit does not wait for the chunk.
 */
export function usePrefetchContract(): void {
  useEffect(() => {
    const prefetch = () => {
      void loadContract().catch(() => undefined);
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
