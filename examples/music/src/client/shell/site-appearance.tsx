import '@backline/appearance/styles.css';
import { announcePreviewReady } from '@backline/appearance/editor';
import { AppearanceBridge, CookieNotice } from '@backline/appearance/react';
import { useEffect } from 'react';

/**
 * Tells the editor the bridge is listening (rendered after it, so its effect runs once the listener is on): this
 * part loads lazily, so the editor's first messages may have arrived before it did and are sent again.
 */
function PreviewReady() {
  useEffect(() => announcePreviewReady(), []);
  return null;
}

/**
 * The site's appearance parts: the cookie notice (it decides itself whether to show) and, in the appearance
 * editor's preview, the bridge that applies the editor's live values.
 */
export function SiteAppearance({ bridge }: { bridge: boolean }) {
  return (
    <>
      {bridge ? (
        <>
          <AppearanceBridge />
          <PreviewReady />
        </>
      ) : null}
      <CookieNotice />
    </>
  );
}
