/**
 * The attribute the appearance editor puts on the `<iframe>` it previews the site in. The site reads it
 * through `window.frameElement`, which only a same-origin parent exposes, so another site framing this one
 * cannot switch the editor behaviour on (the server also refuses cross-origin framing).
 */
export const APPEARANCE_EDITOR_FRAME_ATTRIBUTE = 'data-appearance-editor';

/**
 * Whether this page runs inside the appearance editor's preview frame. While it does, auth pages stay
 * visible to a logged-in site owner (so they can be themed) and logging out is refused.
 */
export function isAppearanceEditorActive(win: Window | undefined = globalThis.window): boolean {
  if (!win) return false;
  try {
    if (win.self === win.top) return false;
    return win.frameElement?.hasAttribute(APPEARANCE_EDITOR_FRAME_ATTRIBUTE) ?? false;
  } catch {
    // A cross-origin parent makes frameElement access throw in some browsers: not the editor.
    return false;
  }
}
