import type { Menu } from '@backline/core';
import { defineModule, type RegistrationPolicy } from '@backline/server';

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
      { id: 'discover', label: 'Discover', type: 'route', action: '/' },
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

/** The music site's own settings defaults: menus and registration policies. */
export const site = () =>
  defineModule({
    id: 'site',
    settings: {
      menus: { value: SITE_MENUS, public: true },
      'registration.policies': { value: REGISTRATION_POLICIES, public: true },
    },
  });
