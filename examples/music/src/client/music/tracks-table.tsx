import { useUser } from '@backline/core/react';
import {
  Button,
  IconButton,
  Link,
  Menu,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  SubmenuTrigger,
} from '@backline/ui';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import {
  Button as AriaButton,
  type DragAndDropHooks,
  GridList,
  GridListItem,
  type Key,
  ListLayout,
  type Selection,
  Virtualizer,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Track } from '../../contract';
import { DeferredPlayPermissionDialog } from '../player';
import { useMyPlaylists } from './api';
import { DeferredPlaylistFormDialog } from './deferred-playlist-form';
import { useFormat } from './format';
import { ClockIcon, GripIcon, MoreIcon, PauseIcon, PlayIcon } from './icons';
import { LikeButton } from './like-button';
import { RowsSkeleton } from './page-states';
import { type PlayContext, toPlayerTrack, usePlayActions } from './play-actions';
import { copyLink, useAddToPlaylist, useRemoveFromPlaylist } from './playlist-actions';
import type { TrackMove } from './tracks-reorder';

// Reordering is for a playlist its listener edits; every other table (an artist's, an album's) skips its code.
const TracksReorder = lazy(() =>
  import('./tracks-reorder').then((module) => ({ default: module.TracksReorder })),
);

/** One row's height; the list is virtualised, so only the rows in view are in the document. */
export const TRACK_ROW_HEIGHT = 56;

/**
 * A tracks table of `rows` rows while its tracks load: skeleton rows in the table's own height (its head, then the
 * rows), so what follows it does not move when the table arrives.
 */
export function TracksTableSkeleton({ rows }: { rows: number }) {
  return (
    <div
      className="music-tracks-skeleton"
      style={{ height: `calc(2.5rem + ${rows * TRACK_ROW_HEIGHT + 2}px)` }}
    >
      <RowsSkeleton rows={rows} />
    </div>
  );
}

export interface TracksTableProps {
  tracks: Track[];
  /** Names the list for screen readers ("Tracks of Night Drive"). */
  label: string;
  /** Where the queue comes from when a row plays. */
  context: PlayContext;
  /** `position` numbers rows 1…n (charts, playlists); `track` shows the album's track number. */
  numbering?: 'position' | 'track';
  showAlbum?: boolean;
  /** Shows when each track was added, liked or played (`added_at`). */
  showAddedAt?: boolean;
  /** A playlist the listener may edit: rows can be removed and reordered (drag and drop, or keyboard). */
  playlist?: { id: number; canEdit: boolean };
  /** Called with the moved tracks and where they went; the table itself does not reorder. */
  onReorder?: (move: TrackMove) => void;
  /** Caps the table's own height; rows past it scroll inside the table. */
  maxHeight?: number | string;
}

/**
 * The tracks table used on every page: number or play state, title, artists, album, added date, duration,
 * like, and a menu per row (play, play next, add to queue, add to playlist, go to artist or album, copy
 * link). It is a react-aria grid list: arrow keys move between rows and into their controls, Enter plays,
 * Ctrl/Shift and Space select several rows, and a row's drag handle reorders a playlist by mouse or by
 * keyboard (Enter on the handle, arrows, Enter). Virtualised, so a thousand rows stay smooth.
 */
