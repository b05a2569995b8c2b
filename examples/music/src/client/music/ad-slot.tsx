import { apiPath, fillPath } from '@backline/core/contract';
import { useCan, useSettings } from '@backline/core/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ads } from '../../contract';

/** How tall each slot may grow, from its size hint: the general slots at most 150px, the others as their ad. */
const MAX_HEIGHT: Record<ads.AdSlotName, number> = {
  general_top: 150,
  general_bottom: 150,
  artist_top: 600,
  artist_bottom: 600,
  album_above: 600,
};

/** A short, stable hash of the code (FNV-1a), so an edited ad is a new URL and never a cached old frame. */
function codeHash(code: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) hash = Math.imul(hash ^ code.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * An ad slot: the admin's ad code in a sandboxed frame of its own (`GET ads/{slot}/frame`), so the code may run
 * its scripts but can never read the site's cookies, storage or page. Nothing at all renders when the slot is
 * empty or the viewer holds `ads.disable` (the paid plans grant it), so no gap is left either way.
 */
export function AdSlot({ name }: { name: ads.AdSlotName }) {
  const code = useSettings<string | null>(ads.adSetting(name), null);
  const adFree = useCan(ads.ADS_DISABLE_PERMISSION);
  if (!code?.trim() || adFree) return null;
  const hash = codeHash(code);
  // Keyed by the code: an edited ad is a new frame, starting again from the default height.
  return (
    <AdFrame key={hash} name={name} src={`/${apiPath(fillPath(ads.frame.path, { slot: name }))}?v=${hash}`} />
  );
}

function AdFrame({ name, src }: { name: ads.AdSlotName; src: string }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only this slot's own frame may size it; anything else posting the same shape is ignored.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== 'backline:ad-size' || typeof data.height !== 'number') return;
      setHeight(Math.max(0, Math.min(MAX_HEIGHT[name], Math.round(data.height))));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [name]);

  return (
    // A plain box, not a landmark: two slots on a page would be two landmarks of one name; the frame's title says it.
    <div className="music-ad" data-slot={name}>
      <iframe
        ref={frame}
        className="music-ad__frame"
        src={src}
        title={t('Advertisement')}
        // No allow-same-origin: the frame's origin is opaque, whatever its code does.
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms"
        loading="lazy"
        style={height === null ? undefined : { height }}
      />
    </div>
  );
}
