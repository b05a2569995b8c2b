import { DEMO_ACCOUNT } from '@backline/core/contract';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { isAppearanceEditorActive } from './appearance-editor';

/** Which screen a social sign-in block is rendered on. */
export type SocialSignInScreen = 'login' | 'register';

/** Credentials a demo site pre-fills on the login page. */
export interface DemoAccount {
  email: string;
  password: string;
}

/** Everything an app may tune about the sign-in screens; every field has a default. */
export interface AuthConfig {
  /** Where users go after registering or logging in (spec accounts §4); `/` by default. */
  redirectUri: string;
  /** Where admins (`admin.access`) go after logging in; `/admin` by default. */
  adminRedirectUri: string;
  /** The sign-in page guards send logged-out visitors to; `/login` by default. */
  loginPath: string;
  /** Whether the appearance editor previews the site right now; see `isAppearanceEditorActive`. */
  isAppearanceEditorActive: () => boolean;
  /**
   * Replaces the social sign-in block below the login and register forms. Not set: the built-in
   * `<SocialButtons>` (google, facebook, twitter) shows while registration is enabled and a provider is.
   */
  renderSocialSignIn?: (screen: SocialSignInScreen) => ReactNode;
  /**
   * Replaces the human check run before registering. Answer false to block the submission: "Could not verify
   * you are human." is shown. Not set: the built-in check (`useHumanCheck`: reCAPTCHA v3, hCaptcha or
   * Turnstile) runs when the settings `recaptcha.site_key` and `recaptcha.enable.register` turn it on.
   */
  verifyHuman?: (action: 'register') => Promise<boolean>;
  /** The fixed demo admin pre-filled on a demo site (`site.demo`); `admin@admin.com` / `admin` by default. */
  demoAccount: DemoAccount;
  /** What a guard shows a logged-in user who lacks the route's permission; the 404 page by default. */
  notFound?: ReactNode;
}

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  redirectUri: '/',
  adminRedirectUri: '/admin',
  loginPath: '/login',
  isAppearanceEditorActive: () => isAppearanceEditorActive(),
  demoAccount: { ...DEMO_ACCOUNT },
};

const AuthConfigContext = createContext<AuthConfig>(DEFAULT_AUTH_CONFIG);

export interface AuthProviderProps extends Partial<AuthConfig> {
  children: ReactNode;
}

/**
 * Optional: tunes the sign-in screens, guards and logout for the components below it. Without it every
 * default of `AuthConfig` applies.
 */
export function AuthProvider({ children, ...overrides }: AuthProviderProps) {
  const {
    redirectUri,
    adminRedirectUri,
    loginPath,
    isAppearanceEditorActive: editorActive,
    renderSocialSignIn,
    verifyHuman,
    demoAccount,
    notFound,
  } = overrides;
  // Rebuilt only when a value changes, so consumers do not re-render on every parent render.
  const value = useMemo<AuthConfig>(
    () => ({
      redirectUri: redirectUri ?? DEFAULT_AUTH_CONFIG.redirectUri,
      adminRedirectUri: adminRedirectUri ?? DEFAULT_AUTH_CONFIG.adminRedirectUri,
      loginPath: loginPath ?? DEFAULT_AUTH_CONFIG.loginPath,
      isAppearanceEditorActive: editorActive ?? DEFAULT_AUTH_CONFIG.isAppearanceEditorActive,
      demoAccount: demoAccount ?? DEFAULT_AUTH_CONFIG.demoAccount,
      ...(renderSocialSignIn && { renderSocialSignIn }),
      ...(verifyHuman && { verifyHuman }),
      ...(notFound !== undefined && { notFound }),
    }),
    [
      redirectUri,
      adminRedirectUri,
      loginPath,
      editorActive,
      renderSocialSignIn,
      verifyHuman,
      demoAccount,
      notFound,
    ],
  );
  return <AuthConfigContext.Provider value={value}>{children}</AuthConfigContext.Provider>;
}

/** The auth configuration in force (the defaults outside an `AuthProvider`). */
export function useAuthConfig(): AuthConfig {
  return useContext(AuthConfigContext);
}
