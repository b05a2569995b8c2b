// Configuration
export {
  APPEARANCE_EDITOR_FRAME_ATTRIBUTE,
  isAppearanceEditorActive,
} from './config/appearance-editor';
export {
  type AuthConfig,
  AuthProvider,
  type AuthProviderProps,
  DEFAULT_AUTH_CONFIG,
  type DemoAccount,
  type SocialSignInScreen,
  useAuthConfig,
} from './config/auth-config';
// Demo mode
export {
  DEFAULT_LOGIN_PAGE_DEFAULTS,
  DEMO_ACCOUNT_COUNT,
  demoCredentials,
  type LoginPageDefaults,
} from './demo/demo-credentials';
// Screens
export { ForgotPasswordPage, useForgotPassword } from './forgot-password/forgot-password-page';
// Guards
export { AuthRoute, type AuthRouteProps, type GuardOutcome, guardOutcome } from './guards/auth-route';
export { GuestRoute } from './guards/guest-route';
// Human check (spec accounts §5)
export { loadScript } from './human-check/load-script';
export {
  HUMAN_CHECK_SCRIPTS,
  type HumanCheckAction,
  type HumanCheckProvider,
  humanCheckToken,
} from './human-check/providers';
export { type HumanCheck, useHumanCheck } from './human-check/use-human-check';
// i18n
export { AUTH_STRINGS, type AuthString } from './i18n/auth-strings';
export { splitSentence } from './i18n/split-sentence';
export { LoginPage } from './login/login-page';
export { useLogin } from './login/use-login';
// Logout
export { LOGOUT_IN_EDITOR_MESSAGE, useLogout } from './logout/use-logout';
export { RegisterPage } from './register/register-page';
export { NEEDS_EMAIL_VERIFICATION, useRegister } from './register/use-register';
export { ResetPasswordPage, useResetPassword } from './reset-password/reset-password-page';
export { AUTH_PATHS, authRoutes } from './routes/auth-routes';
// Building blocks
export { AuthPage } from './shared/auth-page';
export {
  authPaths,
  isWorkspacePath,
  type LoginHeading,
  loginHeading,
  type RegisterHeading,
  registerHeading,
} from './shared/headings';
export { PasswordPromptDialog, type PasswordPromptDialogProps } from './shared/password-prompt-dialog';
export { type FormFeedback, formFeedback } from './shared/server-errors';
export type {
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  MessageResponse,
  RegisterPayload,
  RegisterResponse,
  RegistrationPolicy,
  ResetPasswordPayload,
  TwoFactorPayload,
} from './shared/types';
export { type ClientErrors, useAuthForm } from './shared/use-auth-form';
export { useAuthRedirect } from './shared/use-auth-redirect';
export { useBranding, useMenuItems } from './shared/use-branding';
export { LazySocialButtons } from './social/lazy-social-buttons';
// Social sign-in
export {
  openSocialPopup,
  readSocialMessage,
  SOCIAL_POPUP_HEIGHT,
  SOCIAL_POPUP_POLL_MS,
  SOCIAL_POPUP_WIDTH,
  SOCIAL_SERVICES,
  SOCIAL_STATUSES,
  type SocialCallbackData,
  type SocialPopupResult,
  type SocialService,
  type SocialStatus,
} from './social/open-social-popup';
export {
  PasswordRequiredDialog,
  type PasswordRequiredDialogProps,
  type SocialConnectAnswer,
} from './social/password-required-dialog';
export { SocialButtons, type SocialButtonsProps } from './social/social-buttons';
export { SocialIcon } from './social/social-icons';
export {
  SOCIAL_SERVICE_NAMES,
  useEnabledSocialServices,
  useSocialSignInVisible,
} from './social/social-visibility';
export { type SocialConnect, useSocialConnect } from './social/use-social-connect';
export { type SocialLogin, useSocialLogin } from './social/use-social-login';
export { SOCIAL_ERROR_MESSAGE, type SocialPopupPath } from './social/use-social-popup';
export { TwoFactorChallenge } from './two-factor/two-factor-challenge';
export { useTwoFactorChallenge } from './two-factor/use-two-factor-challenge';
// Validation (spec accounts §5)
export {
  confirmationRule,
  emailRule,
  normalizeCode,
  RECOVERY_CODE_LENGTH,
  recoveryCodeRule,
  requiredRule,
  TWO_FACTOR_CODE_LENGTH,
  twoFactorCodeRule,
  type ValidationMessage,
} from './validation/validators';
// Email verification gate (spec music §2)
export {
  EmailVerificationGate,
  useNeedsEmailVerification,
  useResendVerification,
  VerifyEmailPage,
} from './verify-email/verify-email-page';
