import { fileURLToPath } from 'node:url';
import {
  accounts,
  type BacklineApp,
  type BacklineOptions,
  createBackline,
  type HumanCheckOptions,
  humanCheckOptionsFromEnv,
  type SocialOptions,
  type SpaOptions,
  socialOptionsFromEnv,
  type UploadsModuleOptions,
  uploadsModule,
} from '@backline/server';
import { demoAdmin } from './demo-admin';
import { MUSIC_LOCALIZATIONS } from './lang/index';
import { type MusicModuleOptions, music } from './modules/music/index';
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
  /** The music catalogue: the demo library on first start (see `music`). */
  music?: MusicModuleOptions;
}

/** The music site's options: Backline's kit plus accounts, the site's own modules and setting defaults. */
export function musicOptions({
  social,
  humanCheck,
  uploads,
  music: musicModuleOptions,
  ...options
}: MusicAppOptions = {}): BacklineOptions {
  // With an S3 bucket (S3_BUCKET, or `storage` in tests), browsers upload straight to it unless a setting says no.
  const s3 = Boolean(options.storage && 'driver' in options.storage && options.storage.driver === 's3');
  return {
    ...options,
    modules: [
      accounts({
        localizations: MUSIC_LOCALIZATIONS,
        // Signed-up listeners may create API tokens (the kit gives api.access to no role by default).
        apiAccessRoles: ['users'],
        social: social ?? socialOptionsFromEnv(),
        humanCheck: humanCheck ?? humanCheckOptionsFromEnv(),
      }),
      uploadsModule(uploads),
      demoAdmin(),
      site(),
      music(musicModuleOptions),
      ...(options.modules ?? []),
    ],
    settings: {
      'branding.site_name': { value: 'Backline Music', public: true },
      // The site's Developers section and Bearer API are on (the kit's default is off).
      'api.integrated': { value: true, public: true },
      ...(s3 && { 'uploads.direct': { value: true, public: true } }),
      ...options.settings,
    },
    spa: options.spa ?? { root: CLIENT_DIST },
  };
}

/** The music site's server. */
export function createMusicApp(options: MusicAppOptions = {}): Promise<BacklineApp> {
  return createBackline(musicOptions(options));
}
