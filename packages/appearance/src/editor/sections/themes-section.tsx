import type { Theme } from '@backline/core';
import { AlertDialog, Button, Switch, TextField } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextDraftThemeId, setDefaultTheme } from '../appearance-draft';
import { ColorEditor } from '../color-editor';
import { useAppearanceEditor } from '../editor-context';

/**
 * The theme list (create, duplicate, delete, default light and dark) and, for the theme being edited, its name,
 * dark flag and colours. Opening a theme shows it in the preview (`setActiveTheme`); each colour change reaches
 * the preview as `setThemeColor` while the picker moves.
 */
export function ThemesSection() {
  const { t } = useTranslation();
  const { draft, themeId, setThemeId, setThemes, setThemeColor } = useAppearanceEditor();
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
              {!theme.is_dark && !theme.default_light ? (
                <Button
                  size="sm"
                  variant="text"
                  onPress={() => setThemes(setDefaultTheme(draft.themes, theme.id, 'light'))}
                >
                  {t('Make default light')}
                </Button>
              ) : null}
              {theme.is_dark && !theme.default_dark ? (
                <Button
                  size="sm"
                  variant="text"
                  onPress={() => setThemes(setDefaultTheme(draft.themes, theme.id, 'dark'))}
                >
                  {t('Make default dark')}
                </Button>
              ) : null}
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
