/**
 * The landing page's appearance content (setting `homepage.appearance`), as a fresh install ships it. Site owners
 * edit it in the appearance editor; the browser fills any field they leave out from these defaults. Images are
 * the site's own generated SVGs under `public/images/landing`, so nothing is fetched from elsewhere.
 */
export const DEFAULT_LANDING_CONTENT = {
  headerTitle: 'Music for every moment',
  headerSubtitle:
    'Stream full albums, discover new artists and build playlists with friends. Free, right in your browser.',
  headerImage: '/images/landing/header.svg',
  headerImageOpacity: 1,
  headerOverlayColor1: 'rgba(20, 12, 56, 0.78)',
  headerOverlayColor2: 'rgba(91, 63, 217, 0.45)',
  actions: {
    inputText: 'Search for artists, albums and tracks',
    cta1: { label: 'Get started', type: 'route', action: '/register', icon: 'play' },
    cta2: { label: 'Browse genres', type: 'route', action: '/genres' },
    cta3: { label: 'Start listening', type: 'route', action: '/register', icon: 'play' },
  },
  primaryFeatures: [
    {
      title: 'Listen anywhere',
      subtitle: 'The player runs in any modern browser, on your phone, tablet or computer.',
      image: '/images/landing/feature-devices.svg',
    },
    {
      title: 'Follow your artists',
      subtitle: 'Get their new albums in your library the day they come out.',
      image: '/images/landing/feature-artists.svg',
    },
    {
      title: 'Playlists together',
      subtitle: 'Invite friends to add tracks to a playlist and listen to it as it grows.',
      image: '/images/landing/feature-playlists.svg',
    },
  ],
  secondaryFeatures: [
    {
      title: 'Discover something new every day',
      subtitle: 'Charts and genres',
      description:
        'Top 50 charts, genre radio and trending artists show you what people are playing right now, so your next favourite song is a click away.',
      image: '/images/landing/feature-discover.svg',
    },
    {
      title: 'Your library, your way',
      subtitle: 'Likes, albums and history',
      description:
        'Like tracks, save albums and come back to everything you played. Your queue and position are waiting where you left them.',
      image: '/images/landing/feature-library.svg',
    },
  ],
  pricingTitle: 'Choose the plan that fits you',
  pricingSubtitle: 'Start for free, upgrade for ad-free listening. Cancel at any time.',
  footerTitle: 'Ready to press play?',
  footerSubtitle: 'Create a free account and start listening in seconds.',
  footerImage: '/images/landing/footer.svg',
};

export type LandingContent = typeof DEFAULT_LANDING_CONTENT;
