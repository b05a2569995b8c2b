import { readFileSync } from 'node:fs';
import type { Localization } from '@backline/server';

/** Reads a translation file of this folder: English text → translated text. */
function lines(file: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
}

/** The languages the music site installs besides English (see es.json and es.test.ts). */
export const MUSIC_LOCALIZATIONS: Localization[] = [
  // The web player and the admin's settings, dashboard, localization and file pages keep their lines in files of
  // their own.
  {
    language: 'es',
    name: 'Español',
    lines: {
      ...lines('./es.json'),
      ...lines('./player.es.json'),
      ...lines('./admin-settings.es.json'),
      ...lines('./catalogue.es.json'),
      ...lines('./admin-content.es.json'),
    },
  },
];
