// Framework-free core
export {
  createLiveUnreadCount,
  type LiveUnreadCount,
  type LiveUnreadCountOptions,
  POLL_MS,
  sharedLiveUnreadCount,
} from './core/live-unread-count';
// React bindings
export {
  flattenPages,
  notificationQueryKeys,
  useMarkAsRead,
  useNotificationPages,
  useNotificationSubscriptions,
  useSetUnreadCount,
  useUpdateSubscriptions,
} from './core/queries';
export { useLiveUnreadCount, useUnreadCount } from './core/use-unread-count';
export {
  PUSH_SERVICE_WORKER,
  PUSH_SERVICE_WORKER_URL,
  pushSupported,
  subscribeThisBrowser,
} from './core/web-push';
export { NOTIFICATION_STRINGS, type NotificationString } from './i18n/notification-strings';
export { isAbsoluteAction, NotificationItem, NotificationList, safeAction } from './list/notification-list';
export { NotificationsEmptyState } from './page/empty-state';
export { NotificationsPage, type NotificationsPageProps } from './page/notifications-page';
export {
  NotificationsPanel,
  NotificationsPopover,
  type NotificationsPopoverProps,
  POPOVER_LIMIT,
} from './popover/notifications-popover';
export {
  type BrowserPermission,
  browserPermission,
  ensureBrowserPermission,
} from './settings/browser-permission';
export {
  NotificationSettingsPage,
  type NotificationSettingsPageProps,
  SettingsForm,
} from './settings/notification-settings-page';
export { groupState, type Selections, setChannel, toPayload } from './settings/selections';
export { WorkspaceInviteActions } from './workspaces/invite-actions';
export {
  isGone,
  toastError,
  useChangeMemberRole,
  useCreateWorkspace,
  useDeclineInvite,
  useDeleteWorkspace,
  useInviteMembers,
  useJoinWorkspace,
  useRemoveMember,
  useRenameWorkspace,
  useRevokeInvite,
  useSwitchWorkspace,
  useWorkspaceDetails,
  useWorkspaces,
  workspaceQueryKeys,
} from './workspaces/queries';
export { useWorkspaceSwitcher } from './workspaces/use-workspace-switcher';
export { WorkspacesPage } from './workspaces/workspaces-page';
