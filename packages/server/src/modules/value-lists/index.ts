import { createHash } from 'node:crypto';
import { VALUE_LISTS, type ValueListName, type ValueLists, valueLists } from '@backline/core/contract';
import { ValidationError } from '../../http/errors';
import { defineModule } from '../../kit';
import { localizationsOf } from '../localization/registry';
import { countryOptions, timezoneGroups } from './lists';

export { VALUE_LISTS };

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
      router.route(valueLists.show).handle(({ params, ctx }) => {
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
          const lists: ValueLists = {};
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
        // The lists are sent as the JSON text encoded once; a matching ETag answers 304 without a body.
        if (ctx.get('If-None-Match') === answer.etag) {
          ctx.status = 304;
          ctx.body = null;
        } else ctx.body = answer.body;
        return undefined;
      });
    },
  });
