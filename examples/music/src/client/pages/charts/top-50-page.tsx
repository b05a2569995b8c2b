import { useTranslation } from 'react-i18next';
import { useTopTracks } from '../../music/api';
import { ChartIcon } from '../../music/icons';
import { MediaHeader } from '../../music/media-header';
import { EmptyState, HeaderSkeleton, PageError, PageSkeleton, RowsSkeleton } from '../../music/page-states';
import { toPlayerTrack, usePlayActions } from '../../music/play-actions';
import { PlayButton } from '../../music/play-button';
import { TracksTable } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

/** The Top 50: the most played tracks of the week, then of all time. */
export function Top50Page() {
  const { t } = useTranslation();
  const query = useTopTracks();
  const player = usePlayActions();
  useDocumentTitle(t('Top 50'));
  if (query.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        <HeaderSkeleton />
        <RowsSkeleton />
      </PageSkeleton>
    );
  }
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const tracks = query.data.tracks;
  const context = { type: 'queue' as const, id: 'top-50', name: t('Top 50'), path: '/top-50' };
  return (
    <div className="music-page">
      <MediaHeader
        kind={t('Chart')}
        image={tracks[0]?.image ?? null}
        title={t('Top 50')}
        description={t('The most played tracks this week.')}
        actions={
          <PlayButton
            context={context}
            name={t('Top 50')}
            isDisabled={tracks.length === 0}
            onPlay={() => player.playList(tracks.map(toPlayerTrack), 0, context)}
          />
        }
      />
      {tracks.length === 0 ? (
        <EmptyState icon={<ChartIcon size={40} />} title={t('Nothing has been played yet')} />
      ) : (
        <TracksTable tracks={tracks} label={t('Top 50')} context={context} />
      )}
    </div>
  );
}
