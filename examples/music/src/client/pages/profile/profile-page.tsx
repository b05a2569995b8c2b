import { useUser } from '@backline/core/react';
import { Avatar, Tab, TabList, TabPanel, Tabs } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useProfile, useProfilePlaylists, useProfileUsers } from '../../music/api';
import { CardGrid, CardGridSkeleton, ItemCard } from '../../music/cards';
import { FollowButton } from '../../music/like-button';
import { MetaLine } from '../../music/media-header';
import { EmptyState, HeaderSkeleton, PageError, PageSkeleton } from '../../music/page-states';
import { useDocumentTitle } from '../../music/use-document-title';

/** A listener's profile (`/user/{id}/{slug}`): public playlists, followers and following. */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useUser();
  const id = Number(useParams().id);
  const query = useProfile(id);
  useDocumentTitle(query.data?.user.display_name);
  if (query.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        <HeaderSkeleton round />
      </PageSkeleton>
    );
  }
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const { user } = query.data;
  return (
    <div className="music-page">
      <header className="music-header">
        <div className="music-header__art" data-round>
          <Avatar name={user.display_name} src={user.avatar} size="xl" isDecorative />
        </div>
        <div className="music-header__info">
          <p className="music-header__kind">{t('Profile')}</p>
          <h1 className="music-header__title">{user.display_name}</h1>
          <div className="music-header__meta">
            <MetaLine>
              {[
                t(':count public playlists', {
                  count: user.public_playlists_count,
                  defaultValue_one: ':count public playlist',
                }),
                t(':count followers', {
                  count: user.followers_count,
                  defaultValue_one: ':count follower',
                }),
                t(':count following', {
                  count: user.following_count,
                  defaultValue_one: ':count following',
                }),
              ]}
            </MetaLine>
          </div>
        </div>
        {me && me.id !== user.id ? (
          <div className="music-header__actions">
            <FollowButton target={{ kind: 'follow', type: 'user', id: user.id }} />
          </div>
        ) : null}
      </header>
      <Tabs className="music-tabs">
        <TabList aria-label={t('Profile of :name', { name: user.display_name })}>
          <Tab id="playlists">{t('Playlists')}</Tab>
          <Tab id="followers">{t('Followers')}</Tab>
          <Tab id="following">{t('Following')}</Tab>
        </TabList>
        <TabPanel id="playlists">
          <ProfilePlaylists id={user.id} />
        </TabPanel>
        <TabPanel id="followers">
          <ProfileUsers id={user.id} kind="followers" />
        </TabPanel>
        <TabPanel id="following">
          <ProfileUsers id={user.id} kind="following" />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function ProfilePlaylists({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useProfilePlaylists(id);
  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data.pagination.data;
  if (list.length === 0) return <EmptyState title={t('No public playlists yet')} />;
  return (
    <CardGrid label={t('Playlists')}>
      {list.map((playlist) => (
        <ItemCard key={playlist.id} item={playlist} />
      ))}
    </CardGrid>
  );
}

function ProfileUsers({ id, kind }: { id: number; kind: 'followers' | 'following' }) {
  const { t } = useTranslation();
  const query = useProfileUsers(id, kind);
  if (query.isPending) return <CardGridSkeleton round />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data.pagination.data;
  if (list.length === 0)
    return (
      <EmptyState title={kind === 'followers' ? t('No followers yet') : t('Not following anyone yet')} />
    );
  return (
    <CardGrid label={kind === 'followers' ? t('Followers') : t('Following')}>
      {list.map((user) => (
        <ItemCard key={user.id} item={user} />
      ))}
    </CardGrid>
  );
}
