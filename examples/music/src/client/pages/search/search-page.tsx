import { Button, Tab, TabList, TabPanel, Tabs, TextField } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ContentItem, Track } from '../../../contract';
import { SEARCH_TYPES, type SearchType } from '../../../contract/routes/search';
import { allItems, useSearchAll, useSearchType } from '../../music/api';
import { CardGrid, CardGridSkeleton, ItemCard, Section } from '../../music/cards';
import { SearchIcon } from '../../music/icons';
import { searchPath } from '../../music/layout/search-box';
import { EmptyState, PageError, RowsSkeleton } from '../../music/page-states';
import { TracksTable } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

/** The tabs' names, translated. */
function useTabLabels(): Record<'all' | SearchType, string> {
  const { t } = useTranslation();
  return {
    all: t('All'),
    artists: t('Artists'),
    albums: t('Albums'),
    tracks: t('Tracks'),
    playlists: t('Playlists'),
    users: t('Users'),
  };
}

/** Search (`/search/{text}`): tabs for everything, artists, albums, tracks, playlists and listeners. */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { text = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('type') ?? 'all') as 'all' | SearchType;
  const labels = useTabLabels();
  const [draft, setDraft] = useState(text);
  useDocumentTitle(text ? t('Search: :query', { query: text }) : t('Search'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) navigate(searchPath(draft));
  };
  return (
    <div className="music-page">
      <h1 className="music-page__title">{text ? t('Results for “:query”', { query: text }) : t('Search')}</h1>
      <form onSubmit={onSubmit} className="music-search-form">
        <TextField
          aria-label={t('Search')}
          type="search"
          value={draft}
          onChange={setDraft}
          placeholder={t('Search artists, albums and tracks')}
          startAdornment={<SearchIcon size={18} />}
        />
        <Button type="submit">{t('Search')}</Button>
      </form>
      {text ? (
        <Tabs
          className="music-tabs"
          selectedKey={tab}
          onSelectionChange={(key: Key) =>
            setParams(key === 'all' ? {} : { type: String(key) }, { replace: true })
          }
        >
          <TabList aria-label={t('Search results')}>
            {(['all', ...SEARCH_TYPES] as const).map((key) => (
              <Tab key={key} id={key}>
                {labels[key]}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="all">
            <AllResults query={text} onMore={(type) => setParams({ type })} />
          </TabPanel>
          {SEARCH_TYPES.map((type) => (
            <TabPanel key={type} id={type}>
              <TypedResults type={type} query={text} />
            </TabPanel>
          ))}
        </Tabs>
      ) : (
        <EmptyState
          icon={<SearchIcon size={40} />}
          title={t('Search for artists, albums, tracks, playlists and people.')}
        />
      )}
    </div>
  );
}

function AllResults({ query, onMore }: { query: string; onMore: (type: SearchType) => void }) {
  const { t } = useTranslation();
  const labels = useTabLabels();
  const search = useSearchAll(query);
  if (search.isPending) return <CardGridSkeleton />;
  if (search.isError) return <PageError error={search.error} onRetry={() => void search.refetch()} />;
  const { results } = search.data;
  const total = SEARCH_TYPES.reduce((sum, type) => sum + results[type].length, 0);
  if (total === 0) return <NoResults query={query} />;
  const context = { type: 'search' as const, id: query, name: query, path: searchPath(query) };
  const more = (type: SearchType) => (
    <Button variant="text" size="sm" onPress={() => onMore(type)}>
      {t('See all')}
    </Button>
  );
  return (
    <>
      {results.tracks.length > 0 ? (
        <Section title={t('Tracks')}>
          <TracksTable tracks={results.tracks} label={t('Tracks')} context={context} />
          {more('tracks')}
        </Section>
      ) : null}
      {(['artists', 'albums', 'playlists', 'users'] as const).map((type) =>
        results[type].length > 0 ? (
          <Section key={type} title={labels[type]}>
            <CardGrid label={labels[type]}>
              {(results[type] as ContentItem[]).map((item) => (
                <ItemCard key={item.id} item={item} />
              ))}
            </CardGrid>
            {more(type)}
          </Section>
        ) : null,
      )}
    </>
  );
}

function TypedResults({ type, query }: { type: SearchType; query: string }) {
  const { t } = useTranslation();
  const labels = useTabLabels();
  const search = useSearchType(type, query);
  if (search.isPending) return type === 'tracks' ? <RowsSkeleton /> : <CardGridSkeleton />;
  if (search.isError) return <PageError error={search.error} onRetry={() => void search.refetch()} />;
  const items = allItems(search.data);
  if (items.length === 0) return <NoResults query={query} />;
  return (
    <>
      {type === 'tracks' ? (
        <TracksTable
          tracks={items as Track[]}
          label={t('Tracks')}
          context={{ type: 'search', id: query, name: query, path: searchPath(query) }}
        />
      ) : (
        <CardGrid label={labels[type]}>
          {(items as ContentItem[]).map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </CardGrid>
      )}
      {search.hasNextPage ? (
        <div className="music-more">
          <Button
            variant="outline"
            onPress={() => void search.fetchNextPage()}
            isPending={search.isFetchingNextPage}
          >
            {t('Load more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function NoResults({ query }: { query: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchIcon size={40} />}
      title={t('No results for “:query”', { query })}
      text={t('Check the spelling, or try fewer or different words.')}
    />
  );
}
