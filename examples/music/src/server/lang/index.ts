import { readFileSync } from 'node:fs';
import type { Localization } from '@backline/server';

/** Reads a translation file of this folder: English text → translated text. */
function lines(file: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
}

/** The languages the music site installs besides English (see es.json and es.test.ts). */
export const MUSIC_LOCALIZATIONS: Localization[] = [
  // The web player keeps its lines in a file of its own.
  { language: 'es', name: 'Español', lines: { ...lines('./es.json'), ...lines('./player.es.json') } },
];
