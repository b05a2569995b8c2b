import { useUser } from '@backline/core/react';
import { Button, IconButton, Link, Menu, MenuItem, MenuTrigger, toast } from '@backline/ui';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePlaylist, usePlaylistTracks } from '../../music/api';
import { useFormat } from '../../music/format';
import { ListMusicIcon, LockIcon, MoreIcon, ShareIcon } from '../../music/icons';
import { FollowButton } from '../../music/like-button';
import { MediaHeader, MetaLine } from '../../music/media-header';
import { EmptyState, MediaPageStatus, PageError, RowsSkeleton } from '../../music/page-states';
import { toPlayerTrack, usePlayActions } from '../../music/play-actions';
import { PlayButton } from '../../music/play-button';
import { copyLink, useReorderPlaylist, useUpdatePlaylist } from '../../music/playlist-actions';
import { DeletePlaylistDialog, PlaylistFormDialog } from '../../music/playlist-dialogs';
import { TracksTable } from '../../music/tracks-table';
import { useDocumentTitle } from '../../music/use-document-title';

/**
 * A playlist (`/playlist/{id}/{slug}`). Its owner edits the details (name, description, public or private)
 * and deletes it; the owner and collaborators remove tracks and reorder them by drag and drop or keyboard; other
 * signed-in listeners follow it, to be notified when its tracks change.
 */
export function PlaylistPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const user = useUser();
  const id = Number(useParams().id);
  const query = usePlaylist(id);
  const tracksQuery = usePlaylistTracks(id, query.isSuccess);
  const reorder = useReorderPlaylist(id);
  const update = useUpdatePlaylist(id);
  const player = usePlayActions();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(query.data?.playlist.name);
  if (!query.isSuccess) return <MediaPageStatus query={query} rows />;
  const { playlist } = query.data;
  const tracks = tracksQuery.data?.pagination.data ?? [];
  const isOwner = !!user && user.id === playlist.owner.id;
  const canEdit =
    isOwner || (!!user && (playlist.collaborators ?? []).some((collaborator) => collaborator.id === user.id));
  const context = { type: 'playlist' as const, id: playlist.id, name: playlist.name, path: playlist.path };
  const setPublic = (value: boolean) =>
    update.mutate(
      { public: value },
      {
        onSuccess: () =>
          toast.positive(value ? t('The playlist is now public') : t('The playlist is now private')),
        onError: () => toast.danger(t('There was an issue. Please try again later.')),
      },
    );
  return (
    <div className="music-page">
      <MediaHeader
        kind={playlist.public ? t('Public playlist') : t('Private playlist')}
        image={playlist.image}
        title={
          <>
            {playlist.name}
            {playlist.public ? null : (
              <span className="music-private" title={t('Private')}>
                <LockIcon size={22} />
                <span className="sr-only">{t('Private')}</span>
              </span>
            )}
          </>
        }
        description={playlist.description}
        meta={
          <MetaLine>
            {[
              <Link key="owner" href={playlist.owner.path} variant="inherit" className="music-strong-link">
                {playlist.owner.display_name}
              </Link>,
              t(':count tracks', { count: playlist.tracks_count, defaultValue_one: ':count track' }),
              playlist.duration_ms > 0 ? format.length(playlist.duration_ms) : null,
            ]}
          </MetaLine>
        }
        actions={
          <>
            <PlayButton
              context={context}
              name={playlist.name}
              isDisabled={tracks.length === 0}
              onPlay={() => player.playList(tracks.map(toPlayerTrack), 0, context)}
            />
            {playlist.public ? (
              <IconButton
                size="lg"
                round
                aria-label={t('Copy link')}
                onPress={() => void copyLink(playlist.path, t('Copied link to clipboard'))}
              >
                <ShareIcon />
              </IconButton>
            ) : null}
            {user && !isOwner ? (
              // Followers hear when the playlist's tracks change (the "Changes to playlists I follow" notification).
              <FollowButton target={{ kind: 'follow', type: 'playlist', id: playlist.id }} />
            ) : null}
            {isOwner ? (
              <MenuTrigger>
                <IconButton size="lg" round aria-label={t('Playlist options')}>
                  <MoreIcon />
                </IconButton>
                <Menu
                  aria-label={t('Playlist options')}
                  onAction={(key: Key) => {
                    if (key === 'edit') setEditing(true);
                    if (key === 'public') setPublic(!playlist.public);
                    if (key === 'delete') setDeleting(true);
                  }}
                >
                  <MenuItem id="edit">{t('Edit details')}</MenuItem>
                  <MenuItem id="public">{playlist.public ? t('Make private') : t('Make public')}</MenuItem>
                  <MenuItem id="delete" variant="danger">
                    {t('Delete playlist')}
                  </MenuItem>
                </Menu>
              </MenuTrigger>
            ) : null}
          </>
        }
      />
      {tracksQuery.isPending ? (
        <RowsSkeleton />
      ) : tracksQuery.isError ? (
        <PageError error={tracksQuery.error} onRetry={() => void tracksQuery.refetch()} />
      ) : tracks.length === 0 ? (
        <EmptyState
          icon={<ListMusicIcon size={40} />}
          title={t('This playlist is empty')}
          text={canEdit ? t('Add tracks from any track menu: “Add to playlist”.') : undefined}
          action={
            canEdit ? (
              <Button
                variant="outline"
                onPress={() => document.querySelector<HTMLInputElement>('.music-search__input')?.focus()}
              >
                {t('Find music')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <TracksTable
          tracks={tracks}
          label={t('Tracks of :name', { name: playlist.name })}
          context={context}
          showAddedAt
          playlist={{ id: playlist.id, canEdit }}
          onReorder={(move) => reorder.mutate(move)}
        />
      )}
      {isOwner ? (
        <>
          <PlaylistFormDialog isOpen={editing} onOpenChange={setEditing} playlist={playlist} />
          <DeletePlaylistDialog playlist={playlist} isOpen={deleting} onOpenChange={setDeleting} />
        </>
      ) : null}
    </div>
  );
}
