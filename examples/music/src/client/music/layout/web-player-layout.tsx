import '../music.css';
import { Footer, IconButton, MenuIcon, Navbar, useIsMobile } from '@backline/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { slugify } from '../../../contract';
import { WhenOpened } from '../../player';
import { PageLoader } from '../../shell/page-loader';
import { useSiteChrome } from '../../shell/use-site-chrome';
import { AdSlot } from '../ad-slot';
import { SearchIcon } from '../icons';
import { PlayerArea, PlayerFooter } from '../play-actions';
import { Sidebar } from './sidebar';

// The search box's combobox and the phone's drawer load apart from the frame: a phone shows neither until the
// drawer opens, and a page's first paint does not wait for them.
const SearchBox = lazy(() => import('./search-box').then((module) => ({ default: module.SearchBox })));
const BrowseDrawer = lazy(() =>
  import('./browse-drawer').then((module) => ({ default: module.BrowseDrawer })),
);

/** Holds the search box's place in the navbar while its code loads. */
function SearchBoxPlaceholder() {
  return (
    <div className="music-search" aria-hidden="true">
      <div className="music-search__field">
        <span className="music-search__input" />
      </div>
    </div>
  );
}

/**
 * The web player: the navbar with the search box on top, the sidebar on the left (a drawer on phones), the
 * page, and the player bar at the bottom. Pages load lazily inside it, so the frame and the player keep
 * playing across navigation.
 */
export function WebPlayerLayout() {
  const { t } = useTranslation();
  const chrome = useSiteChrome();
  const { user } = chrome;
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const profileHref = user ? `/user/${user.id}/${slugify(user.display_name ?? '')}` : null;
  return (
    <PlayerArea>
      <div className="music-app">
        <Navbar
          {...chrome.navbar}
          // On a phone the site's menu lives in the player's drawer: one menu button in the header, not two.
          menu={isMobile ? [] : chrome.navbar.menu}
          profileHref={profileHref}
          className="music-app__navbar"
        >
          {isMobile ? (
            <div className="music-app__mobile-tools">
              <IconButton aria-label={t('Browse')} onPress={() => setDrawerOpen(true)}>
                <MenuIcon size={22} />
              </IconButton>
              <IconButton aria-label={t('Search')} onPress={() => setDrawerOpen(true)}>
                <SearchIcon size={20} />
              </IconButton>
            </div>
          ) : (
            <Suspense fallback={<SearchBoxPlaceholder />}>
              <SearchBox />
            </Suspense>
          )}
        </Navbar>
        <div className="music-app__body">
          {isMobile ? null : (
            <aside className="music-app__sidebar">
              <Sidebar />
            </aside>
          )}
          <main className="music-app__main" id="main-content">
            <AdSlot name="general_top" />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
            <AdSlot name="general_bottom" />
            <Footer {...chrome.footer} />
          </main>
        </div>
        <div className="music-app__player">
          <PlayerFooter />
        </div>
      </div>
      {isMobile ? (
        <WhenOpened isOpen={drawerOpen}>
          <BrowseDrawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} siteMenu={chrome.navbar.menu} />
        </WhenOpened>
      ) : null}
    </PlayerArea>
  );
}
