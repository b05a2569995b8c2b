import { isHttpError } from '@backline/core';
import { customPages } from '@backline/core/contract';
import { useHttp, useSettings, useUser } from '@backline/core/react';
import { Footer, Navbar, NotFoundPage } from '@backline/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../music/use-document-title';
import { PageLoader } from '../../shell/page-loader';
import { useSiteChrome } from '../../shell/use-site-chrome';
import { safeHtml } from './safe-html';
import './custom-page.css';

/** `GET custom-pages/{slugOrId}`, not retried on 401, 403 or 404 (the query defaults). */
export function useCustomPage(slugOrId: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['custom-page', slugOrId],
    queryFn: () => http.call(customPages.show, { params: { slugOrId } }),
  });
}

/**
 * A custom page (`/pages/{slug}`, `/pages/{id}/{slug}`): its title and sanitised HTML body between the navbar and
 * footer (either hidden when the page says so). A loader while it loads; a 401 or 403 for a logged-out visitor
 * goes to /login, a 404 shows the not-found page, anything else the error state.
 */
export function CustomPage({ slugOrId }: { slugOrId?: string }) {
  const { t } = useTranslation();
  const { pageSlug, pageId } = useParams();
  const user = useUser();
  const chrome = useSiteChrome();
  const baseUri = useSettings<string>('html_base_uri', '');
  const query = useCustomPage(slugOrId ?? pageId ?? pageSlug ?? '');
  const page = query.data?.page;
  useDocumentTitle(query.data?.seo.title);
  const body = useMemo(() => (page ? safeHtml(page.body, baseUri || null) : ''), [page, baseUri]);

  if (query.error) {
    const status = isHttpError(query.error) ? query.error.status : 0;
    if ((status === 401 || status === 403) && !user) return <Navigate to="/login" replace />;
    if (status === 404) return <NotFoundPage />;
  }
  return (
    <div className="site">
      {page?.hide_nav ? null : <Navbar {...chrome.navbar} />}
      <main className="site__content custom-page">
        {query.isPending ? (
          <PageLoader />
        ) : page ? (
          <article className="custom-page__article">
            <h1 className="custom-page__title">{page.title}</h1>
            <div
              className="custom-page__body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (safeHtml) just above, as on the server.
              dangerouslySetInnerHTML={{ __html: body }}
            />
          </article>
        ) : (
          <div className="custom-page__error" role="alert">
            <h1 className="custom-page__title">{t('There was an issue loading this page')}</h1>
            <p>{t('Please try again later')}</p>
          </div>
        )}
      </main>
      {page?.hide_footer ? null : <Footer {...chrome.footer} />}
    </div>
  );
}
