import { describe, expect, it } from 'vitest';
import { APPEARANCE_EDITOR_FRAME_ATTRIBUTE, isAppearanceEditorActive } from './appearance-editor';

/** A window as far as the check reads it. */
const fakeWindow = (framed: boolean, frameElement: unknown) => {
  const win = { frameElement } as { self?: unknown; top?: unknown; frameElement: unknown };
  win.self = win;
  win.top = framed ? {} : win;
  return win as unknown as Window;
};
const frame = (attributes: string[]) => ({ hasAttribute: (name: string) => attributes.includes(name) });

describe('appearance editor detection', () => {
  it('is off outside a frame, and without a window', () => {
    expect(isAppearanceEditorActive(fakeWindow(false, null))).toBe(false);
    expect(isAppearanceEditorActive(undefined)).toBe(false);
  });

  it("is on inside the editor's marked same-origin frame only", () => {
    expect(isAppearanceEditorActive(fakeWindow(true, frame([APPEARANCE_EDITOR_FRAME_ATTRIBUTE])))).toBe(true);
    expect(isAppearanceEditorActive(fakeWindow(true, frame(['title'])))).toBe(false);
    // A cross-origin parent exposes no frame element.
    expect(isAppearanceEditorActive(fakeWindow(true, null))).toBe(false);
  });

  it('is off when the browser refuses to show the frame element', () => {
    const win = fakeWindow(true, null);
    Object.defineProperty(win, 'frameElement', {
      get() {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    });
    expect(isAppearanceEditorActive(win)).toBe(false);
  });
});
