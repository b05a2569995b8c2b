// The shell

// Billing: plans and the billing settings page
export { billingSettings, plansSection, subscriptionsSection } from './billing/billing-section';
export { BILLING_ADMIN_STRINGS } from './billing/billing-strings';
export { PlanFormDialog } from './billing/plan-form-dialog';
export { PlansPage } from './billing/plans-page';
export { SubscriptionsPage, SubscriptionsTable } from './billing/subscriptions-page';
// Content: custom pages and error reports
export { customPagesSection, errorReportsSection } from './content/content-sections';
export { CONTENT_ADMIN_STRINGS } from './content/content-strings';
export { CustomPageFormDialog } from './content/custom-page-form-dialog';
export { CustomPagesPage } from './content/custom-pages-page';
export { ErrorReportsPage } from './content/error-reports-page';
// Dashboard
export { DashboardPage } from './dashboard/dashboard-page';
export { dashboardSection } from './dashboard/dashboard-section';
export { formatBytes, formatMetric } from './dashboard/format';
// Data table and forms
export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableStatus,
} from './data-table/data-table';
export { type ListParams, listQueryOf, readListParams, useListParams } from './data-table/list-params';
// Files
export { FilesPage } from './files/files-page';
export { filesSection } from './files/files-section';
export {
  AdminFormDialog,
  type AdminFormDialogProps,
  useIsDirty,
} from './forms/admin-form-dialog';
export { useErrorToast, useServerForm } from './forms/use-server-form';
// i18n
export { ADMIN_STRINGS, type AdminString } from './i18n/admin-strings';
// List pages: row actions, the create/edit state, confirmed actions (delete…)
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmedActionOptions,
  type Editing,
  type RowAction,
  RowActions,
  tableQueryProps,
  useConfirmedAction,
  useEditing,
} from './list-page/list-page';
// Localizations
export { LocalizationsArea, LocalizationsPage } from './localizations/localizations-page';
export { localizationsSection } from './localizations/localizations-section';
export { TranslationsEditor } from './localizations/translations-editor';
// Pages and their parts
export { describeChanges, LogsPage } from './logs/logs-page';
export {
  groupPermissions,
  PermissionsEditor,
  type PermissionsEditorProps,
  type RestrictionValues,
  restrictionsInput,
  restrictionValuesOf,
} from './roles/permissions-editor';
export { RoleFormDialog } from './roles/role-form-dialog';
export { RolesPage } from './roles/roles-page';
// Settings pages
export {
  authenticationSettings,
  DEFAULT_SETTINGS_PAGES,
  generalSettings,
  integrationsSettings,
  mailSettings,
  uploadsSettings,
} from './settings/default-settings-pages';
export { SettingsForm, type SettingsFormProps } from './settings/settings-form';
export { SettingsPage } from './settings/settings-page';
export {
  defineSettingsPage,
  pageKeys,
  pageStrings,
  type SettingsField,
  type SettingsFieldType,
  type SettingsPageDefinition,
  type SettingsSection,
} from './settings/settings-page-definition';
export { settingsSection } from './settings/settings-section';
export { SETTINGS_STRINGS } from './settings/settings-strings';
export { ADMIN_SETTINGS_QUERY_KEY, useAdminSettings, useSaveSettings } from './settings/use-settings';
export {
  adminQueryKeys,
  useAdminRoles,
  useAdminUsers,
  useAllPermissions,
  useAllRoles,
  useAuditLogs,
} from './shared/queries';
export { AdminApp, type AdminAppProps, currentSection } from './shell/admin-app';
export { AdminContext, type AdminContextValue, useAdmin } from './shell/admin-context';
export { AdminPage, type AdminPageProps } from './shell/admin-page';
export { type AdminSection, defineAdminSections, sectionHref, visibleSections } from './shell/admin-section';
export { AdminSidebar } from './shell/admin-sidebar';
export { ADMIN_PERMISSIONS, ADMIN_SECTIONS } from './shell/default-sections';
export { ImpersonationBanner } from './shell/impersonation-banner';
export { PageSkeleton } from './shell/page-skeleton';
export { BanDialog } from './users/ban-dialog';
export { SendResetLinkButton, useSendResetLink } from './users/send-reset-link';
export { UserFormDialog, type UserFormDialogProps } from './users/user-form-dialog';
export { isBannedNow, UsersPage } from './users/users-page';
