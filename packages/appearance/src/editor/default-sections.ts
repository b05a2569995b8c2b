import { lazy } from 'react';
import type { AppearanceEditorSection } from './editor-section';

// Each panel is its own chunk (the custom-code panel carries CodeMirror): the editor loads one when it opens.
const GeneralSection = lazy(() =>
  import('./sections/general-section').then((m) => ({ default: m.GeneralSection })),
);
const ThemesSection = lazy(() =>
  import('./sections/themes-section').then((m) => ({ default: m.ThemesSection })),
);
const MenusSection = lazy(() =>
  import('./sections/menus-section').then((m) => ({ default: m.MenusSection })),
);
const LandingSection = lazy(() =>
  import('./sections/landing-section').then((m) => ({ default: m.LandingSection })),
);
const CustomCodeSection = lazy(() =>
  import('./sections/custom-code-section').then((m) => ({ default: m.CustomCodeSection })),
);
const SeoSection = lazy(() => import('./sections/seo-section').then((m) => ({ default: m.SeoSection })));
const CookieNoticeSection = lazy(() =>
  import('./sections/cookie-notice-section').then((m) => ({ default: m.CookieNoticeSection })),
);

/** The editor's built-in sections, in panel order, each with the settings it edits. */
export const DEFAULT_EDITOR_SECTIONS: readonly AppearanceEditorSection[] = [
  {
    id: 'general',
    label: 'General',
    previewPath: '/',
    settings: [
      'branding.site_name',
      'branding.logo_light',
      'branding.logo_dark',
      'branding.logo_light_mobile',
      'branding.logo_dark_mobile',
      'branding.favicon',
    ],
    component: GeneralSection,
  },
  {
    id: 'themes',
    label: 'Themes',
    previewPath: '/',
    settings: ['themes.user_change', 'themes.default_id'],
    component: ThemesSection,
  },
  { id: 'menus', label: 'Menus', previewPath: '/', component: MenusSection },
  {
    id: 'landing',
    label: 'Landing page',
    previewPath: '/',
    settings: ['homepage.appearance'],
    component: LandingSection,
  },
  {
    id: 'custom-code',
    label: 'Custom code',
    previewPath: '/',
    settings: ['custom_code.css', 'custom_code.html'],
    component: CustomCodeSection,
  },
  {
    id: 'seo',
    label: 'SEO',
    previewPath: '/',
    settings: ['seo.default_title', 'seo.default_description'],
    component: SeoSection,
  },
  {
    id: 'cookie-notice',
    label: 'Cookie notice',
    previewPath: '/',
    settings: ['cookie_notice.enable', 'cookie_notice.position', 'cookie_notice.button'],
    component: CookieNoticeSection,
  },
];
