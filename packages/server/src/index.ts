export type { Context, Middleware } from 'koa';
export { type BootstrapData, buildBootstrap, encodeBootstrap, type ThemeRecord } from './bootstrap/bootstrap';
export { type BacklineApp, type BacklineOptions, createBackline } from './create-backline';
export { createDatabase, type Database, type DatabaseKind, type DatabaseOptions } from './db/database';
export { type Migration, type ModuleMigrations, migrate } from './db/migrations';
export { type ErrorBody, type FieldErrors, HttpError, ValidationError } from './http/errors';
export {
  BacklineRouter,
  defineRoute,
  type HttpMethod,
  type RouteDefinition,
  type RouteGuard,
  type RouteInput,
  routeUrl,
} from './http/routes';
export { XSRF_COOKIE, XSRF_HEADER } from './http/xsrf';
export { type BacklineModule, defineModule, type Kit, type Logger, type PermissionDefinition } from './kit';
export { coreModule } from './modules/core';
export { DEFAULT_THEMES } from './modules/core/themes';
export {
  type SettingDefinition,
  type SettingDefinitions,
  SettingsService,
} from './settings/settings-service';
export { BOOTSTRAP_GLOBAL, type SpaOptions, serveSpa } from './spa/serve-spa';
