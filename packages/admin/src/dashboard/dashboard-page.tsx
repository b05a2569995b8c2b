import { adminDashboard } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Skeleton } from '@backline/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AdminPage } from '../shell/admin-page';
import { formatDay, formatMetric } from './format';

// recharts is the heaviest part of the admin area: it loads only once the dashboard has numbers to draw.
const DashboardChart = lazy(() => import('./dashboard-chart'));

const RANGES = ['7', '30', '90'] as const;
type Range = (typeof RANGES)[number];

/**
 * The admin dashboard (`/admin`): each figure's total over the chosen range (7, 30 or 90 days, kept in the URL as
 * `?days=`), with a chart of its daily values and the same values in a table for screen readers.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const [params, setParams] = useSearchParams();
  const days: Range = (RANGES as readonly string[]).includes(params.get('days') ?? '')
    ? (params.get('days') as Range)
    : '30';
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) => http.call(adminDashboard.show, { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
  const locale = i18n.language || 'en';

  return (
    <AdminPage
      title={t('Dashboard')}
      actions={
        <ToggleButtonGroup
          aria-label={t('Date range')}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[days]}
          onSelectionChange={(keys) => {
            const [key] = [...keys];
            if (key)
              setParams((current) => ({ ...Object.fromEntries(current), days: String(key) }), {
                replace: true,
              });
          }}
          className="bl-dashboard-range"
        >
          {RANGES.map((range) => (
            <ToggleButton key={range} id={range} className="bl-dashboard-range__button">
              {t(':days days', { days: range })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {dashboard.isError ? (
        <p role="alert">{t('Could not load the dashboard. Please try again later.')}</p>
      ) : !dashboard.data ? (
        <div className="bl-dashboard-grid" role="status" aria-busy="true" aria-label={t('Loading...')}>
          {[0, 1, 2, 3].map((key) => (
            <div key={key} className="bl-dashboard-card">
              <Skeleton lines={3} />
            </div>
          ))}
        </div>
      ) : (
        <div className="bl-dashboard-grid">
          {dashboard.data.metrics.map((metric) => (
            <MetricCard key={metric.key} metric={metric} locale={locale} days={Number(days)} />
          ))}
        </div>
      )}
    </AdminPage>
  );
}

function MetricCard({
  metric,
  locale,
  days,
}: {
  metric: adminDashboard.DashboardMetric;
  locale: string;
  days: number;
}) {
  const { t } = useTranslation();
  const name = t(metric.label);
  const headingId = `dashboard-${metric.key}`;
  return (
    <section className="bl-dashboard-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="bl-dashboard-card__label">
        {name}
      </h2>
      <p className="bl-dashboard-card__total">{formatMetric(metric.total, metric.format, locale)}</p>
      <p className="bl-dashboard-card__range">
        {metric.series ? t('Last :days days', { days }) : t('Right now')}
      </p>
      {metric.series ? (
        <>
          <Suspense fallback={<Skeleton variant="rect" height={180} />}>
            <DashboardChart series={metric.series} format={metric.format} locale={locale} name={name} />
          </Suspense>
          <table className="bl-visually-hidden">
            <caption>{t(':name per day', { name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Date')}</th>
                <th scope="col">{name}</th>
              </tr>
            </thead>
            <tbody>
              {metric.series.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{formatDay(point.date, locale)}</th>
                  <td>{formatMetric(point.value, metric.format, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

export default DashboardPage;
