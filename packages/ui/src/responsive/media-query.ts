import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../constants';

/** The media query that matches viewports narrower than {@link MOBILE_BREAKPOINT}. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** Whether a viewport of this width (CSS pixels) gets the mobile layout. */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

/**
 * Whether a media query matches, kept in sync as the viewport changes. Answers `serverValue` during
 * server rendering and hydration, where there is no viewport.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () =>
      typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : serverValue,
    () => serverValue,
  );
}

/** True on viewports narrower than 768 px ({@link MOBILE_BREAKPOINT}). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
