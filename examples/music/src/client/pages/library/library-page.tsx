import { useUser } from '@backline/core/react';
import { Button, ButtonLink } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import type { Album, Artist, Track } from '../../../contract';
import { useClearHistory, useHistory, useLibraryList, useMyPlaylists } from '../../music/api';
import { CardGrid, CardGridSkeleton, ItemCard } from '../../music/cards';
import { DiscIcon, HeartIcon, HistoryIcon, ListMusicIcon, MicIcon, PlusIcon } from '../../music/icons';
import { EmptyState, PageError, RowsSkeleton } from '../../music/page-states';
import { toPlayerTrack, usePlayActions } from '../../music/play-actions';
import { PlayButton } from '../../music/play-button';
import { PlaylistFormDialog } from '../../music/playlist-dialogs';
import { TracksTable } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

const SECTIONS = ['songs', 'albums', 'artists', 'playlists', 'history'] as const;
type LibrarySection = (typeof SECTIONS)[number];

/** The sections' titles, translated. */
function useSectionTitles(): Record<LibrarySection, string> {
  const { t } = useTranslation();
  return {
    songs: t('Liked songs'),
    albums: t('Albums'),
    artists: t('Artists'),
    playlists: t('Playlists'),
    history: t('History'),
  };
}

/** The listener's music (`/library/{songs,albums,artists,playlists,history}`); guests are asked to sign in. */
export function LibraryPage() {
  const { t } = useTranslation();
  const user = useUser();
  const titles = useSectionTitles();
  const { section = 'songs' } = useParams();
  const key = section as LibrarySection;
  useDocumentTitle(titles[key] ?? t('Your music'));
  if (!SECTIONS.includes(key)) return <Navigate to="/library/songs" replace />;
  return (
    <div className="music-page">
      <h1 className="music-page__title">{titles[key]}</h1>
      {!user ? (
        <EmptyState
          icon={<HeartIcon size={40} />}
          title={t('Sign in to see your music')}
          text={t('Liked songs, albums, followed artists, your playlists and what you played, in one place.')}
          action={<ButtonLink href="/login">{t('Sign in')}</ButtonLink>}
        />
      ) : key === 'songs' ? (
        <LikedSongs />
      ) : key === 'albums' || key === 'artists' ? (
        <LikedCards kind={key} />
      ) : key === 'playlists' ? (
        <MyPlaylists />
      ) : (
        <History />
      )}
    </div>
  );
}

function LikedSongs() {
  const { t } = useTranslation();
  const query = useLibraryList('tracks');
  const player = usePlayActions();
  if (query.isPending) return <RowsSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const tracks = query.data.pagination.data as Track[];
  if (tracks.length === 0) {
    return (
      <EmptyState
        icon={<HeartIcon size={40} />}
        title={t('Songs you like will appear here')}
        text={t('Save songs by tapping the heart icon.')}
        action={<ButtonLink href="/">{t('Discover music')}</ButtonLink>}
      />
    );
  }
  const context = { type: 'liked' as const, id: 'tracks', name: t('Liked songs'), path: '/library/songs' };
  return (
    <>
      <div className="music-page__actions">
        <PlayButton
          context={context}
          name={t('Liked songs')}
          onPlay={() => player.playList(tracks.map(toPlayerTrack), 0, context)}
        />
      </div>
      <TracksTable tracks={tracks} label={t('Liked songs')} context={context} showAddedAt />
    </>
  );
}

function LikedCards({ kind }: { kind: 'albums' | 'artists' }) {
  const { t } = useTranslation();
  const titles = useSectionTitles();
  const query = useLibraryList(kind);
  if (query.isPending) return <CardGridSkeleton round={kind === 'artists'} />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pagination.data as (Album | Artist)[];
  if (items.length === 0) {
    return kind === 'albums' ? (
      <EmptyState
        icon={<DiscIcon size={40} />}
        title={t('Albums you like will appear here')}
        action={<ButtonLink href="/">{t('Discover music')}</ButtonLink>}
      />
    ) : (
      <EmptyState
        icon={<MicIcon size={40} />}
        title={t('Artists you follow will appear here')}
        action={<ButtonLink href="/">{t('Discover music')}</ButtonLink>}
      />
    );
  }
  return (
    <CardGrid label={titles[kind]}>
      {items.map((item) => (
        <ItemCard key={item.id} item={item} />
      ))}
    </CardGrid>
  );
}

function MyPlaylists() {
  const { t } = useTranslation();
  const query = useMyPlaylists();
  const [creating, setCreating] = useState(false);
  const newButton = (
    <Button onPress={() => setCreating(true)}>
      <PlusIcon size={18} />
      {t('New playlist')}
    </Button>
  );
  let body: React.ReactNode;
  if (query.isPending) body = <CardGridSkeleton />;
  else if (query.isError) body = <PageError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.pagination.data.length === 0) {
    body = (
      <EmptyState
        icon={<ListMusicIcon size={40} />}
        title={t('Create your first playlist')}
        text={t('It’s easy, we’ll help you.')}
      />
    );
  } else {
    body = (
      <CardGrid label={t('Playlists')}>
        {query.data.pagination.data.map((playlist) => (
          <ItemCard key={playlist.id} item={playlist} />
        ))}
      </CardGrid>
    );
  }
  return (
    <>
      <div className="music-page__actions">{newButton}</div>
      {body}
      <PlaylistFormDialog isOpen={creating} onOpenChange={setCreating} />
    </>
  );
}

function History() {
  const { t } = useTranslation();
  const query = useHistory();
  const clear = useClearHistory();
  if (query.isPending) return <RowsSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const tracks = query.data.pagination.data;
  if (tracks.length === 0) {
    return <EmptyState icon={<HistoryIcon size={40} />} title={t('Tracks you play will appear here')} />;
  }
  return (
    <>
      <div className="music-page__actions">
        <Button variant="outline" onPress={() => clear.mutate()} isPending={clear.isPending}>
          {t('Clear history')}
        </Button>
      </div>
      <TracksTable
        tracks={tracks}
        label={t('History')}
        context={{ type: 'queue', id: 'history', name: t('History'), path: '/library/history' }}
        showAddedAt
      />
    </>
  );
}
