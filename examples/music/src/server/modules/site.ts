import type { Menu } from '@backline/core';
import { defineModule, type Kit, type RegistrationPolicy } from '@backline/server';
import { DISCOVER_INTRO_KEY } from '../../contract/appearance';
import { DEFAULT_LANDING_CONTENT, type LandingContent } from '../../contract/landing';
import { landingPrerender } from './seo/landing-prerender';

/**
 * The music site's navigation and sign-up policies, as public settings the browser receives in bootstrap
 * data (`settings.menus`, `settings.registration.policies`). Site owners replace them through the settings
 * table (`backline settings set menus …`, later the admin area); these are the defaults of a fresh install.
 * Menu items follow the core's menu rule: an item shows only to people holding all its roles and
 * permissions.
 */
export const SITE_MENUS: Menu[] = [
  {
    id: 'primary',
    name: 'Primary',
    positions: ['navbar'],
    items: [
      { id: 'discover', label: 'Discover', type: 'route', action: '/discover' },
      { id: 'pricing', label: 'Pricing', type: 'route', action: '/pricing' },
      { id: 'contact', label: 'Contact', type: 'route', action: '/contact' },
    ],
  },
  {
    id: 'account',
    name: 'Account',
    positions: ['auth-dropdown'],
    items: [
      { id: 'account-settings', label: 'Account settings', type: 'route', action: '/account-settings' },
      {
        id: 'admin',
        label: 'Admin area',
        type: 'route',
        action: '/admin',
        permissions: ['admin.access'],
      },
    ],
  },
  {
    id: 'footer',
    name: 'Footer',
    positions: ['footer'],
    items: [
      { id: 'about', label: 'About us', type: 'route', action: '/pages/about-us' },
      { id: 'privacy', label: 'Privacy policy', type: 'route', action: '/pages/privacy-policy' },
      { id: 'terms', label: 'Terms of service', type: 'route', action: '/pages/terms-of-service' },
      { id: 'contact', label: 'Contact', type: 'route', action: '/contact' },
    ],
  },
  {
    id: 'footer-secondary',
    name: 'Footer secondary',
    positions: ['footer-secondary'],
    items: [
      {
        id: 'api',
        label: 'Developers',
        type: 'route',
        action: '/api-docs',
        target: '_blank',
        permissions: ['api.access'],
      },
    ],
  },
  {
    id: 'auth-page-footer',
    name: 'Sign-in pages',
    positions: ['auth-page-footer'],
    items: [
      { id: 'privacy', label: 'Privacy policy', type: 'route', action: '/pages/privacy-policy' },
      { id: 'terms', label: 'Terms of service', type: 'route', action: '/pages/terms-of-service' },
      { id: 'contact', label: 'Contact us', type: 'route', action: '/contact' },
    ],
  },
];

/** One required "I accept the :name" checkbox each on the register screen. */
export const REGISTRATION_POLICIES: RegistrationPolicy[] = [
  { id: 'terms', label: 'Terms of service', action: '/pages/terms-of-service' },
  { id: 'privacy', label: 'Privacy policy', action: '/pages/privacy-policy' },
];

/**
 * What `/` shows (spec music §2): to a logged-out visitor, unless the type is `channel`, the landing page
 * (`landingPage`), the login page (`loginPage`), the register page (`registerPage`) or the custom page whose slug
 * is `value` (`customPage`); to everyone else, and for `channel`, the web player's Discover feed.
 */
export const HOMEPAGE_TYPES = ['landingPage', 'loginPage', 'registerPage', 'customPage', 'channel'] as const;

/** The music site's own settings defaults: menus, registration policies, the homepage and the landing page. */
export const site = () =>
  defineModule({
    id: 'site',
    settings: {
      menus: { value: SITE_MENUS, public: true },
      'registration.policies': { value: REGISTRATION_POLICIES, public: true },
      'homepage.type': { value: 'landingPage', public: true },
      'homepage.value': { value: '', public: true },
      // The trending artists grid is on; the pricing section needs billing too (`billing.enable`).
      'homepage.trending': { value: true, public: true },
      'homepage.pricing': { value: false, public: true },
      'homepage.appearance': { value: DEFAULT_LANDING_CONTENT, public: true },
      // The line under the Discover heading, edited in the appearance editor's Discover section; none by default.
      [DISCOVER_INTRO_KEY]: { value: '', public: true },
    },
    // A visitor who gets the landing page at `/` has its header image fetched alongside the scripts, so the
    // largest paint does not wait for the landing chunk to name it (Lighthouse: docs/benchmarks.md).
    async pageHead(ctx, kit) {
      const content = await landingFor(ctx, kit);
      return content?.headerImage ? { preload: [{ href: content.headerImage, as: 'image' }] } : null;
    },
    // ...and its header painted from the HTML itself, before any script has run (landing-prerender.ts).
    async pageHtml(ctx, kit, { data }) {
      const content = await landingFor(ctx, kit);
      return content ? { body: landingPrerender(content, data.i18n.lines) } : null;
    },
  });

/**
 * The landing content when `/` shows the landing page to this request (the homepage rule for a visitor: type
 * `landingPage`, nobody signed in), each part the owner left out filled from the defaults, as the client does.
 */
async function landingFor(
  ctx: { path: string; state: { user?: unknown } },
  kit: Kit,
): Promise<LandingContent | null> {
  if (ctx.path !== '/' || ctx.state.user) return null;
  if ((await kit.settings.get<string>('homepage.type', 'landingPage')) !== 'landingPage') return null;
  const saved = (await kit.settings.get<Partial<LandingContent> | null>('homepage.appearance', null)) ?? {};
  return {
    ...DEFAULT_LANDING_CONTENT,
    ...saved,
    actions: { ...DEFAULT_LANDING_CONTENT.actions, ...(saved.actions ?? {}) },
  };
}
