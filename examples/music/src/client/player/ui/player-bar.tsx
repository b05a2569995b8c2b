import { IconButton, Link, useIsMobile } from '@backline/ui';
import { Fragment, lazy, type ReactNode, useCallback, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { PlayerTrack } from '../engine/types';
import { usePlaybackSnapshot, usePlayerEngine, useQueueSnapshot } from '../player-provider';
import { DeferredPlayPermissionDialog } from './deferred-play-permission';
import {
  ExpandIcon,
  KeyboardIcon,
  MusicNoteIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  QueueIcon,
  RepeatIcon,
  RepeatOneIcon,
  ShuffleIcon,
} from './player-icons';
import { SeekBar } from './seek-bar';
import { useKeyboardShortcuts } from './shortcuts';
import { useMediaSession } from './use-media-session';
import { VolumeControl } from './volume-control';
import { WhenOpened } from './when-opened';
import './player.css';

// The bar's overlays (queue with drag and drop, full view with its settings, shortcuts) load the first time one
// opens: a page's first paint needs only the bar.
const QueuePanel = lazy(() => import('./queue-panel').then((module) => ({ default: module.QueuePanel })));
const NowPlaying = lazy(() => import('./now-playing').then((module) => ({ default: module.NowPlaying })));
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })),
);

export interface PlayerBarProps {
  /** Renders the like button for the playing track (the music pages own likes). */
  likeSlot?: (track: PlayerTrack) => ReactNode;
  /** Forces the mini player (stories); by default it follows the 375 px breakpoint. */
  mini?: boolean;
}

/** Cover art, or a note when the track has none. */
export function Cover({ track, size }: { track: PlayerTrack | null; size: number }) {
  return track?.image ? (
    <img className="player-cover" src={track.image} alt="" width={size} height={size} />
  ) : (
    <span className="player-cover player-cover--empty" style={{ width: size, height: size }}>
      <MusicNoteIcon size={size / 2} />
    </span>
  );
}

/** Title (a link to the track) and the artists (each a link). */
export function TrackTitle({ track }: { track: PlayerTrack }) {
  return (
    <div className="player-title">
      <Link className="player-title__name" href={track.path} variant="inherit">
        {track.name}
      </Link>
      <span className="player-title__artists">
        {track.artists.map((artist, i) => (
          <Fragment key={artist.id}>
            {i > 0 ? ', ' : null}
            <Link href={artist.path} variant="inherit">
              {artist.name}
            </Link>
          </Fragment>
        ))}
      </span>
    </div>
  );
}

