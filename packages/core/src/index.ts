export {
  BOOTSTRAP_GLOBAL,
  type BootstrapStore,
  createBootstrapStore,
  decodeBootstrap,
  EMPTY_BOOTSTRAP,
  readBootstrapGlobal,
} from './bootstrap/bootstrap-store';
export type { BootstrapData, Permission, Role, Theme, User } from './bootstrap/types';
export { getByPath } from './settings/settings';
export { ACTIVE_THEME_COOKIE, applyTheme, resolveTheme } from './themes/themes';