export function TracksTable({
  tracks,
  label,
  context,
  numbering = 'position',
  showAlbum = true,
  showAddedAt = false,
  playlist,
  onReorder,
  maxHeight = '75vh',
}: TracksTableProps) {
  const { t } = useTranslation();
  const player = usePlayActions();
  const [selected, setSelected] = useState<Selection>(new Set());
  // Rows are keyed by track id; a list where a track repeats (the history) keys them by position too.
  const rows = useMemo(() => {
    const unique = new Set(tracks.map((track) => track.id)).size === tracks.length;
    return tracks.map((track, index) => ({ id: unique ? track.id : `${index}:${track.id}`, track, index }));
  }, [tracks]);
  const byKey = useMemo(() => new Map<Key, Track>(rows.map((row) => [row.id, row.track])), [rows]);
  const selectedTracks = useMemo(
    () => (selected === 'all' ? tracks : rows.filter((row) => selected.has(row.id)).map((row) => row.track)),
    [selected, rows, tracks],
  );
  const editable = !!playlist?.canEdit && !!onReorder;

  const play = (index: number) => player.playList(tracks.map(toPlayerTrack), index, context);

  const listStyle = { height: Math.min(tracks.length, 2000) * TRACK_ROW_HEIGHT + 2, maxHeight };
  const renderList = (dragAndDropHooks?: DragAndDropHooks) => (
    <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: TRACK_ROW_HEIGHT }}>
      <GridList
        aria-label={label}
        items={rows}
        selectionMode="multiple"
        selectionBehavior="replace"
        selectedKeys={selected}
        onSelectionChange={setSelected}
        onAction={(key) => play(rows.find((row) => row.id === key)?.index ?? 0)}
        dragAndDropHooks={dragAndDropHooks}
        className="music-tracks__list"
        style={listStyle}
      >
        {(row) => (
          <TrackRow
            rowKey={row.id}
            track={row.track}
            index={row.index}
            numbering={numbering}
            showAlbum={showAlbum}
            showAddedAt={showAddedAt}
            editable={editable}
            onPlay={play}
            menuTracks={selected === 'all' || selected.has(row.id) ? selectedTracks : [row.track]}
            playlist={playlist}
          />
        )}
      </GridList>
    </Virtualizer>
  );

  const columns = [
    'music-tracks--cols',
    showAlbum ? 'music-tracks--album' : '',
    showAddedAt ? 'music-tracks--added' : '',
    editable ? 'music-tracks--drag' : '',
  ].join(' ');

  return (
    <div className={`music-tracks ${columns}`}>
      {selectedTracks.length > 1 ? (
        <SelectionBar tracks={selectedTracks} playlist={playlist} onClear={() => setSelected(new Set())} />
      ) : null}
      <div className="music-tracks__head" aria-hidden="true">
        {editable ? <span /> : null}
        <span className="music-tracks__num">#</span>
        <span>{t('Title')}</span>
        {showAlbum ? <span className="music-tracks__album">{t('Album')}</span> : null}
        {showAddedAt ? <span className="music-tracks__added">{t('Date added')}</span> : null}
        <span />
        <span className="music-tracks__duration">
          <ClockIcon size={16} />
        </span>
        <span />
      </div>
      {editable && onReorder ? (
        // Until the drag and drop code arrives the list's place is kept empty: rows without it would take focus and
        // keys that then do nothing, and be replaced under the listener when it comes.
        <Suspense fallback={<div className="music-tracks__list" style={listStyle} aria-busy="true" />}>
          <TracksReorder rows={rows} byKey={byKey} onReorder={onReorder}>
            {renderList}
          </TracksReorder>
        </Suspense>
      ) : (
        renderList()
      )}
    </div>
  );
}

interface TrackRowProps {
  rowKey: Key;
  track: Track;
  index: number;
  numbering: 'position' | 'track';
  showAlbum: boolean;
  showAddedAt: boolean;
  editable: boolean;
  onPlay: (index: number) => void;
  /** What the row's menu acts on: the selection when this row is part of it, else the row. */
  menuTracks: Track[];
  playlist?: { id: number; canEdit: boolean };
}

