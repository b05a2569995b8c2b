import { useHttp } from '@backline/core/react';
import { ButtonLink, Link, Skeleton } from '@backline/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { backstage } from '../../../contract';
import { useDocumentTitle } from '../../music/use-document-title';
import './backstage.css';

export const BACKSTAGE_QUERY_KEY = ['backstage', 'home'] as const;

/** The backstage home's data: the user's latest artist request and the artists they manage. */
export function useBackstageHome() {
  const http = useHttp();
  return useQuery({
    queryKey: BACKSTAGE_QUERY_KEY,
    queryFn: ({ signal }) => http.call(backstage.home, { signal }),
  });
}

/**
 * Backstage (`/backstage`, signed-in only): the artists the user manages (each with a link to its profile
 * editor), the state of their artist request (pending, or rejected with the reason), and the way to ask.
 */
export function BackstageHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Backstage'));
  const home = useBackstageHome();
  const request = home.data?.request;
  const artists = home.data?.artists ?? [];
  const canAsk = home.data && request?.status !== 'pending';
  return (
    <main className="backstage">
      <h1 className="backstage__title">{t('Backstage')}</h1>
      <p className="backstage__lead">{t('Manage your artist profile and your music.')}</p>
      {home.isPending ? (
        <Skeleton className="backstage__skeleton" />
      ) : home.isError ? (
        <p role="alert">{t('Could not load backstage. Try again later.')}</p>
      ) : (
        <>
          {artists.length ? (
            <section className="backstage__card" aria-labelledby="backstage-artists">
              <h2 id="backstage-artists" className="backstage__subtitle">
                {t('Your artists')}
              </h2>
              <ul className="backstage__artists">
                {artists.map((artist) => (
                  <li key={artist.id} className="backstage__artist">
                    <img src={artist.image_small} alt="" className="backstage__artist-image" />
                    <Link href={artist.path}>{artist.name}</Link>
                    <ButtonLink href={`/backstage/artists/${artist.id}`} variant="outline" size="sm">
                      {t('Edit profile')}
                    </ButtonLink>
                    <ButtonLink href={`/backstage/artists/${artist.id}/music`} variant="outline" size="sm">
                      {t('Music')}
                    </ButtonLink>
                    <ButtonLink href={`/backstage/artists/${artist.id}/insights`} variant="outline" size="sm">
                      {t('Insights')}
                    </ButtonLink>
                  </li>
                ))}
              </ul>
              <ButtonLink href="/backstage/music/upload" variant="text" size="sm">
                {t('Upload music')}
              </ButtonLink>
            </section>
          ) : null}
          {request ? (
            <section className="backstage__card" aria-labelledby="backstage-request">
              <h2 id="backstage-request" className="backstage__subtitle">
                {t('Your artist request')}
              </h2>
              <p data-status={request.status} className="backstage__status">
                {request.status === 'pending'
                  ? t('Your request for :name is waiting for review.', { name: request.name })
                  : request.status === 'approved'
                    ? t('Your request for :name was approved.', { name: request.name })
                    : t('Your request for :name was rejected.', { name: request.name })}
              </p>
              {request.status === 'rejected' && request.reason ? (
                <p className="backstage__reason">
                  {t('Reason')}: {request.reason}
                </p>
              ) : null}
            </section>
          ) : null}
          {canAsk ? (
            <section className="backstage__card" aria-labelledby="backstage-become">
              <h2 id="backstage-become" className="backstage__subtitle">
                {artists.length ? t('Manage another artist') : t('Become an artist')}
              </h2>
              <p>{t('Create a new artist profile, or claim one that is already on the site.')}</p>
              <ButtonLink href="/backstage/requests/new">{t('Request artist access')}</ButtonLink>
            </section>
          ) : null}
        </>
      )}
    </main>
  );
}
