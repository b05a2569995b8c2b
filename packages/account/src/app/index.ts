// A drop-in client for an app that is not the music site: providers, sign-in screens, the layout with the navbar
// and account menu, and the account settings page. A subpath of its own, so `@backline/account` stays a library of
// sections for apps that compose their own.
export { ACCOUNT_SETTINGS_PATH } from './account-settings-path';
export { BacklineApp, type BacklineAppProps, mountBacklineApp } from './backline-app';
export { BacklineLayout, useBacklineNavbar } from './backline-layout';
