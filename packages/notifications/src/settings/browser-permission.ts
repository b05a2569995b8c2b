/** Where the browser's notification permission stands, and how to ask for it (injectable for tests). */
export interface BrowserPermission {
  state(): NotificationPermission | 'unsupported';
  request(): Promise<NotificationPermission>;
}

/** The real `Notification` API of the page. */
export const browserPermission: BrowserPermission = {
  state: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  request: () => Notification.requestPermission(),
};

/**
 * Whether the browser channel may be turned on: granted already, or granted when asked now (only when the
 * user has not decided yet). Denied, dismissed or unsupported all answer false.
 */
export async function ensureBrowserPermission(
  permission: BrowserPermission = browserPermission,
): Promise<boolean> {
  const state = permission.state();
  if (state === 'granted') return true;
  if (state !== 'default') return false;
  return (await permission.request()) === 'granted';
}
