import { DEFAULT_SETTINGS_PAGES } from './default-settings-pages';
import { pageStrings } from './settings-page-definition';

/** Every line the settings builder and the built-in settings pages translate. */
export const SETTINGS_STRINGS: readonly string[] = [
  'Settings',
  'Settings pages',
  'Settings saved',
  'Save changes',
  'You have unsaved changes.',
  'A value is saved. Leave empty to keep it.',
  'No value saved.',
  'Remove saved value',
  'Could not load the settings. Please try again later.',
  'Send test email',
  'Test email sent.',
  'Test email failed.',
  ...DEFAULT_SETTINGS_PAGES.flatMap(pageStrings),
];
