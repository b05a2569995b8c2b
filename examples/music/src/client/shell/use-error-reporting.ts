import { useHttp } from '@backline/core/react';
import { useEffect } from 'react';

/** At most this many reports per page load: an error in a render loop sends a handful, not thousands. */
const MAX_REPORTS = 10;

/**
 * Reports uncaught errors and unhandled rejections to `POST error-reports`, once per distinct message per page
 * load, except the noisy ones the contract lists (`IGNORED_ERRORS`). The contract is loaded only when there is
 * something to report, so the reporter costs the first paint nothing.
 */
export function useErrorReporting(): void {
  const http = useHttp();
  useEffect(() => {
    const seen = new Set<string>();
    const report = (error: unknown, fallback: string) => {
      const message = (
        error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? fallback)
      ).slice(0, 1000);
      if (!message || seen.has(message) || seen.size >= MAX_REPORTS) return;
      seen.add(message);
      void import('@backline/core/contract')
        .then(({ errorReports }) => {
          if (errorReports.isIgnoredError(message)) return;
          const stack = error instanceof Error && error.stack ? error.stack.slice(0, 8000) : null;
          return http.call(errorReports.report, {
            body: { message, stack, url: location.pathname.slice(0, 2000) },
          });
        })
        // Reporting must never raise an error of its own.
        .catch(() => undefined);
    };
    const onError = (event: ErrorEvent) => report(event.error, event.message);
    const onRejection = (event: PromiseRejectionEvent) => report(event.reason, 'Unhandled rejection');
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [http]);
}
