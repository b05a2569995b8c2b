// The page
export {
  AccountSettingsLayout,
  AccountSettingsPage,
  type AccountSettingsPageProps,
  scrollToSection,
} from './account-settings-page';
// Sections
export { DeleteAccountSection } from './danger/delete-account-section';
export { AccountDetailsSection } from './details/account-details-section';
export { AvatarField } from './details/avatar-field';
export {
  API_DOCS_PATH,
  COPIED_DURATION,
  CopyButton,
  CreateTokenDialog,
  DevelopersSection,
  useShowDevelopers,
} from './developers/developers-section';
// i18n
export { ACCOUNT_STRINGS, type AccountString } from './i18n/account-strings';
export { LocationForm, LocationSection } from './location/location-section';
export { useChangeLocale } from './location/use-change-locale';
export { PasswordSection } from './password/password-section';
export {
  LogoutOtherSessionsDialog,
  SESSION_LIST_MAX_HEIGHT,
  SessionList,
  SessionsSection,
} from './sessions/sessions-section';
// Building blocks
export { AccountSection, type AccountSectionProps } from './shared/account-section';
export {
  ConfirmPasswordDialog,
  PASSWORD_CONFIRMATION_SECONDS,
  type PasswordConfirmation,
  usePasswordConfirmation,
} from './shared/password-confirmation';
export {
  ACCOUNT_USER_RELATIONS,
  accountQueryKeys,
  mergeAccountUser,
  useAccountUser,
  useApplyUser,
  useUserSessions,
  useValueLists,
  VALUE_LIST_NAMES,
} from './shared/queries';
export { ACCOUNT_SECTIONS, type AccountSectionId } from './shared/sections';
export type {
  AccessToken,
  AccountUser,
  LocaleResponse,
  SocialProfile,
  UserSession,
  ValueLists,
} from './shared/types';
export {
  isConnected,
  type SocialConnector,
  SocialLoginSection,
  SocialServiceList,
} from './social/social-login-section';
export { TwoFactorSection } from './two-factor/two-factor-section';
export { type TwoFactorState, twoFactorState } from './two-factor/two-factor-state';
