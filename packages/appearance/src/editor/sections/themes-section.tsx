import { readThemeCookie, resolveTheme, type Theme } from '@backline/core';
import { AlertDialog, Button, ListItem, Select, Switch, TextField } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextDraftThemeId, setDefaultTheme } from '../appearance-draft';
import { ColorEditor } from '../color-editor';
import { useAppearanceEditor } from '../editor-context';

/**
 * The site's theme rules (may visitors pick a theme, the default theme, the default light and dark ones the
 * toggles switch between), the theme list (create, duplicate, delete) and, for the theme being edited, its name,
 * dark flag and colours. Opening a theme shows it in the preview (`setActiveTheme`); each colour change reaches
 * the preview as `setThemeColor` while the picker moves.
 */
export function ThemesSection() {
  const { t } = useTranslation();
  const { draft, themeId, setThemeId, setThemes, setThemeColor, setValue, post } = useAppearanceEditor();
  const [deleting, setDeleting] = useState<Theme | null>(null);
  const editing = draft.themes.find((theme) => theme.id === themeId);

  const addTheme = (from?: Theme) => {
    const base = from ?? draft.themes.find((theme) => !theme.is_dark) ?? draft.themes[0];
    const theme: Theme = {
      id: nextDraftThemeId(draft.themes),
      name: from ? t(':name copy', { name: from.name }) : t('New theme'),
      is_dark: base?.is_dark ?? false,
      default_light: false,
      default_dark: false,
      colors: { ...(base?.colors ?? {}) },
    };
    setThemes([...draft.themes, theme]);
    setThemeId(theme.id);
  };

  const change = (id: number, patch: Partial<Theme>) =>
    setThemes(draft.themes.map((theme) => (theme.id === id ? { ...theme, ...patch } : theme)));

  const userChange = draft.values['themes.user_change'] !== false;
  const defaultId = Number(draft.values['themes.default_id'] ?? 0);
  // The preview paints what a visitor of the edited site would get (this browser's theme cookie included).
  const showSiteTheme = (rules: { user_change: boolean; default_id: number }) => {
    if (themeId !== null) return;
    const theme = resolveTheme(
      { settings: { themes: rules }, themes: { all: draft.themes, selectedThemeId: null } },
      readThemeCookie(),
    );
    if (theme) post({ type: 'setActiveTheme', themeId: theme.id });
  };
  const defaultOf = (dark: boolean) =>
    draft.themes.find((theme) => theme.is_dark === dark && (dark ? theme.default_dark : theme.default_light));

  if (editing) {
    return (
      <div className="bl-appearance-form">
        <Button variant="text" size="sm" onPress={() => setThemeId(null)}>
          {t('All themes')}
        </Button>
        <TextField
          label={t('Theme name')}
          value={editing.name}
          onChange={(name) => change(editing.id, { name })}
        />
        <Switch isSelected={editing.is_dark} onChange={(is_dark) => change(editing.id, { is_dark })}>
          {t('Dark theme')}
        </Switch>
        <ColorEditor
          colors={editing.colors}
          onChange={(variable, value) => setThemeColor(editing.id, variable, value)}
        />
      </div>
    );
  }

  return (
    <div className="bl-appearance-form">
      <Switch
        isSelected={userChange}
        onChange={(on) => {
          setValue('themes.user_change', on);
          showSiteTheme({ user_change: on, default_id: defaultId });
        }}
      >
        {t('Let visitors choose a theme')}
      </Switch>
      <Select
        label={t('Default theme')}
        description={t('Shown to visitors who have not chosen one. New themes can be chosen once saved.')}
        selectedKey={String(draft.themes.some((theme) => theme.id === defaultId) ? defaultId : 0)}
        onSelectionChange={(key) => {
          const id = Number(key);
          setValue('themes.default_id', id);
          showSiteTheme({ user_change: userChange, default_id: id });
        }}
      >
        {[
          <ListItem key="0" id="0">
            {t('The first theme')}
          </ListItem>,
          // Saved themes only: a new theme has no id the setting could name until it is saved.
          ...draft.themes
            .filter((theme) => theme.id > 0)
            .map((theme) => (
              <ListItem key={theme.id} id={String(theme.id)}>
                {theme.name}
              </ListItem>
            )),
        ]}
      </Select>
      {([false, true] as const).map((dark) => (
        <Select
          key={String(dark)}
          label={dark ? t('Default dark theme') : t('Default light theme')}
          description={
            dark ? undefined : t('The “Dark mode” and “Light mode” toggles switch between these two.')
          }
          selectedKey={defaultOf(dark) ? String(defaultOf(dark)!.id) : null}
          onSelectionChange={(key) =>
            setThemes(setDefaultTheme(draft.themes, Number(key), dark ? 'dark' : 'light'))
          }
        >
          {draft.themes
            .filter((theme) => theme.is_dark === dark)
            .map((theme) => (
              <ListItem key={theme.id} id={String(theme.id)}>
                {theme.name}
              </ListItem>
            ))}
        </Select>
      ))}
      <ul className="bl-appearance-themes">
        {draft.themes.map((theme) => (
          <li key={theme.id} className="bl-appearance-themes__item">
            <span className="bl-appearance-themes__swatches" aria-hidden="true">
              {['--bl-bg', '--bl-fg', '--bl-primary'].map((variable) => (
                <span key={variable} style={{ background: theme.colors[variable] ?? 'transparent' }} />
              ))}
            </span>
            <span className="bl-appearance-themes__name">
              {theme.name}
              <span className="bl-appearance-muted">
                {[
                  theme.is_dark ? t('Dark') : t('Light'),
                  theme.default_light ? t('Default light') : null,
                  theme.default_dark ? t('Default dark') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <span className="bl-appearance-themes__actions">
              <Button
                size="sm"
                variant="outline"
                onPress={() => setThemeId(theme.id)}
                aria-label={t('Edit :name', { name: theme.name })}
              >
                {t('Edit')}
              </Button>
              <Button
                size="sm"
                variant="text"
                onPress={() => addTheme(theme)}
                aria-label={t('Duplicate :name', { name: theme.name })}
              >
                {t('Duplicate')}
              </Button>
              <Button
                size="sm"
                variant="text"
                // The site always needs a theme to fall back to.
                isDisabled={draft.themes.length <= 1}
                onPress={() => setDeleting(theme)}
                aria-label={t('Delete :name', { name: theme.name })}
              >
                {t('Delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <Button variant="outline" size="sm" onPress={() => addTheme()}>
        {t('New theme')}
      </Button>
      {deleting ? (
        <AlertDialog
          isOpen
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          title={t('Delete theme')}
          variant="danger"
          confirmLabel={t('Delete')}
          onConfirm={() => {
            setThemes(draft.themes.filter((theme) => theme.id !== deleting.id));
            // The default theme goes with it: the site falls back to the first theme (the server refuses a
            // default that names no theme).
            if (deleting.id === defaultId) setValue('themes.default_id', 0);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        >
          {t('Delete “:name”? It goes when you save.', { name: deleting.name })}
        </AlertDialog>
      ) : null}
    </div>
  );
}
