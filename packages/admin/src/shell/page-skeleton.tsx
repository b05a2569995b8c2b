import { Skeleton } from '@backline/ui';
import { useTranslation } from 'react-i18next';

/** What an admin page shows while its code arrives. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="bl-admin-page" role="status" aria-busy="true" aria-label={t('Loading...')}>
      <Skeleton width="12rem" height="1.75rem" />
      <Skeleton width="100%" height="18rem" />
    </div>
  );
}
