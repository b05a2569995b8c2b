import { fileURLToPath } from 'node:url';
import { type BacklineApp, type BacklineOptions, createBackline, type SpaOptions } from '@backline/server';

export const CLIENT_DIST = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface MusicAppOptions extends Omit<BacklineOptions, 'spa'> {
  /** Serve the built client from `dist/client` (default), or pass Vite's HTML transform in dev. */
  spa?: SpaOptions;
}

/** The music site's server: Backline's kit plus the site's own modules and setting defaults. */
export function createMusicApp(options: MusicAppOptions = {}): Promise<BacklineApp> {
  return createBackline({
    ...options,
    settings: {
      'branding.site_name': { value: 'Backline Music', public: true },
      ...options.settings,
    },
    spa: options.spa ?? { root: CLIENT_DIST },
  });
}
