import { AUTH_PATHS, AuthProvider, AuthRoute, GuestRoute } from '@backline/auth';
import { activeTheme, applyTheme, createBootstrapStore } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { createI18n, NotFoundPage, type ShellMenuItem, UiProvider } from '@backline/ui';
import { lazy, type ReactNode, StrictMode, Suspense, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes, useHref, useNavigate } from 'react-router-dom';
import { ACCOUNT_SETTINGS_PATH } from './account-settings-path';
import { DeferredToastRegion } from './deferred-toast-region';

// Everything but the providers and the guards loads lazily, so each kind of page pays only for its own code: the
// sign-in screens (one chunk), the layout with the navbar, and the account page with its stylesheets. The
// stylesheets are named by package (left to the app's bundler), not bundled into this build.
const authScreens = () => import('./auth-screens');
const RegisterPage = lazy(() => authScreens().then((module) => ({ default: module.RegisterPage })));
const LoginPage = lazy(() => authScreens().then((module) => ({ default: module.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  authScreens().then((module) => ({ default: module.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() => authScreens().then((module) => ({ default: module.ResetPasswordPage })));
const BacklineLayout = lazy(() =>
  import('./backline-layout').then((module) => ({ default: module.BacklineLayout })),
);
const AccountSettingsPage = lazy(async () => {
  const [page] = await Promise.all([
    import('../account-settings-page'),
    import('@backline/uploads/styles.css'),
    import('@backline/account/styles.css'),
  ]);
  return { default: page.AccountSettingsPage };
});

export interface BacklineAppProps {
  /** The app's own routes (`<Route>` elements), shown inside the layout with the navbar. */
  children?: ReactNode;
  /** Where register and login lead, and where a signed-in visitor of the sign-in screens is sent. */
  homePath?: string;
  /** Extra items for the account menu, after "Account settings". */
  accountMenu?: readonly ShellMenuItem[];
  /** Shown beside the account area of the navbar (a notifications bell, for example). */
  navbarSlot?: ReactNode;
  /** Routes with a frame of their own (the admin area), outside the layout. */
  fullPage?: ReactNode;
}

function Shell({ children, homePath = '/', accountMenu, navbarSlot, fullPage }: BacklineAppProps) {
  const navigate = useNavigate();
  return (
    <UiProvider navigate={navigate} useHref={useHref}>
      <AuthProvider redirectUri={homePath}>
        <Suspense fallback={null}>
          <Routes>
            <Route element={<GuestRoute />}>
              <Route path={AUTH_PATHS.register} element={<RegisterPage />} />
              <Route path={AUTH_PATHS.workspaceRegister} element={<RegisterPage />} />
              <Route path={AUTH_PATHS.login} element={<LoginPage />} />
              <Route path={AUTH_PATHS.workspaceLogin} element={<LoginPage />} />
              <Route path={AUTH_PATHS.forgotPassword} element={<ForgotPasswordPage />} />
              <Route path={AUTH_PATHS.resetPassword} element={<ResetPasswordPage />} />
            </Route>
            {fullPage}
            <Route element={<BacklineLayout accountMenu={accountMenu} navbarSlot={navbarSlot} />}>
              {children}
              <Route element={<AuthRoute />}>
                <Route
                  path={ACCOUNT_SETTINGS_PATH}
                  element={<AccountSettingsPage afterDeletePath={AUTH_PATHS.login} />}
                />
              </Route>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
        <DeferredToastRegion />
      </AuthProvider>
    </UiProvider>
  );
}

/**
 * A whole Backline client in one element: the providers (bootstrap store, http client, React Query, i18next,
 * router, UI), the sign-in screens, the layout with the navbar and account menu, the account settings page and
 * the 404 page. The app adds its own pages as `<Route>` children.
 */
export function BacklineApp(props: BacklineAppProps) {
  // The server injected the bootstrap data into index.html, so the first render needs no request.
  const store = useMemo(() => createBootstrapStore(), []);
  const i18n = useMemo(() => createI18n(store.getSnapshot().i18n), [store]);
  return (
    <BacklineProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <Shell {...props} />
        </BrowserRouter>
      </I18nextProvider>
    </BacklineProvider>
  );
}

/**
 * Renders `BacklineApp` into `#root` (or `container`), after painting the site's theme so the first frame has
 * the right colours: `mountBacklineApp(<Route path="/" element={<Home />} />)`.
 */
export function mountBacklineApp(
  routes?: ReactNode,
  options: Omit<BacklineAppProps, 'children'> & { container?: Element } = {},
) {
  const { container = document.getElementById('root'), ...props } = options;
  if (!container) throw new Error('mountBacklineApp: no #root element in the page');
  const theme = activeTheme(createBootstrapStore().getSnapshot());
  if (theme) applyTheme(theme);
  createRoot(container).render(
    <StrictMode>
      <BacklineApp {...props}>{routes}</BacklineApp>
    </StrictMode>,
  );
}
