import { displayedTheme, isEditorMode } from '@backline/appearance';
import { applyTheme } from '@backline/core';
import { useBootstrap, useTheme } from '@backline/core/react';
import { setI18nLines } from '@backline/ui';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Register, login and logout replace the bootstrap data wholesale: the theme it selects is painted and its
 * translation lines are swapped in, so a user's own theme and language follow them in (and out).
 */
export function useBootstrapEffects(): void {
  const { theme: chosen } = useTheme();
  const data = useBootstrap();
  const { i18n: lines } = data;
  // In the appearance editor's preview the editor's pick wins over the visitor's cookie.
  const theme = useMemo(() => (isEditorMode() ? (displayedTheme(data) ?? chosen) : chosen), [data, chosen]);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  useEffect(() => {
    const known = i18n.getResourceBundle(lines.language, 'translation') as Record<string, string> | undefined;
    if (i18n.language === lines.language && known && shallowEqual(known, lines.lines)) return;
    void setI18nLines(i18n, lines);
  }, [i18n, lines]);
}

function shallowEqual(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
