import { NotFoundPage } from '@backline/ui';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { WebPlayerLayout } from './layout/web-player-layout';

// The web player's pages: each its own chunk, loaded inside the web player layout.
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const DiscoverPage = page(() => import('../pages/discover/discover-page'), 'DiscoverPage');
const ChannelPage = page(() => import('../pages/discover/discover-page'), 'ChannelPage');
const HomeFeedPage = page(() => import('../pages/discover/discover-page'), 'HomeFeedPage');
const ArtistPage = page(() => import('../pages/artist/artist-page'), 'ArtistPage');
const AlbumPage = page(() => import('../pages/album/album-page'), 'AlbumPage');
const TrackPage = page(() => import('../pages/track/track-page'), 'TrackPage');
const GenresPage = page(() => import('../pages/genre/genre-page'), 'GenresPage');
const GenrePage = page(() => import('../pages/genre/genre-page'), 'GenrePage');
const PlaylistPage = page(() => import('../pages/playlist/playlist-page'), 'PlaylistPage');
const ProfilePage = page(() => import('../pages/profile/profile-page'), 'ProfilePage');
const Top50Page = page(() => import('../pages/charts/top-50-page'), 'Top50Page');
const SearchPage = page(() => import('../pages/search/search-page'), 'SearchPage');
const LibraryPage = page(() => import('../pages/library/library-page'), 'LibraryPage');

/** The web player at `/*`: its layout (sidebar, search box, player bar) around every music page. */
export function WebPlayerRoutes() {
  return (
    <Routes>
      <Route element={<WebPlayerLayout />}>
        {/* Discover, or the channel the homepage setting names. */}
        <Route index element={<HomeFeedPage />} />
        {/* Discover's own address: while the homepage setting puts the landing page at / for visitors, the
            navbar and sidebar still reach the feed. */}
        <Route path="discover" element={<DiscoverPage />} />
        <Route path="channel/:slug" element={<ChannelPage />} />
        <Route path="artist/:id/:slug?" element={<ArtistPage />} />
        <Route path="album/:id/:artistSlug?/:albumSlug?" element={<AlbumPage />} />
        <Route path="track/:id/:slug?" element={<TrackPage />} />
        <Route path="genres" element={<GenresPage />} />
        <Route path="genre/:name" element={<GenrePage />} />
        <Route path="playlist/:id/:slug?" element={<PlaylistPage />} />
        <Route path="user/:id/:slug?" element={<ProfilePage />} />
        <Route path="top-50" element={<Top50Page />} />
        <Route path="search/:text?" element={<SearchPage />} />
        <Route path="library/:section?" element={<LibraryPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
