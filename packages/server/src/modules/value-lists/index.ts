import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ValidationError } from '../../http/errors';
import { legacyRoute } from '../../http/routes';
import { defineModule } from '../../kit';
import { localizationsOf } from '../localization/registry';
import { countryOptions, timezoneGroups } from './lists';

/** The lists `GET value-lists/{names}` knows. */
export const VALUE_LISTS = ['timezones', 'countries', 'localizations'] as const;
type ValueListName = (typeof VALUE_LISTS)[number];

// Encoded answers by app and names: every list only changes with a deploy (installed languages are code).
const answers = new WeakMap<object, Map<string, { body: string; etag: string }>>();

/**
 * `GET value-lists/{names}`: timezones grouped by region, countries and installed localizations, for the
 * account settings selects. The answers only change with a deploy, so they carry an ETag and a day of
 * caching; clients may keep them for the page's lifetime.
 */
export const valueListsModule = () =>
  defineModule({
    id: 'value-lists',
    routes(router) {
      router.add(
        legacyRoute({
          method: 'GET',
          path: 'value-lists/{names}',
          summary: 'Timezones, countries and localizations for selects',
          params: z.object({ names: z.string().max(200) }),
          handler: ({ params, ctx }) => {
            const names = [...new Set(params.names.split(',').map((name) => name.trim()))];
            const unknown = names.filter((name) => !(VALUE_LISTS as readonly string[]).includes(name));
            if (unknown.length || !names.length)
              throw new ValidationError({
                names: [
                  `Unknown value list: ${unknown.join(', ') || '(none)'}. Known lists: ${VALUE_LISTS.join(', ')}.`,
                ],
              });
            const key = names.join(',');
            let cache = answers.get(ctx.app);
            if (!cache) {
              cache = new Map();
              answers.set(ctx.app, cache);
            }
            let answer = cache.get(key);
            if (!answer) {
              const lists: Partial<Record<ValueListName, unknown>> = {};
              for (const name of names as ValueListName[]) {
                if (name === 'timezones') lists.timezones = timezoneGroups();
                if (name === 'countries') lists.countries = countryOptions();
                if (name === 'localizations') lists.localizations = localizationsOf(ctx).list;
              }
              const body = JSON.stringify(lists);
              answer = {
                body,
                etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
              };
              cache.set(key, answer);
            }
            ctx.set('Cache-Control', 'public, max-age=86400');
            ctx.set('ETag', answer.etag);
            ctx.type = 'application/json';
            if (ctx.get('If-None-Match') === answer.etag) {
              ctx.status = 304;
              return null;
            }
            return answer.body;
          },
        }),
      );
    },
  });
