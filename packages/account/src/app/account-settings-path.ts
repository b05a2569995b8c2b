/** The path of the account settings page the shell mounts and links from the account menu. */
export const ACCOUNT_SETTINGS_PATH = '/account-settings';
