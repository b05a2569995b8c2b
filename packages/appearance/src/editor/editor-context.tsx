import type { Menu, Theme } from '@backline/core';
import { refreshBootstrap } from '@backline/core';
import { appearance } from '@backline/core/contract';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { type EditorMessageBody, postToPreview } from '../bridge/bridge';
import { type AppearanceDraft, draftFromState, isDirty, savePayload } from './appearance-draft';

export interface AppearanceEditorApi {
  saved: AppearanceDraft;
  draft: AppearanceDraft;
  dirty: boolean;
  /** The theme being edited (and shown in the preview), by id. */
  themeId: number | null;
  setThemeId(id: number | null): void;
  /** Sets one appearance setting and shows it in the preview at once (`setValues`). */
  setValue(key: string, value: unknown): void;
  /** Replaces the theme list and shows it in the preview (`setValues` with `appearance.themes.all`). */
  setThemes(themes: Theme[]): void;
  /** Sets one colour of one theme; the preview gets `setThemeColor` when that theme is the one it shows. */
  setThemeColor(themeId: number, variable: string, value: string): void;
  setMenus(menus: Menu[]): void;
  /** The positions a menu may be placed at, as the server answered them (`GET admin/appearance`). */
  menuPositions: readonly string[];
  /** Sends a message to the preview frame (marker and the site's own origin added). */
  post(message: EditorMessageBody): void;
  /** Replays the whole draft into a freshly loaded preview. */
  replay(): void;
  save(): Promise<void>;
  reset(): void;
  /** The preview frame's window, registered by the frame. */
  previewRef: { current: Window | null };
}

const EditorContext = createContext<AppearanceEditorApi | null>(null);

export function useAppearanceEditor(): AppearanceEditorApi {
  const api = useContext(EditorContext);
  if (!api) throw new Error('useAppearanceEditor needs <AppearanceEditorProvider>.');
  return api;
}

/** Dotted settings plus the menus, as `setValues` takes them. */
const settingsMessage = (draft: AppearanceDraft): Record<string, unknown> => ({
  ...draft.values,
  menus: draft.menus,
});

/**
 * Holds the editor's unsaved state, starting from `GET admin/appearance`, and mirrors every edit into the preview
 * through the bridge. Nothing reaches the server until `save()`, which sends one `POST admin/appearance` (one
 * transaction on the server) and then refreshes this tab's bootstrap data so the admin area shows the change too.
 */
export function AppearanceEditorProvider({
  initial,
  menuPositions = appearance.MENU_POSITIONS,
  children,
}: {
  initial: AppearanceDraft;
  /** The positions the server allows; the shipped ones when not given. */
  menuPositions?: readonly string[];
  children: ReactNode;
}) {
  const http = useHttp();
  const store = useBootstrapStore();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [themeId, setThemeIdState] = useState<number | null>(null);
  const previewRef = useRef<Window | null>(null);
  // The latest draft for callbacks fired by the frame (load, ready) outside React's render.
  const latest = useRef({ draft, themeId });
  latest.current = { draft, themeId };

  const post = useCallback((message: EditorMessageBody) => {
    const target = previewRef.current;
    // The preview is the site itself: messages go to this origin only, never to whatever the frame navigated to.
    if (target) postToPreview(target, message, window.location.origin);
  }, []);

  const update = useCallback(
    (
      change: (current: AppearanceDraft) => AppearanceDraft,
      messages: (next: AppearanceDraft) => EditorMessageBody[],
    ) => {
      setDraft((current) => {
        const next = change(current);
        // Posted after React commits, so a message is never sent twice by a re-run updater.
        queueMicrotask(() => {
          for (const message of messages(next)) post(message);
        });
        return next;
      });
    },
    [post],
  );

  const setValue = useCallback(
    (key: string, value: unknown) =>
      update(
        (current) => ({ ...current, values: { ...current.values, [key]: value } }),
        () => {
          if (key === 'custom_code.css' || key === 'custom_code.html') {
            return [
              {
                type: 'setCustomCode',
                mode: key === 'custom_code.css' ? 'css' : 'html',
                value: String(value ?? ''),
              },
            ];
          }
          return [{ type: 'setValues', values: { settings: { [key]: value } } }];
        },
      ),
    [update],
  );

  const setThemes = useCallback(
    (themes: Theme[]) =>
      update(
        (current) => ({ ...current, themes }),
        () => [{ type: 'setValues', values: { appearance: { themes: { all: themes } } } }],
      ),
    [update],
  );

  const setThemeColor = useCallback(
    (id: number, variable: string, value: string) =>
      update(
        (current) => ({
          ...current,
          themes: current.themes.map((theme) =>
            theme.id === id ? { ...theme, colors: { ...theme.colors, [variable]: value } } : theme,
          ),
        }),
        // Only the colour itself: the preview keeps its state and the change costs one style write.
        () => (latest.current.themeId === id ? [{ type: 'setThemeColor', name: variable, value }] : []),
      ),
    [update],
  );

  const setMenus = useCallback(
    (menus: Menu[]) =>
      update(
        (current) => ({ ...current, menus }),
        () => [{ type: 'setValues', values: { settings: { menus } } }],
      ),
    [update],
  );

  const setThemeId = useCallback(
    (id: number | null) => {
      setThemeIdState(id);
      if (id !== null) post({ type: 'setActiveTheme', themeId: id });
    },
    [post],
  );

  const replay = useCallback(() => {
    const { draft: current, themeId: shown } = latest.current;
    post({
      type: 'setValues',
      values: { settings: settingsMessage(current), appearance: { themes: { all: current.themes } } },
    });
    if (shown !== null) post({ type: 'setActiveTheme', themeId: shown });
    post({ type: 'setCustomCode', mode: 'css', value: String(current.values['custom_code.css'] ?? '') });
    post({ type: 'setCustomCode', mode: 'html', value: String(current.values['custom_code.html'] ?? '') });
  }, [post]);

  const save = useCallback(async () => {
    const body = savePayload(saved, draft);
    const answer = await http.call(appearance.save, { body });
    // New themes come back with real ids: keep editing the same theme under its new id.
    const shown = themeId !== null && themeId < 0 ? (answer.created[String(themeId)] ?? null) : themeId;
    // The keys the draft carried stay in it (a section's key the server answered as null included).
    const next = draftFromState(answer, Object.keys(draft.values));
    setSaved(next);
    setDraft(next);
    setThemeIdState(shown);
    await refreshBootstrap(store, http).catch(() => undefined);
  }, [saved, draft, themeId, http, store]);

  const reset = useCallback(() => {
    setDraft(saved);
    latest.current = { draft: saved, themeId };
    replay();
  }, [saved, themeId, replay]);

  const api = useMemo<AppearanceEditorApi>(
    () => ({
      saved,
      draft,
      dirty: isDirty(saved, draft),
      themeId,
      setThemeId,
      setValue,
      setThemes,
      setThemeColor,
      setMenus,
      menuPositions,
      post,
      replay,
      save,
      reset,
      previewRef,
    }),
    [
      saved,
      draft,
      themeId,
      setThemeId,
      setValue,
      setThemes,
      setThemeColor,
      setMenus,
      menuPositions,
      post,
      replay,
      save,
      reset,
    ],
  );
  return <EditorContext.Provider value={api}>{children}</EditorContext.Provider>;
}
