import { useLayoutEffect } from 'react';

/**
 * Removes the landing header the server painted into the page (examples/music/src/server/modules/seo/
 * landing-prerender.ts) once the client's own screen is on it: the landing page calls it when its header
 * mounts; the app calls it when its first screen is anything else (a signed-in session restored in this tab,
 * the appearance editor, another homepage type), so the copy never covers a real page.
 */
export function useDropLandingPrerender(drop: boolean) {
  useLayoutEffect(() => {
    if (drop) document.getElementById('landing-prerender')?.remove();
  }, [drop]);
}
