import { useSettings } from '@backline/core/react';
import { useEffect } from 'react';

/** Sets the tab's title to "Page - Site" while the page is shown (the server sent its own on first load). */
export function useDocumentTitle(title: string | undefined | null) {
  const site = useSettings<string>('branding.site_name', '');
  useEffect(() => {
    if (!title) return;
    document.title = site ? `${title} - ${site}` : title;
  }, [title, site]);
}
