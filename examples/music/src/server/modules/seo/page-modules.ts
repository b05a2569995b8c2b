import type { Kit, SpaOptions } from '@backline/server';

type Context = Parameters<NonNullable<SpaOptions['pageModules']>>[0];

/** Source modules as Vite's manifest names them (relative to examples/music). */
const AUTH = 'src/client/pages/auth-pages.tsx';
const CUSTOM_PAGE = 'src/client/pages/custom-page/custom-page.tsx';
const SITE_LAYOUT = 'src/client/shell/site-layout.tsx';
const CONTACT = 'src/client/pages/contact/contact-page.tsx';
const WEB_PLAYER = 'src/client/music/web-player-routes.tsx';
const DISCOVER = 'src/client/pages/discover/discover-page.tsx';

/** The web player's pages by their first path segment (the route table in web-player-routes.tsx). */
const PLAYER_PAGES: Record<string, string> = {
  discover: DISCOVER,
  channel: DISCOVER,
  artist: 'src/client/pages/artist/artist-page.tsx',
  album: 'src/client/pages/album/album-page.tsx',
  track: 'src/client/pages/track/track-page.tsx',
  genres: 'src/client/pages/genre/genre-page.tsx',
  genre: 'src/client/pages/genre/genre-page.tsx',
  playlist: 'src/client/pages/playlist/playlist-page.tsx',
  user: 'src/client/pages/profile/profile-page.tsx',
  'top-50': 'src/client/pages/charts/top-50-page.tsx',
  search: 'src/client/pages/search/search-page.tsx',
  library: 'src/client/pages/library/library-page.tsx',
};

const AUTH_PATHS =
  /^\/(?:login|register|forgot-password|password\/reset\/[^/]+|workspace\/join\/(?:login|register))$/;

/**
 * The modules the client's first paint of a page lazily imports (the route table in src/client/app.tsx), so the
 * server announces their chunks in the page's HTML instead of the browser discovering them one after another.
 * Only the public pages a visitor lands on are listed; any other page simply gets no announcement.
 */
export async function musicPageModules(ctx: Context, kit: Kit): Promise<string[]> {
  const path = ctx.path;
  if (path === '/') {
    // The homepage rule: the web player's feed for a signed-in user or the `channel` type; otherwise what
    // `homepage.type` names.
    const type = await kit.settings.get<string>('homepage.type', 'landingPage');
    if (type === 'channel' || ctx.state.user) return [WEB_PLAYER, DISCOVER];
    if (type === 'loginPage' || type === 'registerPage') return [AUTH];
    if (type === 'customPage' && (await kit.settings.get<string>('homepage.value', ''))) return [CUSTOM_PAGE];
    // None for the landing page: the server paints its header into the HTML (landing-prerender.ts), so the
    // visitor's first bytes go to the entry script, not to chunks racing it for a slow phone's bandwidth.
    return [];
  }
  if (AUTH_PATHS.test(path)) return [AUTH];
  if (path.startsWith('/pages/')) return [CUSTOM_PAGE];
  if (path === '/contact') return [SITE_LAYOUT, CONTACT];
  const page = PLAYER_PAGES[path.split('/')[1] ?? ''];
  return page ? [WEB_PLAYER, page] : [];
}
