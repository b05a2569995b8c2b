/**
 * `@backline/core/contract`: the wire contract, declared once and imported by both sides. The server
 * registers, validates, documents and fuzzes each route from it; the browser calls each route through
 * `http.call(route, input)` with types inferred from the same schemas. Schemas use zod's mini build, so a page
 * pulls in only the schemas of the routes it calls.
 */
export * from './constants';
export * from './demo';
export * from './fields';
export * from './list-query';
export * from './route';
export * as accessTokens from './routes/access-tokens';
export * as account from './routes/account';
export * as admin from './routes/admin';
export {
  ADMIN_ROUTE_PERMISSIONS,
  AdminRole,
  AdminUser,
  AuditLogEntry,
  PermissionInfo,
  RESTRICTION_TYPES,
  RestrictionDefinition,
  type RestrictionType,
  restrictionField,
  restrictionValueProblem,
} from './routes/admin';
export * as adminDashboard from './routes/admin-dashboard';
export * as adminFiles from './routes/admin-files';
export * as adminLocalizations from './routes/admin-localizations';
export * as adminSettings from './routes/admin-settings';
export * as apiDocs from './routes/api-docs';
export * as appearance from './routes/appearance';
export * as auth from './routes/auth';
export * as billing from './routes/billing';
export * as contact from './routes/contact';
export * as system from './routes/core';
export * as customPages from './routes/custom-pages';
export * as emailVerification from './routes/email-verification';
export * as errorReports from './routes/error-reports';
export * as humanCheck from './routes/human-check';
export * as localization from './routes/localization';
export * as notifications from './routes/notifications';
export * as passwords from './routes/passwords';
export * as profile from './routes/profile';
export * as sessions from './routes/sessions';
export * as social from './routes/social';
export * as twoFactor from './routes/two-factor';
export * as uploads from './routes/uploads';
export * as valueLists from './routes/value-lists';
export * as workspaces from './routes/workspaces';
export * from './schemas/bootstrap';
export * from './schemas/common';
export * from './schemas/file-entry';
export * from './schemas/localization';
export * from './schemas/notification';
export * from './schemas/session';
export * from './schemas/user';
export * from './uploads/constants';
export * from './uploads/restrictions';
export * from './wire';
