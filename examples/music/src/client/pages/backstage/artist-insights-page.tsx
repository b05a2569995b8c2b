import { useHttp } from '@backline/core/react';
import { NotFoundPage, Skeleton } from '@backline/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { backstageManage } from '../../../contract';
import { useDocumentTitle } from '../../music/use-document-title';
import './backstage.css';

// recharts is heavy: it loads with the first numbers, the same chart as the admin dashboard's.
const Chart = lazy(() => import('@backline/admin/chart'));

type Figure = 'plays' | 'listeners' | 'likes' | 'follows';

/** A country's name in the UI language (`DE` → "Germany", "Alemania"); the code itself where none is known. */
function countryNamer(language: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  } catch {
    names = undefined;
  }
  return (code) => names?.of(code) ?? code;
}

/**
 * Backstage › Insights (`/backstage/artists/{id}/insights`): plays, listeners, likes and new followers over 7, 30
 * or 90 days, each as a chart with the same numbers in a table for screen readers, the top tracks, and where
 * listeners come from (the top countries by listeners, each with a bar scaled to the first).
 */
export function ArtistInsightsPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const id = Number(useParams().artistId);
  const [days, setDays] = useState<'7' | '30' | '90'>('30');
  const insights = useQuery({
    queryKey: ['backstage', 'artist', id, 'insights', days],
    queryFn: ({ signal }) => http.call(backstageManage.insights, { params: { id }, query: { days }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  useDocumentTitle(t('Insights'));
  if (!Number.isInteger(id) || id < 1 || insights.isError) return <NotFoundPage />;
  const data = insights.data;
  const number = new Intl.NumberFormat(i18n.language);
  const countryName = countryNamer(i18n.language);
  const figures: { key: Figure; label: string }[] = [
    { key: 'plays', label: t('Plays') },
    { key: 'listeners', label: t('Listeners') },
    { key: 'likes', label: t('Likes') },
    { key: 'follows', label: t('New followers') },
  ];
  return (
    <main className="backstage backstage-insights">
      <h1 className="backstage__title">{t('Insights')}</h1>
      <ToggleButtonGroup
        aria-label={t('Period')}
        className="backstage-insights__range"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[days]}
        onSelectionChange={(keys) => {
          const [key] = [...keys];
          if (key) setDays(String(key) as typeof days);
        }}
      >
        <ToggleButton id="7" className="backstage-insights__range-button">
          {t('Last 7 days')}
        </ToggleButton>
        <ToggleButton id="30" className="backstage-insights__range-button">
          {t('Last 30 days')}
        </ToggleButton>
        <ToggleButton id="90" className="backstage-insights__range-button">
          {t('Last 90 days')}
        </ToggleButton>
      </ToggleButtonGroup>
      {!data ? (
        <Skeleton className="backstage__skeleton" />
      ) : (
        <>
          <dl className="backstage-insights__totals">
            {figures.map((figure) => (
              <div key={figure.key} className="backstage-insights__total">
                <dt>{figure.label}</dt>
                <dd data-figure={figure.key}>{number.format(data.totals[figure.key])}</dd>
              </div>
            ))}
            <div className="backstage-insights__total">
              <dt>{t('Followers')}</dt>
              <dd data-figure="followers">{number.format(data.followers)}</dd>
            </div>
          </dl>
          {figures.map((figure) => (
            <section
              key={figure.key}
              className="backstage__card backstage-insights__figure"
              aria-label={figure.label}
            >
              <h2 className="backstage__subtitle">{figure.label}</h2>
              <Suspense fallback={<Skeleton className="backstage-insights__chart-skeleton" />}>
                <Chart
                  series={data.series.map((day) => ({ date: day.day, value: day[figure.key] }))}
                  format="count"
                  locale={i18n.language}
                  name={figure.label}
                />
              </Suspense>
              <table className="bl-visually-hidden">
                <caption>{figure.label}</caption>
                <tbody>
                  {data.series.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{day.day}</th>
                      <td>{day[figure.key]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <section className="backstage__card" aria-labelledby="insights-top">
            <h2 id="insights-top" className="backstage__subtitle">
              {t('Top tracks')}
            </h2>
            {data.top_tracks.length ? (
              <table className="backstage-insights__table">
                <thead>
                  <tr>
                    <th scope="col">{t('Track')}</th>
                    <th scope="col">{t('Plays')}</th>
                    <th scope="col">{t('Listeners')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.top_tracks.map((track) => (
                    <tr key={track.id}>
                      <th scope="row">{track.name}</th>
                      <td>{number.format(track.plays)}</td>
                      <td>{number.format(track.listeners)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>{t('No plays in this period.')}</p>
            )}
          </section>
          <section className="backstage__card" aria-labelledby="insights-countries">
            <h2 id="insights-countries" className="backstage__subtitle">
              {t('Where listeners come from')}
            </h2>
            {data.countries.length ? (
              <table className="backstage-insights__table backstage-insights__countries">
                <thead>
                  <tr>
                    <th scope="col">{t('Country')}</th>
                    <th scope="col">{t('Listeners')}</th>
                    <th scope="col">{t('Plays')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.countries.map((place) => (
                    <tr key={place.country}>
                      <th scope="row">
                        {countryName(place.country)}
                        <span
                          className="backstage-insights__bar"
                          aria-hidden="true"
                          style={{
                            width: `${(place.listeners / Math.max(1, data.countries[0]?.listeners ?? 1)) * 100}%`,
                          }}
                        />
                      </th>
                      <td>{number.format(place.listeners)}</td>
                      <td>{number.format(place.plays)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>{t('No listener locations yet.')}</p>
            )}
          </section>
        </>
      )}
    </main>
  );
}
