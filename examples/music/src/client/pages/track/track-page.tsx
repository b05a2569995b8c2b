import { useCan } from '@backline/core/react';
import { IconButton, Link } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAlbum, useTrack } from '../../music/api';
import { Section } from '../../music/cards';
import { useFormat } from '../../music/format';
import { DownloadIcon, MoreIcon, ShareIcon } from '../../music/icons';
import { LikeButton } from '../../music/like-button';
import { ArtistLinks, MediaHeader, MetaLine } from '../../music/media-header';
import { MediaPageStatus, PageError, RowsSkeleton } from '../../music/page-states';
import { toPlayerTrack, usePlayActions } from '../../music/play-actions';
import { PlayButton } from '../../music/play-button';
import { copyLink } from '../../music/playlist-actions';
import { TrackMenu, TracksTable } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

/** A track (`/track/{id}/{slug}`): its header, then the rest of its album. */
export function TrackPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = Number(useParams().id);
  const query = useTrack(id);
  const album = useAlbum(query.data?.track.album?.id ?? 0);
  const player = usePlayActions();
  // Downloading is a paid plan's perk (`music.download`); the server checks it again.
  const canDownload = useCan('music.download');
  useDocumentTitle(query.data?.track.name);
  if (!query.isSuccess) return <MediaPageStatus query={query} />;
  const { track } = query.data;
  const context = { type: 'track' as const, id: track.id, name: track.name, path: track.path };
  const albumTracks = track.album ? (album.data?.album.tracks ?? []) : [];
  return (
    <div className="music-page">
      <MediaHeader
        kind={t('Track')}
        image={track.image}
        title={track.name}
        meta={
          <MetaLine>
            {[
              <ArtistLinks key="artists" artists={track.artists} />,
              track.album ? (
                <Link key="album" href={track.album.path} variant="inherit">
                  {track.album.name}
                </Link>
              ) : null,
              format.clock(track.duration_ms),
              t(':count plays', { count: track.plays, defaultValue_one: ':count play' }),
            ]}
          </MetaLine>
        }
        actions={
          <>
            <PlayButton
              context={context}
              name={track.name}
              onPlay={() => player.playList([toPlayerTrack(track)], 0, context)}
            />
            <LikeButton target={{ kind: 'like', type: 'track', id: track.id }} name={track.name} size="lg" />
            <IconButton
              size="lg"
              round
              aria-label={t('Copy link')}
              onPress={() => void copyLink(track.path, t('Copied link to clipboard'))}
            >
              <ShareIcon />
            </IconButton>
            {canDownload && (
              // A plain link: the browser saves the attachment, the router must not handle it.
              <a
                className="bl-button bl-icon-button music-download"
                data-variant="text"
                data-size="lg"
                data-round=""
                href={`/api/v1/tracks/${track.id}/download`}
                download
                aria-label={t('Download')}
              >
                <DownloadIcon />
              </a>
            )}
            <TrackMenu
              tracks={[track]}
              trigger={
                <IconButton size="lg" round aria-label={t('More options for :name', { name: track.name })}>
                  <MoreIcon />
                </IconButton>
              }
            />
          </>
        }
      />
      {track.genres && track.genres.length > 0 ? (
        <ul className="music-chips" aria-label={t('Genres')}>
          {track.genres.map((genre) => (
            <li key={genre.id}>
              <Link href={genre.path} variant="inherit" className="music-chip">
                {genre.display_name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {track.album ? (
        <Section title={t('From :name', { name: track.album.name })}>
          {album.isPending ? (
            <RowsSkeleton rows={4} />
          ) : album.isError ? (
            <PageError error={album.error} onRetry={() => void album.refetch()} />
          ) : (
            <TracksTable
              tracks={albumTracks}
              label={t('Tracks of :name', { name: track.album.name })}
              context={{ type: 'album', id: track.album.id, name: track.album.name, path: track.album.path }}
              numbering="track"
              showAlbum={false}
            />
          )}
        </Section>
      ) : null}
    </div>
  );
}
