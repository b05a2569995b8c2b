import { useSettings } from '@backline/core/react';
import { Button } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DISCOVER_INTRO_KEY } from '../../../contract/appearance';
import { useChannel, useChannels } from '../../music/api';
import { CardGrid, CardGridSkeleton, ItemCard, Section } from '../../music/cards';
import { EmptyState, PageError, PageSkeleton } from '../../music/page-states';
import { useDocumentTitle } from '../../music/use-document-title';

/** The home feed: each channel as a row of cards with its "See all" page. */
export function DiscoverPage() {
  const { t } = useTranslation();
  const channels = useChannels();
  // The site owner's own words (appearance editor, Discover section): shown as written, not translated.
  const intro = String(useSettings<string | null>(DISCOVER_INTRO_KEY, '') ?? '').trim();
  useDocumentTitle(t('Discover'));
  if (channels.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        {[0, 1, 2].map((row) => (
          <div key={row} className="music-section">
            <CardGridSkeleton count={6} round={row === 0} />
          </div>
        ))}
      </PageSkeleton>
    );
  }
  if (channels.isError) return <PageError error={channels.error} onRetry={() => void channels.refetch()} />;
  const list = channels.data.channels.filter((channel) => (channel.items?.length ?? 0) > 0);
  return (
    <div className="music-page">
      <h1 className="music-page__title">{t('Discover')}</h1>
      {intro ? <p className="music-page__intro">{intro}</p> : null}
      {list.length === 0 ? (
        <EmptyState title={t('Nothing here yet')} text={t('Music added to the site will show up here.')} />
      ) : (
        list.map((channel) => (
          <Section key={channel.id} title={channel.name} seeAllHref={channel.path}>
            <div className="music-row">
              <CardGrid label={channel.name}>
                {(channel.items ?? []).map((item) => (
                  <ItemCard key={`${item.model_type}-${item.id}`} item={item} />
                ))}
              </CardGrid>
            </div>
          </Section>
        ))
      )}
    </div>
  );
}

/**
 * The web player's index: the Discover feed, or, when the homepage setting is `channel` with a channel's slug in
 * `homepage.value`, that channel's page (for visitors and listeners alike: the `channel` type never shows the
 * landing page).
 */
export function HomeFeedPage() {
  const type = useSettings<string>('homepage.type', 'landingPage');
  const slug = useSettings<string>('homepage.value', '');
  return type === 'channel' && slug.trim() ? <ChannelPage slug={slug.trim()} /> : <DiscoverPage />;
}

/** A channel's "See all" page (`/channel/{slug}`, or the given slug): every item, a page at a time. */
export function ChannelPage({ slug: given }: { slug?: string } = {}) {
  const { t } = useTranslation();
  const params = useParams();
  const slug = given ?? params.slug ?? '';
  const channel = useChannel(slug);
  const name = channel.data?.pages[0]?.channel.name;
  useDocumentTitle(name);
  if (channel.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        <CardGridSkeleton count={12} />
      </PageSkeleton>
    );
  }
  if (channel.isError) return <PageError error={channel.error} onRetry={() => void channel.refetch()} />;
  const items = channel.data.pages.flatMap((page) => page.items.pagination.data);
  return (
    <div className="music-page">
      <h1 className="music-page__title">{name}</h1>
      {items.length === 0 ? (
        <EmptyState title={t('Nothing here yet')} />
      ) : (
        <CardGrid label={name}>
          {items.map((item) => (
            <ItemCard key={`${item.model_type}-${item.id}`} item={item} />
          ))}
        </CardGrid>
      )}
      {channel.hasNextPage ? (
        <div className="music-more">
          <Button
            variant="outline"
            onPress={() => void channel.fetchNextPage()}
            isPending={channel.isFetchingNextPage}
          >
            {t('Load more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
