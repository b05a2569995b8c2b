import * as z from 'zod/mini';

/** The setting holding the line under the Discover heading (the music site's own appearance-editor section). */
export const DISCOVER_INTRO_KEY = 'discover.intro';
export const DISCOVER_INTRO_MAX = 300;

/**
 * The music site's settings its appearance-editor sections save, each with its rule: the server validates the one
 * Save by these (`appearanceModule({settings})`), the editor's Discover section declares the same keys.
 */
export const MUSIC_APPEARANCE_SETTINGS = {
  [DISCOVER_INTRO_KEY]: z
    .string('Enter text.')
    .check(z.maxLength(DISCOVER_INTRO_MAX, `Enter at most ${DISCOVER_INTRO_MAX} characters.`)),
};
