import { raw, route } from '@backline/core/contract';
import * as z from 'zod/mini';

/**
 * Ad slots: HTML an admin pastes from an ad network, shown in fixed places of the site. Ad code has to run its own
 * scripts, so it is never put into the page: each slot is a sandboxed frame of its own (see `frame`).
 */

const TAG = 'ads';

/** The slots, each with where it shows and its size hint. */
export const AD_SLOTS = [
  { name: 'general_top', label: 'Top of most pages', hint: 'Height at most 150px, or responsive.' },
  { name: 'general_bottom', label: 'Bottom of most pages', hint: 'Height at most 150px, or responsive.' },
  { name: 'artist_top', label: 'Artist page, below the header', hint: 'Width at most 1000px.' },
  { name: 'artist_bottom', label: 'Artist page, below similar artists', hint: 'Width at most 430px.' },
  { name: 'album_above', label: 'Album page, above the tracks', hint: 'As wide as possible.' },
] as const;

export type AdSlotName = (typeof AD_SLOTS)[number]['name'];

/** The setting that holds a slot's code (`ads.general_top`); an empty one shows nothing. */
export const adSetting = (slot: AdSlotName) => `ads.${slot}` as const;

/** A user holding this permission (the paid plans grant it) sees no ads. */
export const ADS_DISABLE_PERMISSION = 'ads.disable';

/** Ad code is pasted markup, not an essay: this bounds what every page's bootstrap data carries. */
export const AD_CODE_MAX_LENGTH = 20_000;

/** The rule the admin settings route checks each slot's code by. */
export const AdCode = z
  .string()
  .check(z.maxLength(AD_CODE_MAX_LENGTH, `Ad code may be at most ${AD_CODE_MAX_LENGTH} characters.`));

/**
 * `GET ads/{slot}/frame`: the slot's code as a document of its own, for an `<iframe>`. Its
 * `Content-Security-Policy: sandbox` gives it an opaque origin even when opened directly, so ad code can run
 * scripts but cannot read the site's cookies, storage or pages. 404 for an empty slot, 422 for an unknown one.
 */
export const frame = route({
  method: 'GET',
  path: 'ads/{slot}/frame',
  tag: TAG,
  summary: "An ad slot's code, as a sandboxed document",
  params: z.object({ slot: z.enum(AD_SLOTS.map((slot) => slot.name) as [AdSlotName, ...AdSlotName[]]) }),
  // The page adds a hash of the code, so a browser's cached frame is never an older ad than the settings say.
  query: z.object({ v: z.optional(z.string().check(z.maxLength(32))) }),
  response: raw('text/html', "The slot's ad code in a sandboxed page"),
  errors: [404],
});
