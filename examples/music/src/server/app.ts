import { fileURLToPath } from 'node:url';
import {
  accounts,
  type BacklineApp,
  type BacklineOptions,
  createBackline,
  type SpaOptions,
} from '@backline/server';
import { demoAdmin } from './demo-admin';
import { site } from './modules/site';

export const CLIENT_DIST = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface MusicAppOptions extends Omit<BacklineOptions, 'spa'> {
  /** Serve the built client from `dist/client` (default), or pass Vite's HTML transform in dev. */
  spa?: SpaOptions;
}

/** The music site's options: Backline's kit plus accounts, the site's own modules and setting defaults. */
export function musicOptions(options: MusicAppOptions = {}): BacklineOptions {
  return {
    ...options,
    modules: [accounts(), demoAdmin(), site(), ...(options.modules ?? [])],
    settings: {
      'branding.site_name': { value: 'Backline Music', public: true },
      ...options.settings,
    },
    spa: options.spa ?? { root: CLIENT_DIST },
  };
}

/** The music site's server. */
export function createMusicApp(options: MusicAppOptions = {}): Promise<BacklineApp> {
  return createBackline(musicOptions(options));
}
