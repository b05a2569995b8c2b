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
// The web player's pages: each its own chunk, loaded inside the web player layout.
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const DiscoverPage = page(() => import('./pages/discover/discover-page'), 'DiscoverPage');
const ChannelPage = page(() => import('./pages/discover/discover-page'), 'ChannelPage');
const ArtistPage = page(() => import('./pages/artist/artist-page'), 'ArtistPage');
const AlbumPage = page(() => import('./pages/album/album-page'), 'AlbumPage');
const TrackPage = page(() => import('./pages/track/track-page'), 'TrackPage');
const GenresPage = page(() => import('./pages/genre/genre-page'), 'GenresPage');
const GenrePage = page(() => import('./pages/genre/genre-page'), 'GenrePage');
const PlaylistPage = page(() => import('./pages/playlist/playlist-page'), 'PlaylistPage');
const ProfilePage = page(() => import('./pages/profile/profile-page'), 'ProfilePage');
const Top50Page = page(() => import('./pages/charts/top-50-page'), 'Top50Page');
const SearchPage = page(() => import('./pages/search/search-page'), 'SearchPage');
const LibraryPage = page(() => import('./pages/library/library-page'), 'LibraryPage');
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
// The web player (sidebar, search box, player bar) frames every music page.
const WebPlayerLayout = lazy(() =>
  import('./music/layout/web-player-layout').then((module) => ({ default: module.WebPlayerLayout })),
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
              element={
                <Suspense fallback={<PageLoader />}>
                  <WebPlayerLayout />
                </Suspense>
              }
            >
              <Route index element={<DiscoverPage />} />
              <Route path="/channel/:slug" element={<ChannelPage />} />
              <Route path="/artist/:id/:slug?" element={<ArtistPage />} />
              <Route path="/album/:id/:artistSlug?/:albumSlug?" element={<AlbumPage />} />
              <Route path="/track/:id/:slug?" element={<TrackPage />} />
              <Route path="/genres" element={<GenresPage />} />
              <Route path="/genre/:name" element={<GenrePage />} />
              <Route path="/playlist/:id/:slug?" element={<PlaylistPage />} />
              <Route path="/user/:id/:slug?" element={<ProfilePage />} />
              <Route path="/top-50" element={<Top50Page />} />
              <Route path="/search/:text?" element={<SearchPage />} />
              <Route path="/library/:section?" element={<LibraryPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
        <DeferredToastRegion />
      </AuthProvider>
    </UiProvider>
  );
}
