import { Footer, Navbar } from '@backline/ui';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from './page-loader';
import { useSiteChrome } from './use-site-chrome';

/**
 * The frame of every page outside the sign-in screens and the web player: the navbar and footer of
 * @backline/ui (see `useSiteChrome`). The page itself loads lazily inside it, so the frame stays put while a
 * page's code arrives.
 */
export function SiteLayout() {
  const chrome = useSiteChrome();
  return (
    <div className="site">
      {/* The notifications popover (notificationsSlot) comes with @backline/notifications. */}
      <Navbar {...chrome.navbar} />
      <div className="site__content">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer {...chrome.footer} />
    </div>
  );
}
