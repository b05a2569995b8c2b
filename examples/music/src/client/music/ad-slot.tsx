import { useSettings } from '@backline/core/react';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The ad slots the admin fills with HTML; each has its place and size hint on the pages. */
export type AdSlotName = 'ads.artist_top' | 'ads.artist_bottom' | 'ads.album_above';

/**
 * An ad slot: the admin's HTML for it, sanitised (no scripts, handlers or frames reach the page), or
 * nothing at all when the slot is unset, so an empty slot leaves no gap.
 */
export function AdSlot({ name }: { name: AdSlotName }) {
  const html = useSettings<string | null>(name, null);
  const clean = useMemo(() => (html?.trim() ? DOMPurify.sanitize(html) : ''), [html]);
  if (!clean) return null;
  return (
    <div
      className="music-ad"
      data-slot={name}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
