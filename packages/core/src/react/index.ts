export {
  BacklineProvider,
  type BacklineProviderProps,
  useBootstrap,
  useBootstrapStore,
  useSettings,
} from './provider';
