import { isEditorMode } from '@backline/appearance';
import { AuthProvider, AuthRoute, EmailVerificationGate, GuestRoute } from '@backline/auth';
import { useBootstrap, useSettings } from '@backline/core/react';
import { NotFoundPage, UiProvider } from '@backline/ui';
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useHref, useLocation, useNavigate } from 'react-router-dom';
import { useHomepage } from './pages/homepage';
import { DeferredToastRegion } from './shell/deferred-toast-region';
import { useDropLandingPrerender } from './shell/landing-prerender';
import { PageLoader } from './shell/page-loader';
import { useBootstrapEffects } from './shell/use-bootstrap-effects';
import { useErrorReporting } from './shell/use-error-reporting';

// Every page is its own chunk: /login loads the sign-in screens and the shell, never the other areas.
const authPages = () => import('./pages/auth-pages');
const RegisterPage = lazy(() => authPages().then((module) => ({ default: module.RegisterPage })));
const LoginPage = lazy(() => authPages().then((module) => ({ default: module.LoginPage })));
const ForgotPasswordPage = lazy(() => authPages().then((module) => ({ default: module.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => authPages().then((module) => ({ default: module.ResetPasswordPage })));
const AccountSettingsPage = lazy(() =>
  import('./pages/account-settings-page').then((module) => ({ default: module.AccountSettingsPage })),
);
const notificationPages = () => import('./pages/notifications-pages');
const NotificationsPage = lazy(() =>
  notificationPages().then((module) => ({ default: module.NotificationsPage })),
);
const NotificationSettingsPage = lazy(() =>
  notificationPages().then((module) => ({ default: module.NotificationSettingsPage })),
);
const WorkspacesPage = lazy(() => notificationPages().then((module) => ({ default: module.WorkspacesPage })));
const BackstageHomePage = lazy(() =>
  import('./pages/backstage/backstage-home-page').then((module) => ({ default: module.BackstageHomePage })),
);
const ArtistRequestPage = lazy(() =>
  import('./pages/backstage/artist-request-page').then((module) => ({ default: module.ArtistRequestPage })),
);
const ArtistProfilePage = lazy(() =>
  import('./pages/backstage/artist-profile-page').then((module) => ({ default: module.ArtistProfilePage })),
);
const ArtistMusicPage = lazy(() =>
  import('./pages/backstage/artist-music-page').then((module) => ({ default: module.ArtistMusicPage })),
);
const ArtistInsightsPage = lazy(() =>
  import('./pages/backstage/artist-insights-page').then((module) => ({ default: module.ArtistInsightsPage })),
);
const BackstageUploadPage = lazy(() =>
  import('./pages/backstage/upload-page').then((module) => ({ default: module.BackstageUploadPage })),
);
const MusicUploadPage = lazy(() =>
  import('./pages/backstage/music-upload-page').then((module) => ({ default: module.MusicUploadPage })),
);
const billingPages = () => import('./pages/billing-pages');
const BillingEnabled = lazy(() => billingPages().then((module) => ({ default: module.BillingEnabled })));
const PricingPage = lazy(() => billingPages().then((module) => ({ default: module.PricingPage })));
const CheckoutPage = lazy(() => billingPages().then((module) => ({ default: module.CheckoutPage })));
const CheckoutDonePage = lazy(() => billingPages().then((module) => ({ default: module.CheckoutDonePage })));
const CheckoutCancelledPage = lazy(() =>
  billingPages().then((module) => ({ default: module.CheckoutCancelledPage })),
);
const ChangePlanPage = lazy(() => billingPages().then((module) => ({ default: module.ChangePlanPage })));
const BillingPage = lazy(() => billingPages().then((module) => ({ default: module.BillingPage })));
// The landing page's plans: loaded only when the landing page shows its pricing section.
const LandingPricing = lazy(() => billingPages().then((module) => ({ default: module.PricingTable })));
// The API reference carries its renderer; no other page loads it.
const ApiDocsPage = lazy(() =>
  import('./pages/api-docs-page').then((module) => ({ default: module.ApiDocsPage })),
);
// The admin area (shell, its pages and styles): only /admin/* loads it.
const AdminArea = lazy(() => import('./admin/admin-area').then((module) => ({ default: module.AdminArea })));
// The "Return to my account" banner of an admin's "log in as" session.
const ImpersonationBanner = lazy(() =>
  import('./admin/impersonation-banner').then((module) => ({ default: module.ImpersonationBanner })),
);
// Content pages: the landing page, contact and custom pages.
const LandingPage = lazy(() =>
  import('./pages/landing/landing-page').then((module) => ({ default: module.LandingPage })),
);
const ContactPage = lazy(() =>
  import('./pages/contact/contact-page').then((module) => ({ default: module.ContactPage })),
);
const CustomPage = lazy(() =>
  import('./pages/custom-page/custom-page').then((module) => ({ default: module.CustomPage })),
);
// The cookie notice and the appearance editor's bridge: loaded only when the notice is on or the page runs in the
// editor's preview.
const SiteAppearance = lazy(() =>
  import('./shell/site-appearance').then((module) => ({ default: module.SiteAppearance })),
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
  const homepage = useHomepage();
  const impersonating = Boolean(useBootstrap().impersonator);
  const cookieNotice = useSettings<boolean>('cookie_notice.enable', false);
  const editor = isEditorMode();
  const { pathname } = useLocation();
  useBootstrapEffects();
  useErrorReporting();
  // The server's copy of the landing header waits for the landing page; any other first screen drops it.
  useDropLandingPrerender(pathname !== '/' || homepage?.kind !== 'landing');
  return (
    // Links, menu items and buttons with an href navigate client-side through the router.
    <UiProvider navigate={navigate} useHref={useHref}>
      <AuthProvider>
        {impersonating ? (
          <Suspense fallback={null}>
            <ImpersonationBanner />
          </Suspense>
        ) : null}
        {cookieNotice || editor ? (
          <Suspense fallback={null}>
            <SiteAppearance bridge={editor} />
          </Suspense>
        ) : null}
        <EmailVerificationGate>
          <Routes>
            {/* `/` per the homepage setting; without a route here the web player's Discover feed answers it. */}
            {homepage ? (
              <Route
                path="/"
                element={
                  <Suspense fallback={<PageLoader />}>
                    {homepage.kind === 'landing' ? (
                      <LandingPage
                        pricing={
                          <Suspense fallback={null}>
                            <LandingPricing />
                          </Suspense>
                        }
                      />
                    ) : homepage.kind === 'login' ? (
                      <LoginPage />
                    ) : homepage.kind === 'register' ? (
                      <RegisterPage />
                    ) : (
                      <CustomPage slugOrId={homepage.slug} />
                    )}
                  </Suspense>
                }
              />
            ) : null}
            {/* Custom pages bring their own navbar and footer (either can be hidden per page). */}
            <Route
              element={
                <Suspense fallback={<PageLoader />}>
                  <Outlet />
                </Suspense>
              }
            >
              <Route path="/pages/:pageSlug" element={<CustomPage />} />
              <Route path="/pages/:pageId/:pageSlug" element={<CustomPage />} />
            </Route>
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
              <Route path="/contact" element={<ContactPage />} />
              <Route element={<AuthRoute />}>
                <Route path="/account-settings" element={<AccountSettingsPage />} />
                <Route path="/notifications" element={<NotificationsPage />} />
                <Route path="/notifications/settings" element={<NotificationSettingsPage />} />
                <Route path="/workspaces" element={<WorkspacesPage />} />
                <Route path="/backstage" element={<BackstageHomePage />} />
                <Route path="/backstage/requests/new" element={<ArtistRequestPage />} />
                <Route path="/backstage/artists/:artistId" element={<ArtistProfilePage />} />
                <Route path="/backstage/artists/:artistId/music" element={<ArtistMusicPage />} />
                <Route path="/backstage/artists/:artistId/insights" element={<ArtistInsightsPage />} />
                <Route path="/backstage/upload" element={<BackstageUploadPage />} />
                <Route path="/backstage/music/upload" element={<MusicUploadPage />} />
                <Route path="/backstage/*" element={<NotFoundPage />} />
              </Route>
              {/* Billing: only while billing.enable is on (the 404 page otherwise); pricing is public. */}
              <Route element={<BillingEnabled />}>
                <Route path="/pricing" element={<PricingPage />} />
                <Route element={<AuthRoute />}>
                  <Route path="/checkout/:productId/:priceId" element={<CheckoutPage />} />
                  <Route path="/checkout/:productId/:priceId/done" element={<CheckoutDonePage />} />
                  <Route path="/checkout/:productId/:priceId/cancelled" element={<CheckoutCancelledPage />} />
                  <Route path="/checkout/*" element={<NotFoundPage />} />
                  <Route path="/change-plan/:productId/:priceId/confirm" element={<ChangePlanPage />} />
                  <Route path="/billing" element={<BillingPage />} />
                  <Route path="/billing/*" element={<NotFoundPage />} />
                </Route>
              </Route>
            </Route>
            {/*
             * The admin area: admin.access (or admin) only; a visitor goes to log in, a user without it gets the
             * 404 page. Full width with its own sidebar, so outside the site layout.
             */}
            <Route
              element={
                <Suspense fallback={<PageLoader />}>
                  <AuthRoute permission="admin.access" />
                </Suspense>
              }
            >
              <Route
                path="/admin/*"
                element={
                  <Suspense fallback={<PageLoader />}>
                    <AdminArea />
                  </Suspense>
                }
              />
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
        </EmailVerificationGate>
        <DeferredToastRegion />
      </AuthProvider>
    </UiProvider>
  );
}
