/**
 * Every line @backline/ui translates, as i18next keys (the English text). Seed translations from it;
 * lines of the spec are quoted from it verbatim.
 */
export const UI_STRINGS = [
  // Lists
  'Loading...',
  'There are no items matching your query',
  'Select an option',
  // Fields and dialogs
  'Show password',
  'Hide password',
  'Close',
  'Cancel',
  'Confirm',
  // Navbar
  'Menu',
  'Main',
  'Account',
  'Login',
  'Register',
  'Profile page',
  'Notifications',
  'Billing',
  'Dark mode',
  'Light mode',
  'Log out',
  // The account menu's workspace switcher
  'Workspace',
  'Workspaces',
  'Default',
  'Manage workspaces',
  // Footer
  'Footer menu',
  'Secondary menu',
  'Language',
  'Copyright © :year :name, All Rights Reserved',
  // 404
  "Looks like you've found the doorway to the great nothing",
  'Take me there!',
] as const;

export type UiString = (typeof UI_STRINGS)[number];
