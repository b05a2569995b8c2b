// The API reference, in a chunk of its own: the renderer (Swagger UI) loads only on /api-docs.
// First: turns off zod's eval probe before any code of the renderer's chunk can parse anything.
import './zod-jitless';
import 'swagger-ui-react/swagger-ui.css';
import './api-docs-page.css';
import { getCookie } from '@backline/core';
import { apiDocs, XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';
import { useHttp, useSettings } from '@backline/core/react';
import { NotFoundPage } from '@backline/ui';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import SwaggerUI from 'swagger-ui-react';
import { PageLoader } from '../shell/page-loader';

interface TryRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * "Try it" calls the API from this page. The session cookie goes along (same origin), and unsafe methods of a
 * cookie session must echo the readable `XSRF-TOKEN` cookie in `X-XSRF-TOKEN` (double submit), as the site's own
 * calls do; read it at send time, because the server rotates it. A request the visitor authorised with a
 * Bearer token (the "Authorize" dialog) carries its own `Authorization` header and needs no XSRF header, but one
 * does no harm.
 */
function withXsrf(request: TryRequest): TryRequest {
  const token = getCookie(XSRF_COOKIE);
  if (token && new URL(request.url, window.location.href).origin === window.location.origin)
    request.headers[XSRF_HEADER] = token;
  return request;
}

/**
 * Swagger UI leaves a few controls without what assistive technology needs (axe critical or serious findings):
 * the server picker is a `<select>` inside an empty `<label>`, the request body editor a `<textarea>` with no
 * name, and the highlighted code blocks scroll without being reachable by keyboard. This plugin adds a visually
 * hidden label, a name, and a tab stop, through Swagger UI's own component wrapping.
 */
const accessibility = () => ({
  wrapComponents: {
    // biome-ignore lint/correctness/noComponentHookFactories: Swagger UI's wrapComponents takes component factories.
    Servers: (Original: ComponentType) => (props: object) => <ServerLabel Original={Original} {...props} />,
    // biome-ignore lint/correctness/noComponentHookFactories: as above.
    TextArea: (Original: ComponentType) => (props: object) => <BodyEditor Original={Original} {...props} />,
    // biome-ignore lint/correctness/noComponentHookFactories: as above.
    SyntaxHighlighter: (Original: ComponentType<{ tabIndex?: number }>) => (props: object) => (
      <Original {...props} tabIndex={0} />
    ),
  },
});
const plugins = [accessibility];

function ServerLabel({ Original, ...props }: { Original: ComponentType }) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor="servers" className="bl-visually-hidden">
        {t('Server')}
      </label>
      <Original {...props} />
    </>
  );
}

function BodyEditor({ Original, ...props }: { Original: ComponentType<{ 'aria-label'?: string }> }) {
  const { t } = useTranslation();
  return <Original aria-label={t('Request body')} {...props} />;
}

/**
 * `/api-docs`: the OpenAPI document of `GET api/v1/openapi.json`, rendered by Swagger UI. Everything it needs
 * ships in the bundle (no CDN, no web fonts, no validator badge: the React component has none), and it runs
 * without eval, so it works offline under the site's CSP (`script-src 'self'` + nonce, `connect-src 'self'`).
 */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const integrated = useSettings<boolean>('api.integrated', false);
  const document = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => http.call(apiDocs.openapi, { signal }),
    enabled: integrated,
    retry: false,
  });
  if (!integrated || document.isError) return <NotFoundPage />;
  if (!document.data) return <PageLoader />;
  return (
    <main className="api-docs">
      <h1 className="bl-visually-hidden">{t('API documentation')}</h1>
      <SwaggerUI
        spec={document.data as object}
        tryItOutEnabled
        requestInterceptor={withXsrf as (request: object) => object}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        plugins={plugins}
      />
    </main>
  );
}