/** Play/pause; for a role without `music.play`, a button that explains how to get it. */
export function PlayPauseButton({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const { controller, canPlay } = usePlayerEngine();
  const { status, current, waiting } = usePlaybackSnapshot();
  const playing = status === 'playing' || status === 'loading';
  if (!canPlay) return <NoPermissionButton size={size} />;
  return (
    <IconButton
      className="player-play"
      data-size={size}
      variant="primary"
      round
      aria-label={playing ? t('Pause') : t('Play')}
      isDisabled={!current}
      isPending={waiting && playing}
      onPress={() => controller.toggle()}
    >
      {playing ? <PauseIcon size={size === 'lg' ? 28 : 20} /> : <PlayIcon size={size === 'lg' ? 28 : 20} />}
    </IconButton>
  );
}

function NoPermissionButton({ size }: { size: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* What a DialogTrigger would say about its dialog, whose code loads when it first opens. */}
      <IconButton
        className="player-play"
        data-size={size}
        variant="primary"
        round
        aria-label={t('Play')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPress={() => setOpen(true)}
      >
        <PlayIcon size={size === 'lg' ? 28 : 20} />
      </IconButton>
      <DeferredPlayPermissionDialog isOpen={open} onOpenChange={setOpen} />
    </>
  );
}

/** Previous, play/pause, next, with shuffle and repeat around them. */
export function TransportControls({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const { controller, queue, canPlay } = usePlayerEngine();
  const snapshot = useQueueSnapshot();
  const hasTrack = Boolean(snapshot.current) && canPlay;
  const repeatLabel =
    snapshot.repeat === 'off'
      ? t('Repeat: off')
      : snapshot.repeat === 'all'
        ? t('Repeat: all')
        : t('Repeat: one');
  return (
    <div className="player-transport" data-size={size}>
      <IconButton
        aria-label={snapshot.shuffle ? t('Shuffle: on') : t('Shuffle: off')}
        aria-pressed={snapshot.shuffle}
        data-active={snapshot.shuffle || undefined}
        isDisabled={!hasTrack}
        onPress={() => queue.setShuffle(!snapshot.shuffle)}
      >
        <ShuffleIcon />
      </IconButton>
      <IconButton aria-label={t('Previous')} isDisabled={!hasTrack} onPress={() => controller.previous()}>
        <PreviousIcon />
      </IconButton>
      <PlayPauseButton size={size} />
      <IconButton aria-label={t('Next')} isDisabled={!hasTrack} onPress={() => controller.next()}>
        <NextIcon />
      </IconButton>
      <IconButton
        aria-label={repeatLabel}
        data-active={snapshot.repeat !== 'off' || undefined}
        isDisabled={!hasTrack}
        onPress={() => queue.cycleRepeat()}
      >
        {snapshot.repeat === 'one' ? <RepeatOneIcon /> : <RepeatIcon />}
      </IconButton>
    </div>
  );
}

/**
 * The player bar at the bottom of the web player layout: what is playing, the transport, the seek bar, volume and
 * the doors to the queue panel, the full "now playing" view and the keyboard shortcuts. At 375 px it is a mini
 * player that opens the full view.
 */
export function PlayerBar({ likeSlot, mini }: PlayerBarProps) {
  const { t } = useTranslation();
  const { controller } = usePlayerEngine();
  const playback = usePlaybackSnapshot();
  const isMobile = useIsMobile();
  const [view, setView] = useState<'queue' | 'full' | 'shortcuts' | null>(null);
  const track = playback.current?.track ?? null;
  const compact = mini ?? isMobile;
  const openShortcuts = useCallback(() => setView('shortcuts'), []);
  useKeyboardShortcuts(controller, openShortcuts);
  useMediaSession();

  const overlays = (
    <>
      <WhenOpened isOpen={view === 'queue'}>
        <QueuePanel isOpen={view === 'queue'} onOpenChange={(open) => setView(open ? 'queue' : null)} />
      </WhenOpened>
      <WhenOpened isOpen={view === 'full'}>
        <NowPlaying
          isOpen={view === 'full'}
          onOpenChange={(open) => setView(open ? 'full' : null)}
          likeSlot={likeSlot}
          onOpenQueue={() => setView('queue')}
        />
      </WhenOpened>
      <WhenOpened isOpen={view === 'shortcuts'}>
        <ShortcutsDialog
          isOpen={view === 'shortcuts'}
          onOpenChange={(open) => setView(open ? 'shortcuts' : null)}
        />
      </WhenOpened>
    </>
  );

  if (compact) {
    const fraction = playback.durationMs ? playback.positionMs / playback.durationMs : 0;
    return (
      <section className="player-bar player-bar--mini" aria-label={t('Player')} data-status={playback.status}>
        <AriaButton className="player-mini__open" isDisabled={!track} onPress={() => setView('full')}>
          <Cover track={track} size={40} />
          <span className="player-mini__text">
            {/* The name is what the button shows, after a hidden verb: visible text must be part of the name. */}
            {track ? <span className="bl-visually-hidden">{t('Open now playing:')} </span> : null}
            <span className="player-title__name">{track?.name ?? t('Nothing playing')}</span>
            {track ? (
              <span className="player-title__artists">{track.artists.map((a) => a.name).join(', ')}</span>
            ) : null}
          </span>
        </AriaButton>
        {track && likeSlot ? likeSlot(track) : null}
        <PlayPauseButton />
        <div className="player-mini__progress" aria-hidden="true">
          <div style={{ width: `${fraction * 100}%` }} />
        </div>
        {overlays}
      </section>
    );
  }

  return (
    <section className="player-bar" aria-label={t('Player')} data-status={playback.status}>
      <div className="player-bar__track">
        <Cover track={track} size={56} />
        {track ? (
          <TrackTitle track={track} />
        ) : (
          <span className="player-bar__empty">{t('Nothing playing')}</span>
        )}
        {track && likeSlot ? likeSlot(track) : null}
      </div>
      <div className="player-bar__center">
        <TransportControls />
        <SeekBar />
      </div>
      <div className="player-bar__tools">
        <IconButton
          aria-label={t('Queue')}
          aria-pressed={view === 'queue'}
          data-active={view === 'queue' || undefined}
          onPress={() => setView(view === 'queue' ? null : 'queue')}
        >
          <QueueIcon />
        </IconButton>
        <VolumeControl />
        <IconButton aria-label={t('Keyboard shortcuts')} onPress={() => setView('shortcuts')}>
          <KeyboardIcon />
        </IconButton>
        <IconButton aria-label={t('Now playing')} isDisabled={!track} onPress={() => setView('full')}>
          <ExpandIcon />
        </IconButton>
      </div>
      {overlays}
    </section>
  );
}
