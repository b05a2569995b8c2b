/** The field schemas of the contract, for a product's own routes (messages name the field like the kit's). */
export {
  booleanish,
  emailField,
  newPasswordField,
  normalizeEmail,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordField,
  requiredString,
} from '@backline/core/contract';
export type { Context, Middleware } from 'koa';
export { type BootstrapData, buildBootstrap, encodeBootstrap, type ThemeRecord } from './bootstrap/bootstrap';
export { CLI_USAGE, type CliOutput, runCli } from './cli/commands';
export { type BacklineApp, type BacklineOptions, createBackline } from './create-backline';
export { createDatabase, type Database, type DatabaseKind, type DatabaseOptions } from './db/database';
export { type Migration, type ModuleMigrations, migrate } from './db/migrations';
export {
  type EnvironmentOptions,
  humanCheckOptionsFromEnv,
  optionsFromEnv,
  socialOptionsFromEnv,
} from './env';
export { type ErrorBody, type FieldErrors, HttpError, ValidationError } from './http/errors';
export {
  createOpenApiDocument,
  errorStatuses,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
  type OpenApiParameter,
  operationId,
  SECURITY_SCHEMES,
  successStatus,
} from './http/openapi/openapi';
export {
  BacklineRouter,
  ContractDriftError,
  defineRoute,
  type HttpMethod,
  implement,
  type RouteBinding,
  type RouteDefinition,
  type RouteGuard,
  type RouteHandler,
  type RouteInput,
  type RouterOptions,
  routeUrl,
  validateInput,
} from './http/routes';
export { type CspPolicy, createCspPolicy, type SecurityHeadersOptions } from './http/security-headers';
export { XSRF_COOKIE, XSRF_HEADER } from './http/xsrf';
export {
  type BacklineModule,
  defineModule,
  type Kit,
  type Localization,
  type Logger,
  type PageHead,
  type PermissionDefinition,
} from './kit';
export {
  createMailer,
  extractLinks,
  type Mailer,
  type MailMessage,
  type MailOptions,
  type SentMail,
} from './mail/mailer';
export { type ActionMail, renderActionMail } from './mail/templates';
export { API_ACCESS_PERMISSION } from './modules/access-tokens';
export {
  type AccessTokenResource,
  createAccessToken,
  findAccessToken,
  MAX_ACCESS_TOKENS,
  PersonalAccessToken,
  TOO_MANY_TOKENS_MESSAGE,
} from './modules/access-tokens/tokens';
export { type AccountsOptions, accounts } from './modules/accounts';
export { apiDocsModule } from './modules/api-docs';
export { FAILED_LOGIN_MESSAGE, LOGIN_LIMIT, type RegistrationPolicy } from './modules/auth';
export { bootstrapAnswer, completeLogin, type LoginResult } from './modules/auth/login';
export { coreModule } from './modules/core';
export { invalidateThemes, themeRecords } from './modules/core/theme-cache';
export { DEFAULT_THEMES } from './modules/core/themes';
export { queueVerificationMail } from './modules/email-verification';
export {
  HUMAN_CHECK_FAILED,
  HUMAN_CHECK_PROVIDERS,
  type HumanCheckAction,
  type HumanCheckOptions,
  type HumanCheckProvider,
  humanCheckEnabled,
  humanCheckModule,
  requireHuman,
  VERIFY_URLS,
  verifyHuman,
} from './modules/human-check';
export { LOCALE_COOKIE, type LocalizationOptions, localizationsOf } from './modules/localization';
export {
  PASSWORD_CONFIRMATION_SECONDS,
  passwordConfirmedWithin,
  requireConfirmedPassword,
} from './modules/passwords/confirmation';
export { hashPassword, needsRehash, PASSWORD_HASHING, verifyPassword } from './modules/passwords/hasher';
export { can, DEFAULT_ROLES, requestPermissions, seedDefaultRoles } from './modules/permissions';
export { Permission, type Restriction, Role } from './modules/permissions/models';
export {
  ADMIN_PERMISSION,
  assignRoles,
  grants,
  grantToRole,
  grantToUser,
  guestRole,
  type PermissionGrant,
  type UserAccess,
  userAccess,
  userPermissions,
} from './modules/permissions/permissions';
export { Session, type SessionPayload } from './modules/sessions/session-model';
export {
  endOtherSessions,
  SESSION_COOKIE,
  signIn,
  signOut,
  startSession,
} from './modules/sessions/session-store';
export {
  SOCIAL_SERVICES,
  type SocialOptions,
  SocialProfile,
  type SocialProviderOptions,
  type SocialService,
  serializeSocialProfile,
  socialModule,
} from './modules/social';
export {
  FileEntry,
  type FileEntryRecord,
  type StoreUploadedFileInput,
  serializeFileEntry,
  storageKey,
  storeUploadedFile,
  type UploadRestrictions,
  type UploadsModuleOptions,
  type UploadsRuntime,
  uploadsModule,
} from './modules/uploads/index';
export { TUS_PATH, type TusLocker } from './modules/uploads/tus';
export { AVATAR_RESTRICTIONS } from './modules/users/account-routes';
export { createUser, findUserByEmail, type NewUser } from './modules/users/create-user';
export { displayName, serializeUser, type UserResource } from './modules/users/serialize-user';
export { User } from './modules/users/user-model';
export { VALUE_LISTS } from './modules/value-lists';
export { countryOptions, isValidCountry, isValidTimezone, timezoneGroups } from './modules/value-lists/lists';
export { createEncrypter, type Encrypter, encrypterFromKey, generateAppKey } from './security/encrypter';
export {
  createRateLimits,
  type RateLimitOptions,
  type RateLimitRule,
  type RateLimits,
} from './security/rate-limits';
export {
  type SettingDefinition,
  type SettingDefinitions,
  SettingsService,
} from './settings/settings-service';
export { BOOTSTRAP_GLOBAL, type SpaOptions, serveSpa } from './spa/serve-spa';
export {
  createStorage,
  type DirectUploads,
  LocalStorage,
  type LocalStorageOptions,
  type MultipartUploads,
  type ResumableStore,
  type ResumableStoreOptions,
  type ResumableUploadInfo,
  S3Storage,
  type S3StorageOptions,
  type SignedReads,
  type Storage,
  type StorageCapabilities,
  type StorageOptions,
  type StoredPart,
} from './storage/index';
