export { BootstrapContext, CookiesContext, HttpContext, WorkspaceContext } from './contexts';
export {
  type ThemeState,
  useBootstrap,
  useBootstrapStore,
  useCan,
  useCookies,
  useHttp,
  useSettings,
  useTheme,
  useUser,
  useWorkspace,
  type WorkspaceState,
} from './hooks';
export { BacklineProvider, type BacklineProviderProps } from './provider';
export { type DateFormatter, useDates } from './use-dates';
