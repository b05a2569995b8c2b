import { apiDocs } from '@backline/core/contract';
import { HttpError } from '../../http/errors';
import { createOpenApiDocument, type OpenApiDocument } from '../../http/openapi/openapi';
import { defineModule } from '../../kit';
import { API_ACCESS_PERMISSION } from '../access-tokens/index';
import { can } from '../permissions/index';

/**
 * `GET api/v1/openapi.json`: the OpenAPI 3.1 document of every route the app registered (its own routes and
 * those served by middleware, listed through `router.document`). Off unless the public setting `api.integrated`
 * is on, answering 404 then, as a site without an API would; otherwise the caller needs `api.access` (403).
 * Install after `access-tokens`, which owns that setting and permission.
 */
export const apiDocsModule = () =>
  defineModule({
    id: 'api-docs',
    routes(router) {
      // Built at the first request, when every module has registered its routes; they do not change after.
      let document: OpenApiDocument | undefined;
      router.route(apiDocs.openapi).handle(async ({ ctx, kit }) => {
        if (!(await kit.settings.get<boolean>('api.integrated', false)))
          throw new HttpError(404, 'Not found.');
        if (!(await can(ctx, kit, API_ACCESS_PERMISSION)))
          throw new HttpError(403, 'You do not have permission to do this.');
        const siteName = await kit.settings.get<string>('branding.site_name', 'Backline');
        document ??= createOpenApiDocument([...router.routes, ...router.documented], { version: 'v1' });
        ctx.set('Cache-Control', 'no-store');
        return { ...document, info: { ...document.info, title: `${siteName} API` } };
      });
    },
  });
