import type { PlaybackController } from './playback';

/** How far the lock screen's seek backward/forward buttons jump when the OS gives no offset. */
const DEFAULT_SEEK_OFFSET_S = 10;

/**
 * Media Session: title, artists, album and artwork of the playing track; play, pause, previous, next, seek
 * backward/forward and seek to; and the position state, so lock screens and hardware keys work. Answers a detach.
 */
export function attachMediaSession(
  controller: PlaybackController,
  session: MediaSession | undefined = typeof navigator === 'undefined' ? undefined : navigator.mediaSession,
): () => void {
  if (!session) return () => {};
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => controller.play()],
    ['pause', () => controller.pause()],
    ['previoustrack', () => controller.previous()],
    ['nexttrack', () => controller.next()],
    [
      'seekbackward',
      (d) => controller.seek(controller.positionMs() - (d.seekOffset ?? DEFAULT_SEEK_OFFSET_S) * 1000),
    ],
    [
      'seekforward',
      (d) => controller.seek(controller.positionMs() + (d.seekOffset ?? DEFAULT_SEEK_OFFSET_S) * 1000),
    ],
    ['seekto', (d) => d.seekTime !== undefined && controller.seek(d.seekTime * 1000)],
    ['stop', () => controller.pause()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
  let lastKey: string | null = null;
  const update = () => {
    const s = controller.getSnapshot();
    const track = s.current?.track ?? null;
    if ((s.current?.key ?? null) !== lastKey) {
      lastKey = s.current?.key ?? null;
      session.metadata =
        track && typeof MediaMetadata !== 'undefined'
          ? new MediaMetadata({
              title: track.name,
              artist: track.artists.map((artist) => artist.name).join(', '),
              album: track.album?.name ?? '',
              artwork: track.image ? [{ src: new URL(track.image, location.href).href }] : [],
            })
          : null;
    }
    session.playbackState =
      s.status === 'playing' || s.status === 'loading' ? 'playing' : track ? 'paused' : 'none';
    const duration = s.durationMs / 1000;
    if (track && duration > 0 && session.setPositionState) {
      try {
        session.setPositionState({
          duration,
          playbackRate: 1,
          position: Math.min(duration, Math.max(0, s.positionMs / 1000)),
        });
      } catch {
        // A position the browser refuses (a duration still unknown): the next update corrects it.
      }
    }
  };
  update();
  const off = controller.subscribe(update);
  return () => {
    off();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // See above.
      }
    }
    session.metadata = null;
  };
}
