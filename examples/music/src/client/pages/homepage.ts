import { isEditorMode } from '@backline/appearance';
import { isAppearanceEditorActive } from '@backline/auth';
import { useSettings, useUser } from '@backline/core/react';

/** What `/` shows instead of the web player: the landing, login or register page, or a custom page by slug. */
export type Homepage =
  | { kind: 'landing' }
  | { kind: 'login' }
  | { kind: 'register' }
  | { kind: 'page'; slug: string };

/**
 * The homepage rule (spec music §2): unless the type is `channel`, a logged-out visitor (or a site owner in the
 * appearance editor: its frame, or `?appearanceEditor=true`) gets what `homepage.type` names: `landingPage` (the music site's landing option),
 * `loginPage`, `registerPage` or `customPage` (slug in `homepage.value`). Everyone else, and every visitor
 * when the type is `channel`, gets the web player's Discover feed (`null` here).
 */
export function useHomepage(): Homepage | null {
  const user = useUser();
  const type = useSettings<string>('homepage.type', 'landingPage');
  const value = useSettings<string>('homepage.value', '');
  if (type === 'channel' || (user && !isAppearanceEditorActive() && !isEditorMode())) return null;
  switch (type) {
    case 'loginPage':
      return { kind: 'login' };
    case 'registerPage':
      return { kind: 'register' };
    case 'customPage':
      return value ? { kind: 'page', slug: value } : { kind: 'landing' };
    default:
      return { kind: 'landing' };
  }
}
