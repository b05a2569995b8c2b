import { AuthProvider, AuthRoute, GuestRoute } from '@backline/auth';
import { NotFoundPage, UiProvider } from '@backline/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes, useHref, useNavigate } from 'react-router-dom';
import { DeferredToastRegion } from './shell/deferred-toast-region';
import { PageLoader } from './shell/page-loader';
import { useBootstrapEffects } from './shell/use-bootstrap-effects';

// Every page is its own chunk: /login loads the sign-in screens and the shell, never the other areas.
const authPages = () => import('./pages/auth-pages');
const RegisterPage = lazy(() => authPages().then((module) => ({ default: module.RegisterPage })));
const LoginPage = lazy(() => authPages().then((module) => ({ default: module.LoginPage })));
const ForgotPasswordPage = lazy(() => authPages().then((module) => ({ default: module.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => authPages().then((module) => ({ default: module.ResetPasswordPage })));
const AccountSettingsPage = lazy(() =>
  import('./pages/account-settings-page').then((module) => ({ default: module.AccountSettingsPage })),
);
const BackstageUploadPage = lazy(() =>
  import('./pages/backstage/upload-page').then((module) => ({ default: module.BackstageUploadPage })),
);
// The API reference carries its renderer; no other page loads it.
const ApiDocsPage = lazy(() =>
  import('./pages/api-docs-page').then((module) => ({ default: module.ApiDocsPage })),
);
// The navbar and footer (menus, popovers, avatar) are not part of the sign-in screens either.
const SiteLayout = lazy(() =>
  import('./shell/site-layout').then((module) => ({ default: module.SiteLayout })),
);
// The web player (layout, sidebar, player and the music pages' routes): one lazy module, so the route table of
// the music pages costs the sign-in screens nothing.
const WebPlayerRoutes = lazy(() =>
  import('./music/web-player-routes').then((module) => ({ default: module.WebPlayerRoutes })),
);

/**
 * The music site's routes (spec accounts §2, music §2). Areas that later packages bring (account settings,
 * backstage, admin) are already guarded here; until they exist their paths answer with the 404 page, like
 * any other unknown path.
 */
export function App() {
  const navigate = useNavigate();
  useBootstrapEffects();
  return (
    // Links, menu items and buttons with an href navigate client-side through the router.
    <UiProvider navigate={navigate} useHref={useHref}>
      <AuthProvider>
        <Routes>
          <Route
            element={
              <Suspense fallback={<PageLoader />}>
                <GuestRoute />
              </Suspense>
            }
          >
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/workspace/join/register" element={<RegisterPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/workspace/join/login" element={<LoginPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/password/reset/:token" element={<ResetPasswordPage />} />
          </Route>
          {/*
           * api-docs: only when the API is integrated (the page shows the 404 otherwise) and the person holds
           * api.access, a visitor through the guests role: a visitor without it goes to log in, a user without
           * it gets the 404 page. Full width, without the site's navbar: the reference has its own navigation.
           */}
          <Route
            element={
              <Suspense fallback={<PageLoader />}>
                <AuthRoute requireLogin={false} permission="api.access" />
              </Suspense>
            }
          >
            <Route path="/api-docs" element={<ApiDocsPage />} />
          </Route>
          <Route
            element={
              <Suspense fallback={<PageLoader />}>
                <SiteLayout />
              </Suspense>
            }
          >
            <Route element={<AuthRoute />}>
              <Route path="/account-settings" element={<AccountSettingsPage />} />
              <Route path="/backstage/upload" element={<BackstageUploadPage />} />
              <Route path="/backstage/*" element={<NotFoundPage />} />
            </Route>
            <Route element={<AuthRoute permission="admin.access" />}>
              <Route path="/admin/*" element={<NotFoundPage />} />
            </Route>
          </Route>
          {/* The web player at /*: needs music.view (guests have it by default), not a login. */}
          <Route
            element={
              <Suspense fallback={<PageLoader />}>
                <AuthRoute permission="music.view" requireLogin={false} />
              </Suspense>
            }
          >
            <Route
              path="/*"
              element={
                <Suspense fallback={<PageLoader />}>
                  <WebPlayerRoutes />
                </Suspense>
              }
            />
          </Route>
        </Routes>
        <DeferredToastRegion />
      </AuthProvider>
    </UiProvider>
  );
}
