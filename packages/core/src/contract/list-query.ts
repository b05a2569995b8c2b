import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/** The most rows one page of an admin list may ask for. */
export const LIST_MAX_PER_PAGE = 100;
/** Rows per page when the caller does not say. */
export const LIST_DEFAULT_PER_PAGE = 15;
/** The longest search text a list accepts. */
export const LIST_QUERY_MAX = 255;

// Ten digits at most: enough for any id up to MAX_ID, and never so long that Number() rounds it.
const WHOLE_NUMBER = /^[1-9]\d{0,9}$/;

/**
 * A positive whole number from a query string, at most `max`: "abc", "0", "1.5", "1e3", " 7" and "100000" (over
 * 100) are 422. Numbers are taken too (a client may send one), as their decimal text.
 */
export function wholeNumberParam(field: string, max: number) {
  const message = `The ${field} must be a whole number between 1 and ${max}.`;
  const input = z.union([z.string(), z.number()], { error: message });
  // A query string carries text, so the input is a string or a number; the OpenAPI document (and every client or
  // fuzzer generated from it) is told what the pipe accepts: a whole number from 1 to `max`.
  z.globalRegistry.add(input, { type: 'integer', minimum: 1, maximum: max });
  return z.pipe(
    z.pipe(
      input,
      z.pipe(
        z.transform((value: string | number) => String(value)),
        z.string().check(z.regex(WHOLE_NUMBER, message)),
      ),
    ),
    z.pipe(
      z.transform((value: string) => Number(value)),
      z.number().check(z.lte(max, message)),
    ),
  );
}

/**
 * The query of one admin list: `page`, `perPage` (at most 100), `orderBy` on an allow-list of columns,
 * `orderDir`, `query` (the search text) and the list's own filters. Column and filter names are enums, so no
 * name the caller sends ever reaches SQL unchecked: `orderBy=password` or `orderBy=id;drop table` is 422.
 */
export function listQuery<
  const C extends readonly [string, ...string[]],
  F extends Record<string, $ZodType> = Record<never, never>,
>(orderBy: C, filters: F = {} as F) {
  return z.object({
    page: z.optional(wholeNumberParam('page', 1_000_000)),
    perPage: z.optional(wholeNumberParam('per page', LIST_MAX_PER_PAGE)),
    orderBy: z.optional(
      z.enum(orderBy, { error: `The order by field must be one of: ${orderBy.join(', ')}.` }),
    ),
    orderDir: z.optional(z.enum(['asc', 'desc'], { error: 'The order dir field must be asc or desc.' })),
    query: z.optional(
      z
        .string()
        .check(
          z.maxLength(LIST_QUERY_MAX, `The query must not be greater than ${LIST_QUERY_MAX} characters.`),
        ),
    ),
    ...filters,
  });
}

/** A `YYYY-MM-DD` date filter (`created_from`, `created_to`). */
export const dateFilter = z.optional(z.iso.date({ error: 'The date must be a date (YYYY-MM-DD).' }));
