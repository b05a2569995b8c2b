import { useEffect } from 'react';
import { attachMediaSession } from '../engine/media-session';
import { usePlayerEngine } from '../player-provider';

/** Keeps the lock screen, notification and hardware media keys in step with the player. */
export function useMediaSession(): void {
  const { controller } = usePlayerEngine();
  useEffect(() => attachMediaSession(controller), [controller]);
}
