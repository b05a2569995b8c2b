import { isHttpError } from '@backline/core';
import { Button, Skeleton } from '@backline/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from './icons';

/** What a page shows when its data could not load: not found, or a retry. */
export function PageError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const notFound = isHttpError(error) && error.status === 404;
  return (
    <div className="music-state" role="alert">
      <AlertIcon size={40} />
      <h1 className="music-state__title">
        {notFound ? t("This page doesn't exist, or is private.") : t('There was an issue loading this page')}
      </h1>
      <p className="music-state__text">
        {notFound ? t('Check the address, or find it through search.') : t('Please try again later')}
      </p>
      {!notFound && onRetry ? (
        <Button variant="outline" onPress={onRetry}>
          {t('Try again')}
        </Button>
      ) : null}
    </div>
  );
}

/** An empty list: an icon, a line, and what to do about it. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="music-state music-state--empty">
      {icon}
      <p className="music-state__title">{title}</p>
      {text ? <p className="music-state__text">{text}</p> : null}
      {action}
    </div>
  );
}

/** A page that is loading: its region is busy and labelled, the shapes are skeletons. */
export function PageSkeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="music-page" aria-busy="true" aria-label={label} role="status">
      {children}
    </div>
  );
}

/** The header of a collection page while it loads. */
export function HeaderSkeleton({ round }: { round?: boolean }) {
  return (
    <div className="music-header" aria-hidden="true">
      <Skeleton variant={round ? 'circle' : 'rect'} className="music-header__art-skeleton" />
      <div className="music-header__info">
        <Skeleton width="6rem" />
        <Skeleton width="60%" height="2.5rem" />
        <Skeleton width="40%" />
      </div>
    </div>
  );
}

/** Rows of a tracks table while it loads. */
export function RowsSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="music-rows-skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="music-rows-skeleton__row">
          <Skeleton variant="rect" width={40} height={40} />
          <Skeleton width="40%" />
          <Skeleton width="20%" />
        </div>
      ))}
    </div>
  );
}

/**
 * The loading and error states of a media page (album, track, playlist): a header skeleton (and rows, for
 * pages with a tracks table) while the query is pending, the not-found or retry state when it failed.
 * Pages render it for any query that has not succeeded: `if (!query.isSuccess) return <MediaPageStatus … />`.
 */
export function MediaPageStatus({
  query,
  rows = false,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  rows?: boolean;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        <HeaderSkeleton />
        {rows ? <RowsSkeleton /> : null}
      </PageSkeleton>
    );
  }
  return <PageError error={query.error} onRetry={() => void query.refetch()} />;
}
