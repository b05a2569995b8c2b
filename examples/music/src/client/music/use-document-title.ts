import { useSettings } from '@backline/core/react';
import { useEffect } from 'react';

// The title index.html was served with: the last fallback when the site has neither a default title nor a name.
const servedTitle = typeof document === 'undefined' ? '' : document.title;

/**
 * The tab title of a page without its own: the appearance editor's SEO default title, else the site name. The
 * server sends the same one in the HTML of such pages (the landing page, login…), so both sides agree.
 */
export function useDefaultTitle(): string {
  const site = useSettings<string>('branding.site_name', '');
  const seoTitle = useSettings<string>('seo.default_title', '');
  return seoTitle?.trim() || site || servedTitle;
}

/**
 * Sets the tab's title to "Page - Site" while the page is shown (the server sent its own on first load), and
 * gives the tab back the site's default title when the page goes, so a page without a title of its own never
 * keeps the previous page's.
 */
export function useDocumentTitle(title: string | undefined | null) {
  const site = useSettings<string>('branding.site_name', '');
  const fallback = useDefaultTitle();
  useEffect(() => {
    if (!title) return;
    document.title = site ? `${title} - ${site}` : title;
    return () => {
      document.title = fallback;
    };
  }, [title, site, fallback]);
}
