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
export {
  type BusHandler,
  createLocalBus,
  createPostgresBus,
  type InstanceBus,
} from './bus/instance-bus';
export { type CliOutput, runCli } from './cli/commands';
export {
  type BacklineApp,
  type BacklineOptions,
  createBackline,
  DEFAULT_SHUTDOWN_GRACE_MS,
} from './create-backline';
export {
  createDatabase,
  type Database,
  type DatabaseKind,
  type DatabaseOptions,
  isDatabaseUnavailable,
  type PoolOptions,
} from './db/database';
export { type Migration, type ModuleMigrations, migrate } from './db/migrations';
export {
  type EnvironmentOptions,
  humanCheckOptionsFromEnv,
  optionsFromEnv,
  socialOptionsFromEnv,
} from './env';
export { HttpError, ValidationError } from './http/errors';
export { escapeLike, type ListInput, type ListOptions, listPage } from './http/list-endpoint';
export {
  createOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
  type OpenApiParameter,
} from './http/openapi/openapi';
export {
  BacklineRouter,
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
export type { CspPolicy, SecurityHeadersOptions } from './http/security-headers';
export {
  type BacklineModule,
  defineModule,
  isInstalled,
  type Kit,
  type Localization,
  type Logger,
  type ModuleCommand,
  type PageHead,
  type PageHtml,
  type PermissionDefinition,
} from './kit';
export type { Mailer, MailMessage, MailOptions, SentMail } from './mail/mailer';
export { type ActionMail, renderActionMail } from './mail/templates';
export { API_ACCESS_PERMISSION } from './modules/access-tokens';
export {
  type AccessTokenResource,
  createAccessToken,
  findAccessToken,
  PersonalAccessToken,
} from './modules/access-tokens/tokens';
export { type AccountsOptions, accounts } from './modules/accounts';
export {
  type AuditEntry,
  adminModule,
  auditLogInstalled,
  changedFields,
  recordAudit,
} from './modules/admin';
export {
  type AdminDashboardOptions,
  adminDashboardModule,
  type DashboardSeriesMetric,
} from './modules/admin-dashboard';
export { adminFilesModule } from './modules/admin-files';
export { adminLocalizationsModule } from './modules/admin-localizations';
export { type AdminSettingsOptions, adminSettingsModule } from './modules/admin-settings';
export { apiDocsModule } from './modules/api-docs';
export {
  type AppearanceModuleOptions,
  appearanceModule,
} from './modules/appearance';
export type { RegistrationPolicy } from './modules/auth';
export { completeLogin, type LoginResult } from './modules/auth/login';
export {
  type BillingModuleOptions,
  type BillingProvider,
  billingModule,
  InvalidSignature,
  type PlanSeed,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  type StripeProviderOptions,
  stripeOptionsFromEnv,
  stripeProvider,
} from './modules/billing/index';
export {
  CONTACT_EMAIL_LIMIT,
  CONTACT_IP_LIMIT,
  contactModule,
} from './modules/contact/index';
export { coreModule } from './modules/core';
export { customPagesModule } from './modules/custom-pages/index';
export { errorReportsModule } from './modules/error-reports/index';
export {
  type HumanCheckAction,
  type HumanCheckOptions,
  type HumanCheckProvider,
  humanCheckModule,
  requireHuman,
  verifyHuman,
} from './modules/human-check';
export type { LocalizationOptions } from './modules/localization';
export {
  addNotificationChannel,
  type ChannelDelivery,
  type NotificationChannel,
  type NotificationsOptions,
  type NotificationType,
  notificationsModule,
  notificationTypes,
  notify,
  type OutgoingNotification,
  type Recipient,
  registerNotificationType,
  resolveVapidKeys,
  settleNotifications,
  unreadCount,
  type WebPushOptions,
} from './modules/notifications';
export { pushUnreadCounts } from './modules/notifications/notify';
export { requireConfirmedPassword } from './modules/passwords/confirmation';
export { can, DEFAULT_ROLES, restrictionValue } from './modules/permissions';
export { Permission, type Restriction, Role } from './modules/permissions/models';
export {
  ADMIN_PERMISSION,
  assignRoles,
  forgetGuestRole,
  grantToRole,
  grantToUser,
  guestRole,
  type PermissionGrant,
  type UserAccess,
  userAccess,
} from './modules/permissions/permissions';
export { ipCountry } from './modules/sessions/describe-session';
export { Session, type SessionPayload } from './modules/sessions/session-model';
export { endOtherSessions, SESSION_COOKIE, signIn, signOut } from './modules/sessions/session-store';
export {
  SOCIAL_SERVICES,
  type SocialOptions,
  type SocialProviderOptions,
  type SocialService,
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
export {
  createPostgresTusLocker,
  DEFAULT_LOCK_TIMEOUT_MS,
  type DistributedTusLocker,
} from './modules/uploads/postgres-locker';
export type { TusLocker } from './modules/uploads/tus';
export { createUser, findUserByEmail, type NewUser } from './modules/users/create-user';
export { displayName, serializeUser, type UserResource } from './modules/users/serialize-user';
export { User } from './modules/users/user-model';
export { isValidCountry, isValidTimezone } from './modules/value-lists/lists';
export {
  type ActiveWorkspace,
  activeWorkspace,
  WORKSPACE_INVITE_TYPE,
  workspaceRole,
  workspacesModule,
} from './modules/workspaces';
export { createEncrypter, type Encrypter, generateAppKey } from './security/encrypter';
export { hashPassword, needsRehash, verifyPassword } from './security/password-hasher';
export {
  createRateLimits,
  type RateLimitOptions,
  type RateLimitRule,
  type RateLimits,
} from './security/rate-limits';
export { sanitizeHtml } from './security/sanitize-html';
export {
  type SettingDefinition,
  type SettingDefinitions,
  SettingsService,
} from './settings/settings-service';
export { type SpaOptions, serveSpa, serveStaticFiles } from './spa/serve-spa';
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
