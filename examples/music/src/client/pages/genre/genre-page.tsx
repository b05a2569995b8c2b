import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGenre, useGenreArtists, useGenres, useGenreTracks } from '../../music/api';
import { CardGrid, CardGridSkeleton, GenreCard, ItemCard, Section } from '../../music/cards';
import { EmptyState, PageError, PageSkeleton, RowsSkeleton } from '../../music/page-states';
import { toPlayerTrack, usePlayActions } from '../../music/play-actions';
import { PlayButton } from '../../music/play-button';
import { TracksTable } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

/** Every genre, as tiles. */
export function GenresPage() {
  const { t } = useTranslation();
  const genres = useGenres();
  useDocumentTitle(t('Genres'));
  if (genres.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        <CardGridSkeleton count={12} />
      </PageSkeleton>
    );
  }
  if (genres.isError) return <PageError error={genres.error} onRetry={() => void genres.refetch()} />;
  const list = genres.data.pagination.data;
  return (
    <div className="music-page">
      <h1 className="music-page__title">{t('Genres')}</h1>
      {list.length === 0 ? (
        <EmptyState title={t('No genres yet')} />
      ) : (
        <CardGrid label={t('Genres')}>
          {list.map((genre) => (
            <GenreCard key={genre.id} name={genre.display_name} href={genre.path} image={genre.image} />
          ))}
        </CardGrid>
      )}
    </div>
  );
}

/** A genre (`/genre/{name}`): its popular tracks and its artists. */
export function GenrePage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const genre = useGenre(name);
  const tracks = useGenreTracks(name);
  const artists = useGenreArtists(name);
  const player = usePlayActions();
  useDocumentTitle(genre.data?.genre.display_name);
  if (genre.isPending) {
    return (
      <PageSkeleton label={t('Loading...')}>
        <CardGridSkeleton />
      </PageSkeleton>
    );
  }
  if (genre.isError) return <PageError error={genre.error} onRetry={() => void genre.refetch()} />;
  const { genre: data } = genre.data;
  const trackList = tracks.data?.pagination.data ?? [];
  const context = { type: 'genre' as const, id: data.name, name: data.display_name, path: data.path };
  return (
    <div className="music-page">
      <header
        className="music-genre-header"
        style={data.image ? { backgroundImage: `url("${data.image}")` } : undefined}
      >
        <div className="music-genre-header__shade">
          <p className="music-header__kind">{t('Genre')}</p>
          <h1 className="music-header__title">{data.display_name}</h1>
          <PlayButton
            context={context}
            name={data.display_name}
            isDisabled={trackList.length === 0}
            onPlay={() => player.playList(trackList.map(toPlayerTrack), 0, context)}
          />
        </div>
      </header>
      <Section title={t('Popular tracks')}>
        {tracks.isPending ? (
          <RowsSkeleton />
        ) : tracks.isError ? (
          <PageError error={tracks.error} onRetry={() => void tracks.refetch()} />
        ) : trackList.length === 0 ? (
          <EmptyState title={t('No tracks yet')} />
        ) : (
          <TracksTable
            tracks={trackList}
            label={t('Popular :name tracks', { name: data.display_name })}
            context={context}
          />
        )}
      </Section>
      <Section title={t('Artists')}>
        {artists.isPending ? (
          <CardGridSkeleton round />
        ) : artists.isError ? (
          <PageError error={artists.error} onRetry={() => void artists.refetch()} />
        ) : artists.data.pagination.data.length === 0 ? (
          <EmptyState title={t('No artists yet')} />
        ) : (
          <CardGrid label={t('Artists')}>
            {artists.data.pagination.data.map((artist) => (
              <ItemCard key={artist.id} item={artist} />
            ))}
          </CardGrid>
        )}
      </Section>
    </div>
  );
}
