// The API reference, in a chunk of its own: the renderer (Scalar, several hundred KB) loads only on /api-docs.
import '@scalar/api-reference-react/style.css';
import { getCookie } from '@backline/core';
import { apiDocs, XSRF_COOKIE } from '@backline/core/contract';
import { useCookies, useHttp, useSettings, useTheme } from '@backline/core/react';
import { NotFoundPage } from '@backline/ui';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../shell/page-loader';

/**
 * `/api-docs`: the OpenAPI document of `GET api/v1/openapi.json`, rendered by Scalar. Everything it needs ships
 * in the bundle (no CDN, no web fonts: `withDefaultFonts` off), so it works offline under the site's CSP.
 * "Try it" calls the API from this page: the session cookie goes along (same origin), and the XSRF header is
 * prefilled from the readable `XSRF-TOKEN` cookie, so unsafe methods pass the anti-forgery check; a personal
 * access token can be entered as the Bearer scheme instead.
 */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const cookies = useCookies();
  const { isDark } = useTheme();
  const integrated = useSettings<boolean>('api.integrated', false);
  const document = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => http.call(apiDocs.openapi, { signal }),
    enabled: integrated,
    retry: false,
  });
  const configuration = useMemo(
    () => ({
      content: document.data,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      // Nothing that calls Scalar's services: the AI agent (on by default for local URLs), the toolbar's sharing
      // and deploying, the developer tools. Under the site's CSP they would only fail.
      agent: { disabled: true },
      showDeveloperTools: 'never' as const,
      defaultOpenAllTags: true,
      darkMode: isDark,
      hideDarkModeToggle: true,
      authentication: {
        preferredSecurityScheme: [['session', 'xsrf']],
        securitySchemes: { xsrf: { value: getCookie(XSRF_COOKIE, cookies) ?? '' } },
      },
    }),
    [document.data, isDark, cookies],
  );
  if (!integrated || document.isError) return <NotFoundPage />;
  if (!document.data) return <PageLoader />;
  return (
    <main className="api-docs">
      <h1 className="bl-visually-hidden">{t('API documentation')}</h1>
      <ApiReferenceReact configuration={configuration} />
    </main>
  );
}
