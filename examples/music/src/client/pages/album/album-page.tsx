import { IconButton } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AdSlot } from '../../music/ad-slot';
import { useAlbum } from '../../music/api';
import { useFormat } from '../../music/format';
import { ShareIcon } from '../../music/icons';
import { LikeButton } from '../../music/like-button';
import { ArtistLinks, albumType, MediaHeader, MetaLine } from '../../music/media-header';
import { EmptyState, MediaPageStatus } from '../../music/page-states';
import { toPlayerTrack, usePlayActions } from '../../music/play-actions';
import { PlayButton } from '../../music/play-button';
import { copyLink } from '../../music/playlist-actions';
import { TracksTable } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

/**
 * An album (`/album/{id}/{artistSlug}/{albumSlug}`): cover, artists, year, track count and length, play,
 * like and share; the `ads.album_above` slot right above the tracks table.
 */
export function AlbumPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = Number(useParams().id);
  const query = useAlbum(id);
  const player = usePlayActions();
  useDocumentTitle(query.data?.album.name);
  if (!query.isSuccess) return <MediaPageStatus query={query} rows />;
  const { album } = query.data;
  const tracks = album.tracks ?? [];
  const context = { type: 'album' as const, id: album.id, name: album.name, path: album.path };
  return (
    <div className="music-page">
      <MediaHeader
        kind={albumType(t, album.type)}
        image={album.image}
        title={album.name}
        meta={
          <MetaLine>
            {[
              <ArtistLinks key="artists" artists={album.artists} />,
              album.release_date ? (
                <time key="year" dateTime={album.release_date} title={format.day(album.release_date)}>
                  {format.year(album.release_date)}
                </time>
              ) : null,
              t(':count tracks', { count: album.tracks_count, defaultValue_one: ':count track' }),
              format.length(album.duration_ms),
            ]}
          </MetaLine>
        }
        description={album.description}
        actions={
          <>
            <PlayButton
              context={context}
              name={album.name}
              isDisabled={tracks.length === 0}
              onPlay={() => player.playList(tracks.map(toPlayerTrack), 0, context)}
            />
            <LikeButton target={{ kind: 'like', type: 'album', id: album.id }} name={album.name} size="lg" />
            <IconButton
              size="lg"
              round
              aria-label={t('Copy link')}
              onPress={() => void copyLink(album.path, t('Copied link to clipboard'))}
            >
              <ShareIcon />
            </IconButton>
          </>
        }
      />
      <AdSlot name="album_above" />
      {tracks.length === 0 ? (
        <EmptyState title={t('This album has no tracks yet')} />
      ) : (
        <TracksTable
          tracks={tracks}
          label={t('Tracks of :name', { name: album.name })}
          context={context}
          numbering="track"
          showAlbum={false}
        />
      )}
      {album.release_date ? <p className="music-footnote">{format.day(album.release_date)}</p> : null}
    </div>
  );
}
