import { activeTheme, applyTheme, type BootstrapData, type BootstrapStore, type Theme } from '@backline/core';
import { APPEARANCE_EDITOR_PARAM, APPEARANCE_EDITOR_SOURCE, type appearance } from '@backline/core/contract';
import { type CustomCodeOptions, setCustomCode } from '../custom-code/custom-code';
import type { acceptEditorMessage } from './accept-message';
import { mergeSettings } from './merge-settings';

type AppearanceEditorMessage = appearance.AppearanceEditorMessage;

// Latched: the preview loads with `?appearanceEditor=true`, and client-side navigation (the editor's `navigate`,
// the visitor's own clicks) drops the query; the page stays in the editor for as long as this document lives.
let editorModeSeen = false;

/** True when the page runs inside the appearance editor's preview (it was loaded with `?appearanceEditor=true`). */
export function isEditorMode(location: Pick<Location, 'search'> | undefined = globalThis.location): boolean {
  if (!editorModeSeen && location)
    editorModeSeen = new URLSearchParams(location.search).get(APPEARANCE_EDITOR_PARAM) === 'true';
  return editorModeSeen;
}

/**
 * The theme to paint: in the editor's preview the one the editor picked (the store's `selectedThemeId`, set by
 * `setActiveTheme`), since the visitor's `be-active-theme` cookie must not override the theme being edited;
 * elsewhere the cookie and settings rule of `activeTheme`.
 */
export function displayedTheme(data: BootstrapData): Theme | undefined {
  if (isEditorMode()) {
    const picked = data.themes.all.find((theme) => theme.id === data.themes.selectedThemeId);
    if (picked) return picked;
  }
  return activeTheme(data);
}

export interface BridgeOptions extends CustomCodeOptions {
  store: BootstrapStore;
  /** Goes to a path inside the site (the router's navigate). */
  navigate: (to: string) => void;
  /** Where the theme is applied; `<html>` by default. */
  root?: HTMLElement;
}

/** Applies a theme in the preview and records it as the store's selected theme (no cookie: a preview only). */
function showTheme(options: BridgeOptions, theme: Theme): void {
  applyTheme(theme, options.root ?? (options.document ?? document).documentElement);
  options.store.update((data) => ({ ...data, themes: { ...data.themes, selectedThemeId: theme.id } }));
}

/** Carries out one accepted message (spec §4, "Appearance-editor bridge"). */
export function handleEditorMessage(message: AppearanceEditorMessage, options: BridgeOptions): void {
  const { store } = options;
  switch (message.type) {
    case 'navigate':
      // Only paths inside the site: the preview never leaves it.
      if (message.to.startsWith('/') && !message.to.startsWith('//')) options.navigate(message.to);
      return;
    case 'setValues': {
      const themes = message.values.appearance?.themes?.all;
      store.update(
        (data): BootstrapData => ({
          ...data,
          settings: message.values.settings
            ? mergeSettings(data.settings, message.values.settings)
            : data.settings,
          themes: themes ? { ...data.themes, all: themes } : data.themes,
        }),
      );
      if (themes) {
        const data = store.getSnapshot();
        const current =
          data.themes.all.find((theme) => theme.id === data.themes.selectedThemeId) ?? activeTheme(data);
        if (current) applyTheme(current, options.root ?? (options.document ?? document).documentElement);
      }
      return;
    }
    case 'setThemeColor':
      (options.root ?? (options.document ?? document).documentElement).style.setProperty(
        message.name,
        message.value,
      );
      return;
    case 'setActiveTheme': {
      const theme = store.getSnapshot().themes.all.find((candidate) => candidate.id === message.themeId);
      if (theme) showTheme(options, theme);
      return;
    }
    case 'setCustomCode':
      setCustomCode(message.mode, message.value, options);
      return;
  }
}

/**
 * Listens for the editor's messages on `win` and carries them out; answers the function that stops listening.
 * Call it only in editor mode (`isEditorMode()`); outside the editor there is nothing to listen to.
 *
 * The messages' schemas load with the first call, not with the page: every visitor's first chunk carries this
 * module (for `isEditorMode`), and only the editor's preview needs the parser. A message that arrives while it
 * loads waits for it, in order.
 */
export function listenToEditor(options: BridgeOptions, win: Window = window): () => void {
  let accept: typeof acceptEditorMessage | undefined;
  let stopped = false;
  const waiting: MessageEvent[] = [];
  const carryOut = (event: MessageEvent) => {
    const message = accept!(event, win.location.hostname);
    if (message) handleEditorMessage(message, options);
  };
  const onMessage = (event: MessageEvent) => {
    if (accept) carryOut(event);
    else waiting.push(event);
  };
  win.addEventListener('message', onMessage);
  void import('./accept-message').then((module) => {
    if (stopped) return;
    accept = module.acceptEditorMessage;
    for (const event of waiting.splice(0)) carryOut(event);
  });
  return () => {
    stopped = true;
    waiting.length = 0;
    win.removeEventListener('message', onMessage);
  };
}

/** Distributes `Omit<Union, K>` over each member, so each message type keeps its own fields. */
type WithoutSource<T> = T extends unknown ? Omit<T, 'source'> : never;
export type EditorMessageBody = WithoutSource<AppearanceEditorMessage>;

/** The editor's side: posts a message to the preview frame, with the marker, to the site's own origin only. */
export function postToPreview(target: Window, message: EditorMessageBody, targetOrigin: string): void {
  target.postMessage({ ...message, source: APPEARANCE_EDITOR_SOURCE }, targetOrigin);
}
