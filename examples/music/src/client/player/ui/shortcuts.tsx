import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import type { PlaybackController } from '../engine/playback';

/** How far ←/→ seek and ↑/↓ change the volume. */
export const SEEK_STEP_MS = 5000;
export const VOLUME_STEP = 0.1;

/** The shortcuts and what they do; the dialog lists exactly these. */
export const SHORTCUTS: { keys: string[]; action: (t: TFunction) => string }[] = [
  { keys: ['Space', 'K'], action: (t: TFunction) => t('Play or pause') },
  { keys: ['←'], action: (t: TFunction) => t('Seek back 5 seconds') },
  { keys: ['→'], action: (t: TFunction) => t('Seek forward 5 seconds') },
  { keys: ['Shift', '←'], action: (t: TFunction) => t('Previous track') },
  { keys: ['Shift', '→'], action: (t: TFunction) => t('Next track') },
  { keys: ['M'], action: (t: TFunction) => t('Mute or unmute') },
  { keys: ['↑'], action: (t: TFunction) => t('Volume up') },
  { keys: ['↓'], action: (t: TFunction) => t('Volume down') },
  { keys: ['Shift', '?'], action: (t: TFunction) => t('Show keyboard shortcuts') },
];

/**
 * True when a key press belongs to what has focus: typing in a field, or a control that uses the key itself (a
 * slider's arrows, a button's space, a list's arrows).
 */
export function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  if (
    (key === ' ' || key === 'Enter') &&
    target.closest('button, a[href], [role="button"], [role="checkbox"], [role="switch"]')
  )
    return true;
  if (
    key.startsWith('Arrow') &&
    target.closest(
      '[role="slider"], [role="grid"], [role="listbox"], [role="menu"], [role="tablist"], [role="radiogroup"]',
    )
  )
    return true;
  return false;
}

/** Space/K, ←/→, shift+←/→, M, ↑/↓ and shift+? anywhere in the web player, never while typing in a field. */
export function useKeyboardShortcuts(controller: PlaybackController, openHelp: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (ownsKeys(event.target, event.key)) return;
      const { volume, muted } = controller.getSnapshot();
      let handled = true;
      switch (event.key) {
        case ' ':
        case 'k':
        case 'K':
          controller.toggle();
          break;
        case 'ArrowLeft':
          if (event.shiftKey) controller.previous();
          else controller.seek(controller.positionMs() - SEEK_STEP_MS);
          break;
        case 'ArrowRight':
          if (event.shiftKey) controller.next();
          else controller.seek(controller.positionMs() + SEEK_STEP_MS);
          break;
        case 'm':
        case 'M':
          controller.setMuted(!muted);
          break;
        case 'ArrowUp':
          controller.setVolume(Math.round((volume + VOLUME_STEP) * 10) / 10);
          break;
        case 'ArrowDown':
          controller.setVolume(Math.round((volume - VOLUME_STEP) * 10) / 10);
          break;
        case '?':
          openHelp();
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controller, openHelp]);
}
