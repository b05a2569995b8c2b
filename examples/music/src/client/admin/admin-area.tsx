// The admin area, in chunks of its own: public pages load none of it (the route in app.tsx is lazy).
import '@backline/admin/styles.css';
import '@backline/appearance/editor.css';
import {
  ADMIN_SECTIONS,
  AdminApp,
  type AdminSection,
  billingSettings,
  customPagesSection,
  DEFAULT_SETTINGS_PAGES,
  dashboardSection,
  errorReportsSection,
  filesSection,
  localizationsSection,
  plansSection,
  settingsSection,
  subscriptionsSection,
} from '@backline/admin';
import { appearanceSection, DEFAULT_EDITOR_SECTIONS } from '@backline/appearance/editor';
import { lazy } from 'react';
import { backstage, catalogueAdmin, DISCOVER_INTRO_KEY } from '../../contract';
import { useSiteChrome } from '../shell/use-site-chrome';
import { ADS_SETTINGS } from './ads-settings';

/**
 * The music site's admin pages, in sidebar order. A new admin page is one more entry here:
 * `{ path: 'tracks', label: 'Tracks', permission: 'music.update', component: lazy(() => import('./tracks-page')) }`.
 */
export const MUSIC_ADMIN_SECTIONS: AdminSection[] = [
  dashboardSection(),
  ...ADMIN_SECTIONS,
  // The catalogue: who may edit it sees the lists; creating and deleting need their own permissions.
  ...(
    [
      ['artists', 'Artists', () => import('./catalogue/artists-page')],
      ['albums', 'Albums', () => import('./catalogue/albums-page')],
      ['tracks', 'Tracks', () => import('./catalogue/tracks-page')],
      ['genres', 'Genres', () => import('./catalogue/genres-page')],
      ['playlists', 'Playlists', () => import('./catalogue/playlists-page')],
      // The Discover rows: hand-picked or filled by a rule.
      ['channels', 'Channels', () => import('./catalogue/channels-page')],
    ] as const
  ).map(([path, label, load]) => ({
    path,
    label,
    icon: path === 'artists' ? <MicrophoneIcon /> : <DiscIcon />,
    permission: catalogueAdmin.MUSIC_UPDATE_PERMISSION,
    component: lazy(load),
  })),
  // Listeners asking to become (or claim) an artist; approving links them to it in backstage.
  {
    path: 'artist-requests',
    label: 'Artist requests',
    icon: <MicrophoneIcon />,
    permission: backstage.ARTISTS_MANAGE_PERMISSION,
    component: lazy(() => import('./artist-requests-page')),
  },
  settingsSection([...DEFAULT_SETTINGS_PAGES, billingSettings, ADS_SETTINGS]),
  // The live appearance editor: themes, menus, landing page, custom code, SEO, cookie notice, and the site's own
  // Discover section (its key is saved in the editor's one request; the server has the rule).
  appearanceSection([
    ...DEFAULT_EDITOR_SECTIONS,
    {
      id: 'discover',
      label: 'Discover',
      previewPath: '/discover',
      settings: [DISCOVER_INTRO_KEY],
      component: lazy(() =>
        import('./discover-appearance-section').then((m) => ({ default: m.DiscoverAppearancePanel })),
      ),
    },
  ]),
  localizationsSection(),
  filesSection(),
  plansSection(),
  subscriptionsSection(),
  customPagesSection(),
  errorReportsSection(),
];

/** `/admin/*`: the admin shell with the site's navbar as its top bar. */
export function AdminArea() {
  const chrome = useSiteChrome();
  return <AdminApp sections={MUSIC_ADMIN_SECTIONS} navbar={chrome.navbar} />;
}

function MicrophoneIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" />
    </svg>
  );
}

function DiscIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="2.5" />
    </svg>
  );
}
