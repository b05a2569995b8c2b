import * as z from 'zod/mini';
import { route } from '../route';
import { ValueLists } from '../schemas/localization';

/**
 * `GET value-lists/{names}`: comma-separated names of `timezones`, `countries` and `localizations`, for the
 * account settings selects. The lists only change with a deploy: answers carry an ETag (304 when it matches)
 * and a day of caching.
 */
export const show = route({
  method: 'GET',
  path: 'value-lists/{names}',
  tag: 'value-lists',
  summary: 'Timezones, countries and localizations for selects',
  params: z.object({ names: z.string().check(z.maxLength(200)) }),
  response: ValueLists,
});
