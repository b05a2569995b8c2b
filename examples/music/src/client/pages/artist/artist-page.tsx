import { Link, Tab, TabList, TabPanel, Tabs } from '@backline/ui';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Album, Artist, Track } from '../../../contract';
import { AdSlot } from '../../music/ad-slot';
import { useArtist, useArtistTopTracks, useSimilarArtists } from '../../music/api';
import { CardGrid, CardGridSkeleton, ItemCard, Section } from '../../music/cards';
import { useFormat } from '../../music/format';
import { VerifiedIcon } from '../../music/icons';
import { FollowButton, LikeButton } from '../../music/like-button';
import { albumType, MediaHeader, MetaLine } from '../../music/media-header';
import { EmptyState, HeaderSkeleton, PageError, PageSkeleton, RowsSkeleton } from '../../music/page-states';
import { type PlayContext, toPlayerTrack, usePlayActions } from '../../music/play-actions';
import { PlayButton } from '../../music/play-button';
import { TracksTable, TracksTableSkeleton } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

/**
 * An artist (`/artist/{id}/{slug}`): header with picture, verified badge, followers, play and follow; the
 * `ads.artist_top` slot below the header; tabs Discography (popular tracks, then each album with its
 * tracks), Similar artists (followed by the `ads.artist_bottom` slot) and About (bio and links).
 */
