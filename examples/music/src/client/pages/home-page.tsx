import { system } from '@backline/core/contract';
import { useHttp, useSettings } from '@backline/core/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export function HomePage() {
  const { t } = useTranslation();
  const siteName = useSettings<string>('branding.site_name', '');
  const http = useHttp();
  const health = useQuery({
    queryKey: ['health'],
    // `health` goes to /api/v1/health through the client's call conventions.
    queryFn: ({ signal }) => http.call(system.health, { signal }),
  });
  return (
    <main className="home">
      <h1 className="home__title">{siteName}</h1>
      <p className="home__lead">{t('Stream the music you love, anywhere.')}</p>
      <p className="home__status" aria-live="polite">
        {health.data
          ? t('Server status: :status (:database)', {
              status: health.data.status,
              database: health.data.database.kind,
            })
          : t('Checking the server…')}
      </p>
    </main>
  );
}
