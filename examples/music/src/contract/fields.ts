import { MAX_ID, wholeNumberParam } from '@backline/core/contract';
import * as z from 'zod/mini';

/** Largest page a list answers; the tracks of one playlist may be read in bigger pages (see `PLAYLIST_TRACKS_MAX`). */
export const PER_PAGE_MAX = 100;
/** A playlist's tracks table is virtualised, so one page may carry up to this many rows. */
export const PLAYLIST_TRACKS_MAX = 1000;
/** The trending artists list (home feed, landing page) holds at most this many artists. */
export const TRENDING_LIMIT = 30;
/** The Top 50 chart. */
export const TOP_TRACKS_LIMIT = 50;
/** How many items each type contributes to the "all" search tab and to the suggestions. */
export const SEARCH_ALL_LIMIT = 8;
export const SUGGESTIONS_LIMIT = 5;
/** How many items a channel carries when listed on the home feed (its "See all" page pages through the rest). */
export const CHANNEL_PREVIEW_LIMIT = 12;
/** A play counts once the listener has heard this much of a track, or reached its end, whichever comes first. */
export const PLAY_THRESHOLD_MS = 30_000;
/** A playlist holds at most this many tracks. */
export const PLAYLIST_MAX_TRACKS = 5000;

/**
 * A URL slug: lower case, diacritics dropped, every run of other characters one dash. Both sides build paths
 * with it, so `/artist/{id}/{slug}` is the same string in a link and in the server's canonical URL.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || '-';
}

/** A positive whole number from a query string (the kit's `wholeNumberParam`), with a default; `max` bounds it. */
export function countParam(field: string, fallback: number, max: number) {
  return z._default(z.optional(wholeNumberParam(field, max)), fallback);
}

/** `page` and `perPage`, as every list takes them. */
export function pageQuery(perPage = 24, maxPerPage = PER_PAGE_MAX) {
  return {
    page: countParam('page', 1, MAX_ID),
    perPage: countParam('per page', perPage, maxPerPage),
  };
}

/**
 * `orderBy` and `orderDir` for a list: only the named columns sort (each has an index), anything else answers
 * 422, so a query string can never pick an arbitrary column.
 */
export function sortQuery<const S extends readonly [string, ...string[]]>(sorts: S, orderBy: S[number]) {
  return {
    orderBy: z._default(
      z.optional(z.enum(sorts, { error: `The order by must be one of: ${sorts.join(', ')}.` })),
      orderBy,
    ),
    orderDir: z._default(
      z.optional(z.enum(['asc', 'desc'], { error: 'The order dir must be asc or desc.' })),
      'desc',
    ),
  };
}

/** An optional search filter inside a list (`query`), trimmed; control characters are not refused, only ignored. */
export const filterQuery = z.optional(
  z.string().check(z.maxLength(255, 'The query must not be greater than 255 characters.')),
);

/** `ids=1,2,3` in a query string: up to 100 ids. */
export const idListQuery = z.optional(
  z.pipe(
    z.string(),
    z.pipe(
      z.transform((value: string) =>
        value === '' ? [] : value.split(',').map((part) => Number(part.trim())),
      ),
      z
        .array(
          z
            .number()
            .check(
              z.int('The ids must be positive whole numbers.'),
              z.gte(1, 'The ids must be positive whole numbers.'),
              z.lte(MAX_ID, 'The ids must be positive whole numbers.'),
            ),
        )
        .check(z.maxLength(PER_PAGE_MAX, `At most ${PER_PAGE_MAX} ids.`)),
    ),
  ),
);