export function ArtistPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useArtist(id);
  const top = useArtistTopTracks(id);
  const player = usePlayActions();
  useDocumentTitle(query.data?.artist.name);
  if (query.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        <HeaderSkeleton round />
        <RowsSkeleton rows={5} />
      </PageSkeleton>
    );
  }
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const { artist } = query.data;
  const topTracks = top.data?.tracks ?? [];
  const context = { type: 'artist' as const, id: artist.id, name: artist.name, path: artist.path };
  return (
    <div className="music-page">
      <MediaHeader
        kind={t('Artist')}
        round
        image={artist.image_large ?? artist.image_small}
        title={
          <>
            {artist.name}
            {artist.verified ? (
              <span className="music-verified" title={t('Verified artist')}>
                <VerifiedIcon size={26} />
                <span className="sr-only">{t('Verified artist')}</span>
              </span>
            ) : null}
          </>
        }
        meta={
          <MetaLine>
            {[
              t(':count followers', {
                count: artist.followers_count,
                defaultValue_one: ':count follower',
              }),
              t(':count plays', { count: artist.plays, defaultValue_one: ':count play' }),
            ]}
          </MetaLine>
        }
        actions={
          <>
            <PlayButton
              context={context}
              name={artist.name}
              isDisabled={topTracks.length === 0}
              onPlay={() => player.playList(topTracks.map(toPlayerTrack), 0, context)}
            />
            <FollowButton target={{ kind: 'follow', type: 'artist', id: artist.id }} />
          </>
        }
      />
      <AdSlot name="artist_top" />
      <Tabs className="music-tabs">
        <TabList aria-label={t('About :name', { name: artist.name })}>
          <Tab id="discography">{t('Discography')}</Tab>
          <Tab id="similar">{t('Similar artists')}</Tab>
          <Tab id="about">{t('About')}</Tab>
        </TabList>
        <TabPanel id="discography">
          <Discography artist={artist} topTracks={topTracks} topPending={top.isPending} context={context} />
        </TabPanel>
        <TabPanel id="similar">
          <SimilarArtists id={artist.id} />
          <AdSlot name="artist_bottom" />
        </TabPanel>
        <TabPanel id="about">
          <About artist={artist} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

const NO_ALBUMS: Album[] = [];

interface DiscographyProps {
  artist: Artist;
  topTracks: Track[];
  topPending: boolean;
  context: PlayContext;
}

/** Popular tracks, then each album with its tracks, newest first. */
function Discography({ artist, topTracks, topPending, context }: DiscographyProps) {
  const { t } = useTranslation();
  const albums = artist.albums ?? NO_ALBUMS;
  // The albums, each with its tracks table, sit below the fold: they render in a second pass that React can
  // interrupt, so the first render (header, popular tracks) is short and input is never blocked for long.
  const shownAlbums = useDeferredValue(albums, NO_ALBUMS);
  // Popular lists up to ten of the artist's tracks: its skeleton takes the rows the table will take.
  const expectedRows = Math.max(
    1,
    Math.min(
      10,
      albums.reduce((sum, album) => sum + album.tracks_count, 0),
    ),
  );
  return (
    <>
      <Section title={t('Popular')}>
        {topPending ? (
          <TracksTableSkeleton rows={expectedRows} />
        ) : topTracks.length > 0 ? (
          <TracksTable
            tracks={topTracks.slice(0, 10)}
            label={t('Popular tracks of :name', { name: artist.name })}
            context={context}
          />
        ) : (
          <EmptyState title={t('No tracks yet')} />
        )}
      </Section>
      {albums.length === 0 ? (
        <EmptyState title={t('No albums yet')} />
      ) : (
        shownAlbums.map((album) => <AlbumBlock key={album.id} album={album} />)
      )}
    </>
  );
}

/** One album of a discography: its cover and details beside its tracks. */
function AlbumBlock({ album }: { album: Album }) {
  const { t } = useTranslation();
  const format = useFormat();
  const player = usePlayActions();
  const tracks = album.tracks ?? [];
  const context = { type: 'album' as const, id: album.id, name: album.name, path: album.path };
  return (
    <section className="music-album-block" aria-label={album.name}>
      <div className="music-album-block__info">
        {album.image ? (
          <img src={album.image} alt="" className="music-album-block__cover" loading="lazy" />
        ) : null}
        <div>
          <p className="music-header__kind">{albumType(t, album.type)}</p>
          <h3 className="music-album-block__title">
            <Link href={album.path} variant="inherit">
              {album.name}
            </Link>
          </h3>
          <p className="music-album-block__meta">
            {format.year(album.release_date)} ·{' '}
            {t(':count tracks', { count: album.tracks_count, defaultValue_one: ':count track' })}
          </p>
          <div className="music-album-block__actions">
            <PlayButton
              context={context}
              name={album.name}
              isDisabled={tracks.length === 0}
              onPlay={() => player.playList(tracks.map(toPlayerTrack), 0, context)}
            />
            <LikeButton target={{ kind: 'like', type: 'album', id: album.id }} name={album.name} />
          </div>
        </div>
      </div>
      <TracksTable
        tracks={tracks}
        label={t('Tracks of :name', { name: album.name })}
        context={context}
        numbering="track"
        showAlbum={false}
      />
    </section>
  );
}

function SimilarArtists({ id }: { id: number }) {
  const { t } = useTranslation();
  const similar = useSimilarArtists(id);
  if (similar.isPending) return <CardGridSkeleton round />;
  if (similar.isError) return <PageError error={similar.error} onRetry={() => void similar.refetch()} />;
  if (similar.data.artists.length === 0) return <EmptyState title={t('No similar artists found')} />;
  return (
    <CardGrid label={t('Similar artists')}>
      {similar.data.artists.map((artist) => (
        <ItemCard key={artist.id} item={artist} />
      ))}
    </CardGrid>
  );
}

function About({ artist }: { artist: Artist }) {
  const { t } = useTranslation();
  return (
    <div className="music-about">
      {artist.bio ? (
        <div className="music-about__bio">
          {artist.bio.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <EmptyState title={t('No biography yet')} />
      )}
      {artist.genres.length > 0 ? (
        <ul className="music-chips" aria-label={t('Genres')}>
          {artist.genres.map((genre) => (
            <li key={genre.id}>
              <Link href={genre.path} variant="inherit" className="music-chip">
                {genre.display_name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {artist.links.length > 0 ? (
        <ul className="music-about__links" aria-label={t('Links')}>
          {artist.links.map((link) => (
            <li key={link.url}>
              <Link href={link.url} target="_blank" rel="noopener noreferrer nofollow">
                {link.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
