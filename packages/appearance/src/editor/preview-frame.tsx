import { appearance } from '@backline/core/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppearanceEditor } from './editor-context';

/** Widths of the device toggles; `null` fills the preview area. 375 px is the narrowest phone the site supports. */
export const PREVIEW_WIDTHS = { desktop: null, tablet: 768, mobile: 375 } as const;
export type PreviewDevice = keyof typeof PREVIEW_WIDTHS;

/** A site path with the editor flag, so the preview keeps editor mode (and the landing page) on every page. */
export function previewUrl(path: string): string {
  const url = new URL(path, 'http://preview.invalid');
  url.searchParams.set(appearance.APPEARANCE_EDITOR_PARAM, 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The live site in a same-origin frame. When the frame loads, and whenever the site says its bridge is listening
 * (a `previewReady` message with the marker, from this frame and this origin only), the whole draft is sent
 * again, so a reload or a late-starting bridge never shows stale values.
 */
export function PreviewFrame({ device, initialPath = '/' }: { device: PreviewDevice; initialPath?: string }) {
  const { t } = useTranslation();
  const { previewRef, replay } = useAppearanceEditor();
  const frame = useRef<HTMLIFrameElement>(null);
  const src = useRef(previewUrl(initialPath)).current;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: unknown; type?: unknown } | null;
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (data?.source === appearance.APPEARANCE_EDITOR_SOURCE && data?.type === 'previewReady') replay();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [replay]);

  const width = PREVIEW_WIDTHS[device];
  return (
    <div className="bl-appearance-preview" data-device={device}>
      <iframe
        ref={frame}
        className="bl-appearance-preview__frame"
        title={t('Site preview')}
        // @backline/auth's APPEARANCE_EDITOR_FRAME_ATTRIBUTE: the site reads it through `frameElement` (same origin
        // only) to keep the landing and auth pages visible to the signed-in admin inside the preview.
        data-appearance-editor=""
        src={src}
        style={width ? { width: `${width}px` } : undefined}
        onLoad={() => {
          previewRef.current = frame.current?.contentWindow ?? null;
          replay();
        }}
      />
    </div>
  );
}
