import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type BootstrapStore, createBootstrapStore } from '../bootstrap/bootstrap-store';
import { type CookieSource, defaultCookieSource } from '../cookies/cookies';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http/http-client';
import { queryDefaults } from '../query/query-defaults';
import { createWorkspaceStore, type WorkspaceStore } from '../workspace/workspace';
import { BootstrapContext, CookiesContext, HttpContext, WorkspaceContext } from './contexts';

export interface BacklineProviderProps {
  /** A store to share; by default one is created from the injected bootstrap global. */
  store?: BootstrapStore;
  /** An http client to share; by default one is created over `cookies` and the active workspace. */
  http?: HttpClient;
  /** Options for the http client the provider creates (base URL, retries…); ignored when `http` is given. */
  httpOptions?: HttpClientOptions;
  /** A QueryClient to share; by default one is created with Backline's query defaults. */
  queryClient?: QueryClient;
  /** Where cookies live (theme, workspace, XSRF); the browser's document by default. */
  cookies?: CookieSource;
  children: ReactNode;
}

interface Services {
  store: BootstrapStore;
  http: HttpClient;
  queryClient: QueryClient;
  cookies: CookieSource;
  workspace: WorkspaceStore;
}

/**
 * Provides everything Backline hooks read: the bootstrap store, the http client, the active workspace and
 * a QueryClient with Backline's query defaults (staleTime 30 s; no retry on 401, 403, 404; else 2 retries).
 */
export function BacklineProvider({
  store,
  http,
  httpOptions,
  queryClient,
  cookies,
  children,
}: BacklineProviderProps) {
  // Created once per provider: re-renders must not make a second store, client or query cache.
  const [services] = useState<Services>(() => {
    const cookieSource = cookies ?? defaultCookieSource();
    const workspace = createWorkspaceStore(cookieSource);
    return {
      store: store ?? createBootstrapStore(),
      cookies: cookieSource,
      workspace,
      http:
        http ??
        createHttpClient({ cookies: cookieSource, workspaceId: workspace.getSnapshot, ...httpOptions }),
      queryClient: queryClient ?? new QueryClient({ defaultOptions: queryDefaults() }),
    };
  });
  return (
    <CookiesContext.Provider value={services.cookies}>
      <BootstrapContext.Provider value={services.store}>
        <WorkspaceContext.Provider value={services.workspace}>
          <HttpContext.Provider value={services.http}>
            <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
          </HttpContext.Provider>
        </WorkspaceContext.Provider>
      </BootstrapContext.Provider>
    </CookiesContext.Provider>
  );
}
