import { APPEARANCE_EDITOR_SOURCE } from '@backline/core/contract';

/**
 * The site's side of the editor handshake: tells the editor (the parent window, same origin only) that the
 * bridge is listening, so the editor sends its unsaved state again. Without it, edits posted while the preview's
 * scripts were still starting would be lost.
 */
export function announcePreviewReady(win: Window = window): void {
  if (win.parent === win) return;
  win.parent.postMessage({ source: APPEARANCE_EDITOR_SOURCE, type: 'previewReady' }, win.location.origin);
}
