import { fileURLToPath } from 'node:url';
import type { LoginPageDefaults } from '@backline/core/contract';
import {
  accounts,
  adminDashboardModule,
  adminFilesModule,
  adminSettingsModule,
  appearanceModule,
  type BacklineApp,
  type BacklineOptions,
  type BillingModuleOptions,
  billingModule,
  contactModule,
  createBackline,
  customPagesModule,
  errorReportsModule,
  type HumanCheckOptions,
  humanCheckOptionsFromEnv,
  notificationsModule,
  type SocialOptions,
  type SpaOptions,
  socialOptionsFromEnv,
  type UploadsModuleOptions,
  uploadsModule,
  type WebPushOptions,
  workspacesModule,
} from '@backline/server';
import { ads } from '../contract';
import { MUSIC_APPEARANCE_SETTINGS } from '../contract/appearance';
import { demoAdmin } from './demo-admin';
import { MUSIC_LOCALIZATIONS } from './lang/index';
import { type MusicModuleOptions, music } from './modules/music/index';
import { musicUploadsModule } from './modules/music-uploads/index';
import { MUSIC_NOTIFICATION_TYPES } from './modules/notifications/index';
import { MUSIC_PLANS } from './modules/plans';
import { musicPageModules } from './modules/seo/page-modules';
import { site } from './modules/site';

export const CLIENT_DIST = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface MusicAppOptions extends Omit<BacklineOptions, 'spa'> {
  /** Serve the built client from `dist/client` (default), or pass Vite's HTML transform in dev. */
  spa?: SpaOptions;
  /** Social sign-in credentials; `GOOGLE_CLIENT_ID`… from the environment by default. */
  social?: SocialOptions;
  /** The human check's secret; `RECAPTCHA_SECRET_KEY`… from the environment by default. */
  humanCheck?: HumanCheckOptions;
  /** Upload expiry and sweeping (see `uploadsModule`); storage itself is the `storage` option. */
  uploads?: UploadsModuleOptions;
  /** Web Push, the `browser` notification channel (see `notificationsModule`); off when absent. */
  push?: WebPushOptions;
  /** Plans and the payment provider (Stripe from `STRIPE_SECRET_KEY`… by default); the demo plans unless given. */
  billing?: BillingModuleOptions;
  /** The music catalogue: the demo library on first start (see `music`). */
  music?: MusicModuleOptions;
  /**
   * Demo mode (`DEMO_MODE` in `main.ts`): the public setting `site.demo` on, the login page pre-filling
   * `admin@admin.com` / `admin` (`singleAccount`) or a numbered `admin@demoNNN.com` (`randomAccount`), and those
   * accounts seeded. Off by default: it makes known admin credentials.
   */
  demo?: LoginPageDefaults;
}

/** How long the music site reuses the guests role's permissions (see `guestRoleCacheMs`). */
export const MUSIC_GUEST_ROLE_CACHE_MS = 2_000;

/** The music site's options: Backline's kit plus accounts, the site's own modules and setting defaults. */
export function musicOptions({
  social,
  humanCheck,
  uploads,
  music: musicModuleOptions,
  billing: billingOptions,
  demo,
  push,
  ...options
}: MusicAppOptions = {}): BacklineOptions {
  // With an S3 bucket (S3_BUCKET, or `storage` in tests), browsers upload straight to it unless a setting says no.
  const s3 = Boolean(options.storage && 'driver' in options.storage && options.storage.driver === 's3');
  return {
    // A visitor's busiest request is a range of audio: the guests role is reused for two seconds rather than
    // loaded per request (the kit's default is 0; docs/benchmarks.md, "Streaming").
    guestRoleCacheMs: MUSIC_GUEST_ROLE_CACHE_MS,
    ...options,
    modules: [
      accounts({
        localizations: MUSIC_LOCALIZATIONS,
        // Signed-up listeners may create API tokens (the kit gives api.access to no role by default).
        apiAccessRoles: ['users'],
        social: social ?? socialOptionsFromEnv(),
        humanCheck: humanCheck ?? humanCheckOptionsFromEnv(),
      }),
      // Right after accounts: every later module and route sees the request's checked workspace.
      workspacesModule(),
      uploadsModule(uploads),
      contactModule(),
      customPagesModule(),
      errorReportsModule(),
      demoAdmin(),
      site(),
      music(musicModuleOptions),
      musicUploadsModule(),
      notificationsModule({ types: MUSIC_NOTIFICATION_TYPES, push }),
      billingModule({ plans: MUSIC_PLANS, ...billingOptions }),
      // The ad slots' code is edited on the admin's Ads settings page, checked by the slots' own rule.
      adminSettingsModule({
        schemas: Object.fromEntries(ads.AD_SLOTS.map((slot) => [ads.adSetting(slot.name), ads.AdCode])),
      }),
      // The music site's own editor section (Discover) saves `discover.intro` with the rest, by this rule.
      appearanceModule({ settings: MUSIC_APPEARANCE_SETTINGS }),
      adminFilesModule(),
      // The dashboard's plays: one row per listen in the catalogue's plays table.
      adminDashboardModule({
        metrics: [{ key: 'plays', label: 'Plays', table: 'music_plays', dateColumn: 'played_at' }],
      }),
      ...(options.modules ?? []),
    ],
    settings: {
      'branding.site_name': { value: 'Backline Music', public: true },
      // The site's Developers section and Bearer API are on (the kit's default is off).
      'api.integrated': { value: true, public: true },
      // The site sells plans: /pricing lists them even before payment keys are set (paid checkout then says so).
      'billing.enable': { value: true, public: true },
      ...(s3 && { 'uploads.direct': { value: true, public: true } }),
      ...(demo && {
        'site.demo': { value: true, public: true },
        'site.loginPageDefaults': { value: demo, public: true },
      }),
      ...options.settings,
    },
    spa: { pageModules: musicPageModules, ...(options.spa ?? { root: CLIENT_DIST }) },
  };
}

/** The music site's server. */
export function createMusicApp(options: MusicAppOptions = {}): Promise<BacklineApp> {
  return createBackline(musicOptions(options));
}