function TrackRow({
  rowKey,
  track,
  index,
  numbering,
  showAlbum,
  showAddedAt,
  editable,
  onPlay,
  menuTracks,
  playlist,
}: TrackRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const player = usePlayActions();
  const [menuOpen, setMenuOpen] = useState(false);
  const [explaining, setExplaining] = useState(false);
  const isCurrent = player.current?.id === track.id;
  const artists = track.artists.map((artist) => artist.name).join(', ');
  return (
    <GridListItem
      id={rowKey}
      textValue={`${track.name}, ${artists}`}
      className="music-tracks__row"
      data-current={isCurrent || undefined}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: right-click opens the row's menu, which its More button also opens for keyboard and touch. */}
      <div
        className="music-tracks__cells"
        onContextMenu={(event) => {
          event.preventDefault();
          setMenuOpen(true);
        }}
      >
        {editable ? (
          <AriaButton
            slot="drag"
            className="music-tracks__grip"
            aria-label={t('Reorder :name', { name: track.name })}
          >
            <GripIcon size={16} />
          </AriaButton>
        ) : null}
        <span className="music-tracks__num">
          <span className="music-tracks__index" aria-hidden={isCurrent || undefined}>
            {isCurrent && player.isPlaying ? (
              <span className="music-eq" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
            ) : numbering === 'track' ? (
              track.number
            ) : (
              index + 1
            )}
          </span>
          <IconButton
            size="sm"
            className="music-tracks__play"
            aria-label={
              isCurrent && player.isPlaying
                ? t('Pause :name', { name: track.name })
                : t('Play :name', { name: track.name })
            }
            onPress={() =>
              // A role without music.play is told how to listen rather than given a button that does nothing.
              !player.canPlay ? setExplaining(true) : isCurrent ? player.toggle() : onPlay(index)
            }
          >
            {isCurrent && player.isPlaying ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
          </IconButton>
        </span>
        <span className="music-tracks__title">
          {track.image ? (
            <img src={track.image} alt="" loading="lazy" className="music-tracks__cover" />
          ) : null}
          <span className="music-tracks__names">
            <Link href={track.path} variant="inherit" className="music-tracks__name">
              {track.name}
            </Link>
            <span className="music-tracks__artists">
              {track.artists.map((artist, position) => (
                <span key={artist.id}>
                  {position > 0 ? ', ' : null}
                  <Link href={artist.path} variant="inherit">
                    {artist.name}
                  </Link>
                </span>
              ))}
            </span>
          </span>
        </span>
        {showAlbum ? (
          <span className="music-tracks__album">
            {track.album ? (
              <Link href={track.album.path} variant="inherit">
                {track.album.name}
              </Link>
            ) : null}
          </span>
        ) : null}
        {showAddedAt ? <span className="music-tracks__added">{format.date(track.added_at)}</span> : null}
        <span className="music-tracks__like">
          <LikeButton target={{ kind: 'like', type: 'track', id: track.id }} name={track.name} size="sm" />
        </span>
        <span className="music-tracks__duration">{format.clock(track.duration_ms)}</span>
        <span className="music-tracks__more">
          <TrackMenu
            tracks={menuTracks}
            playlist={playlist}
            isOpen={menuOpen}
            onOpenChange={setMenuOpen}
            trigger={
              <IconButton size="sm" aria-label={t('More options for :name', { name: track.name })}>
                <MoreIcon size={18} />
              </IconButton>
            }
          />
        </span>
        {player.canPlay ? null : (
          <DeferredPlayPermissionDialog isOpen={explaining} onOpenChange={setExplaining} />
        )}
      </div>
    </GridListItem>
  );
}

interface TrackMenuProps {
  /** The tracks acted on: one, or the selected rows. */
  tracks: Track[];
  trigger: ReactNode;
  playlist?: { id: number; canEdit: boolean };
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The menu of one track or of a selection. */
export function TrackMenu({ tracks, trigger, playlist, isOpen, onOpenChange }: TrackMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const player = usePlayActions();
  const user = useUser();
  const remove = useRemoveFromPlaylist(playlist?.id ?? 0);
  const [creating, setCreating] = useState(false);
  const [explaining, setExplaining] = useState(false);
  const first = tracks[0];
  if (!first) return null;
  const single = tracks.length === 1;
  const artist = first.artists[0];
  return (
    <>
      <MenuTrigger {...(isOpen !== undefined && { isOpen })} onOpenChange={onOpenChange}>
        {trigger}
        <Menu
          aria-label={
            single
              ? t('Options for :name', { name: first.name })
              : t(':count tracks selected', {
                  count: tracks.length,
                  defaultValue_one: ':count track selected',
                })
          }
          placement="bottom end"
          onAction={(key: Key) => {
            // Without music.play the play entries explain how to listen instead of being greyed out.
            if (!player.canPlay && (key === 'play' || key === 'next' || key === 'queue')) {
              setExplaining(true);
              return;
            }
            if (key === 'play') player.playList(tracks.map(toPlayerTrack), 0, { type: 'queue' });
            if (key === 'next') player.playNext(tracks.map(toPlayerTrack));
            if (key === 'queue') player.addToQueue(tracks.map(toPlayerTrack));
            if (key === 'artist' && artist) navigate(artist.path);
            if (key === 'album' && first.album) navigate(first.album.path);
            if (key === 'copy') void copyLink(first.path, t('Copied link to clipboard'));
            if (key === 'remove') remove.mutate(tracks);
          }}
        >
          <MenuItem id="play">{t('Play')}</MenuItem>
          <MenuItem id="next">{t('Play next')}</MenuItem>
          <MenuItem id="queue">{t('Add to queue')}</MenuItem>
          {user ? (
            <AddToPlaylistSubmenu tracks={tracks} onNew={() => setCreating(true)} />
          ) : (
            <MenuItem id="login" href="/login">
              {t('Add to playlist')}
            </MenuItem>
          )}
          {playlist?.canEdit ? <MenuItem id="remove">{t('Remove from this playlist')}</MenuItem> : null}
          {single ? <MenuSeparator /> : null}
          {single && artist ? <MenuItem id="artist">{t('Go to artist')}</MenuItem> : null}
          {single && first.album ? <MenuItem id="album">{t('Go to album')}</MenuItem> : null}
          {single ? <MenuItem id="copy">{t('Copy link')}</MenuItem> : null}
        </Menu>
      </MenuTrigger>
      <DeferredPlaylistFormDialog isOpen={creating} onOpenChange={setCreating} withTracks={tracks} />
      {player.canPlay ? null : (
        <DeferredPlayPermissionDialog isOpen={explaining} onOpenChange={setExplaining} />
      )}
    </>
  );
}

/** "Add to playlist": the listener's editable playlists, and a new one. */
function AddToPlaylistSubmenu({ tracks, onNew }: { tracks: Track[]; onNew: () => void }) {
  const { t } = useTranslation();
  const mine = useMyPlaylists();
  const add = useAddToPlaylist();
  const items = mine.data?.pagination.data ?? [];
  return (
    <SubmenuTrigger>
      <MenuItem id="add-to-playlist">{t('Add to playlist')}</MenuItem>
      <Menu
        aria-label={t('Add to playlist')}
        onAction={(key: Key) => {
          if (key === 'new') onNew();
          else add.mutate({ playlistId: Number(key), tracks });
        }}
      >
        <MenuItem id="new">{t('New playlist')}</MenuItem>
        {items.length > 0 ? <MenuSeparator /> : null}
        {items.map((playlist) => (
          <MenuItem key={playlist.id} id={playlist.id} textValue={playlist.name}>
            {playlist.name}
          </MenuItem>
        ))}
      </Menu>
    </SubmenuTrigger>
  );
}

/** Shown while several rows are selected: how many, and what to do with them. */
function SelectionBar({
  tracks,
  playlist,
  onClear,
}: {
  tracks: Track[];
  playlist?: { id: number; canEdit: boolean };
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="music-tracks__selection" role="toolbar" aria-label={t('Selected tracks')}>
      <span aria-live="polite">
        {t(':count tracks selected', { count: tracks.length, defaultValue_one: ':count track selected' })}
      </span>
      <TrackMenu
        tracks={tracks}
        playlist={playlist}
        trigger={
          <Button size="sm" variant="outline">
            {t('Actions')}
          </Button>
        }
      />
      <Button size="sm" variant="text" onPress={onClear}>
        {t('Clear selection')}
      </Button>
    </div>
  );
}
