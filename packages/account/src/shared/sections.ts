/** The sections of the account settings page, in page order (spec accounts §2), with their nav labels. */
export const ACCOUNT_SECTIONS = [
  { id: 'account-details', label: 'Account details' },
  { id: 'social-login', label: 'Social login' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two factor authentication' },
  { id: 'sessions', label: 'Active sessions' },
  { id: 'location-and-language', label: 'Location and language' },
  { id: 'developers', label: 'Developers' },
  { id: 'delete-account', label: 'Delete account' },
] as const;

export type AccountSectionId = (typeof ACCOUNT_SECTIONS)[number]['id'];
