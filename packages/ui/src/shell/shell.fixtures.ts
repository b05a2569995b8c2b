import type { Branding, ShellMenuItem } from './shell-types';

// Fixtures for the shell stories and the Storybook accessibility test (not exported from the package).

const svg = (body: string, width = 140) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="36" viewBox="0 0 ${width} 36">${body}</svg>`,
  )}`;
const wordmark = (color: string) =>
  svg(
    `<circle cx="18" cy="18" r="14" fill="${color}"/><text x="40" y="25" font-family="system-ui,sans-serif" font-size="20" font-weight="800" fill="${color}">Backline</text>`,
  );
const mark = (color: string) => svg(`<circle cx="18" cy="18" r="14" fill="${color}"/>`, 36);

export const storyBranding: Branding = {
  siteName: 'Backline Music',
  logoDark: wordmark('#14161a'),
  logoLight: wordmark('#f2f3f5'),
  logoDarkMobile: mark('#14161a'),
  logoLightMobile: mark('#f2f3f5'),
};

export const navbarMenu: ShellMenuItem[] = [
  { id: 1, label: 'Discover', action: '/', type: 'route' },
  { id: 2, label: 'Pricing', action: '/pricing', type: 'route' },
  { id: 3, label: 'Contact', action: '/contact', type: 'route' },
];

export const authDropdownMenu: ShellMenuItem[] = [
  { id: 10, label: 'Account settings', action: '/account-settings', type: 'route' },
  { id: 11, label: 'Admin area', action: '/admin', type: 'route' },
];

export const footerMenu: ShellMenuItem[] = [
  { id: 20, label: 'Privacy policy', action: '/pages/privacy-policy', type: 'route' },
  { id: 21, label: 'Terms of service', action: '/pages/terms-of-service', type: 'route' },
  { id: 22, label: 'Contact', action: '/contact', type: 'route' },
];

export const footerSecondaryMenu: ShellMenuItem[] = [
  { id: 30, label: 'Developers', action: 'https://example.com/api', type: 'link', target: '_blank' },
  { id: 31, label: 'Status', action: 'https://example.com/status', type: 'link', target: '_blank' },
];

export const storyLanguages = [
  { language: 'en', name: 'English' },
  { language: 'fr', name: 'Français' },
  { language: 'he', name: 'עברית' },
];
