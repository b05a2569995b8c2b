import type { PlanSeed } from '@backline/server';

/**
 * The music site's demo plans, created on first start while there are none. A valid Pro or Premium
 * subscription adds `music.download` (no role holds it by default), which shows the Download button on track
 * pages, and `ads.disable`, which hides the ad slots; the feature lists are what the pricing page shows.
 */
export const MUSIC_PLANS: PlanSeed[] = [
  {
    name: 'Free',
    description: 'Listen to the whole catalogue for free.',
    free: true,
    feature_list: ['Stream every track', 'Create playlists'],
  },
  {
    name: 'Pro',
    description: 'Keep the music with you.',
    recommended: true,
    feature_list: ['Stream every track', 'Create playlists', 'No ads', 'Download tracks'],
    permissions: ['music.download', 'ads.disable'],
    prices: [
      { amount: 999, currency: 'USD', interval: 'month' },
      { amount: 9990, currency: 'USD', interval: 'year' },
    ],
  },
  {
    name: 'Premium',
    description: 'For the serious collector.',
    feature_list: ['Everything in Pro', 'Priority support'],
    permissions: ['music.download', 'ads.disable'],
    prices: [
      { amount: 1499, currency: 'USD', interval: 'month' },
      { amount: 14990, currency: 'USD', interval: 'year' },
    ],
  },
];
