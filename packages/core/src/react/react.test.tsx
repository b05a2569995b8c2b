import type { RunningServer } from '@internal/testing';
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBootstrapStore, EMPTY_BOOTSTRAP } from '../bootstrap/bootstrap-store';
import type { BootstrapData, Theme } from '../bootstrap/types';
import { createMemoryCookies, getCookie } from '../cookies/cookies';
import type { HttpClient } from '../http/http-client';
import { shouldRetryQuery } from '../query/query-defaults';
import { cookieFetch, type Echo, startEchoServer } from '../test-support/test-server';
import {
  BacklineProvider,
  type BacklineProviderProps,
  type ThemeState,
  useBootstrap,
  useCan,
  useHttp,
  useSettings,
  useTheme,
  useUser,
  useWorkspace,
  type WorkspaceState,
} from './index';

let server: RunningServer;
beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(() => server?.close());

const theme = (id: number, is_dark: boolean): Theme => ({
  id,
  name: is_dark ? 'Dark' : 'Light',
  is_dark,
  default_light: !is_dark,
  default_dark: is_dark,
  colors: {},
});

const data: BootstrapData = {
  ...EMPTY_BOOTSTRAP,
  user: { id: 5, email: 'ada@example.com', display_name: 'Ada', permissions: [{ name: 'music.upload' }] },
  settings: { branding: { site_name: 'Night Owl Radio' }, themes: { user_change: true, default_id: 1 } },
  themes: { all: [theme(1, false), theme(2, true)], selectedThemeId: null },
};

/** Calls the hooks under test; a component of its own, so the hooks run inside the provider. */
function Probe({ run }: { run: () => ReactNode }) {
  return <>{run()}</>;
}

/** Renders `probe` inside the provider (server rendering: there is no DOM in these tests). */
function render(probe: () => ReactNode, props: Omit<BacklineProviderProps, 'children'> = {}): string {
  return renderToString(
    <BacklineProvider store={createBootstrapStore(data)} cookies={createMemoryCookies()} {...props}>
      <Probe run={probe} />
    </BacklineProvider>,
  );
}

describe('BacklineProvider', () => {
  it('creates a QueryClient with the Backline query defaults', () => {
    let defaults: ReturnType<QueryClient['getDefaultOptions']> | undefined;
    render(() => {
      defaults = useQueryClient().getDefaultOptions();
      return null;
    });
    expect(defaults?.queries?.staleTime).toBe(30_000);
    expect(defaults?.queries?.retry).toBe(shouldRetryQuery);
  });

  it('uses a QueryClient it is given', () => {
    const client = new QueryClient();
    let seen: QueryClient | undefined;
    render(
      () => {
        seen = useQueryClient();
        return null;
      },
      { queryClient: client },
    );
    expect(seen).toBe(client);
  });

  it('starts from the injected window global when given no store', () => {
    const global = globalThis as { bootstrapData?: string };
    global.bootstrapData = JSON.stringify({ ...data, settings: { branding: { site_name: 'Injected' } } });
    try {
      const html = renderToString(
        <BacklineProvider cookies={createMemoryCookies()}>
          <SiteName />
        </BacklineProvider>,
      );
      expect(html).toBe('<h1>Injected</h1>');
    } finally {
      delete global.bootstrapData;
    }
  });

  it('shares the store through useBootstrap, useUser, useSettings and useCan', () => {
    const html = render(() => {
      const user = useUser();
      return (
        <p>
          {useBootstrap().user?.id}|{user?.display_name}|{useSettings<string>('branding.site_name')}|
          {String(useCan('music.upload'))}|{String(useCan('admin.access'))}|
          {Object.keys(useSettings()).join(',')}|{useSettings('branding.logo_dark', 'none')}
        </p>
      );
    });
    expect(html.replace(/<!-- -->/g, '')).toBe(
      '<p>5|Ada|Night Owl Radio|true|false|branding,themes|none</p>',
    );
  });

  it('provides an http client wired to the cookies and the active workspace', async () => {
    const cookies = createMemoryCookies();
    let http: HttpClient | undefined;
    let workspace: WorkspaceState | undefined;
    render(
      () => {
        http = useHttp();
        workspace = useWorkspace();
        return null;
      },
      { cookies, httpOptions: { baseUrl: server.url, fetch: cookieFetch(cookies) } },
    );
    expect(workspace?.workspaceId).toBe(0);
    workspace?.setWorkspaceId(9);
    expect(getCookie('activeWorkspaceId', cookies)).toBe('9');
    await http?.get('echo'); // sets the XSRF cookie in the shared jar
    const seen = await http!.post<Echo>('echo', {});
    expect(seen.query.workspaceId).toBe('9');
    expect(seen.headers['x-xsrf-token']).toBe(getCookie('XSRF-TOKEN', cookies));
  });

  it('uses an http client it is given', () => {
    const given = { get: () => Promise.resolve('given') } as unknown as HttpClient;
    let seen: HttpClient | undefined;
    render(
      () => {
        seen = useHttp();
        return null;
      },
      { http: given },
    );
    expect(seen).toBe(given);
  });

  it('throws a clear error for hooks used outside the provider', () => {
    expect(() => renderToString(<SiteName />)).toThrow(/inside <BacklineProvider>/);
  });
});

describe('useTheme', () => {
  it('answers the active theme and toggles and chooses through the cookie and the store', () => {
    const cookies = createMemoryCookies();
    const store = createBootstrapStore(data);
    let state: ThemeState | undefined;
    const probe = () => {
      state = useTheme();
      return null;
    };
    render(probe, { store, cookies });
    expect(state?.theme?.id).toBe(1);
    expect(state?.isDark).toBe(false);
    expect(state?.canChange).toBe(true);
    expect(state?.themes.map((t) => t.id)).toEqual([1, 2]);

    state?.toggle();
    expect(getCookie('be-active-theme', cookies)).toBe('2');
    render(probe, { store, cookies });
    expect(state?.theme?.id).toBe(2);
    expect(state?.isDark).toBe(true);

    state?.choose(1);
    render(probe, { store, cookies });
    expect(state?.theme?.id).toBe(1);
  });

  it('keeps the default theme when users may not change it', () => {
    const cookies = createMemoryCookies();
    const store = createBootstrapStore({
      ...data,
      settings: { themes: { user_change: false, default_id: 2 } },
    });
    let state: ThemeState | undefined;
    const probe = () => {
      state = useTheme();
      return null;
    };
    render(probe, { store, cookies });
    expect(state?.canChange).toBe(false);
    state?.toggle();
    render(probe, { store, cookies });
    expect(state?.theme?.id).toBe(2);
    expect(getCookie('be-active-theme', cookies)).toBeUndefined();
  });
});

describe('useWorkspace', () => {
  it('reads the activeWorkspaceId cookie, default 0', () => {
    let state: WorkspaceState | undefined;
    const probe = () => {
      state = useWorkspace();
      return null;
    };
    render(probe, { cookies: createMemoryCookies({ activeWorkspaceId: '3' }) });
    expect(state?.workspaceId).toBe(3);
    render(probe, { cookies: createMemoryCookies() });
    expect(state?.workspaceId).toBe(0);
  });
});

function SiteName() {
  return <h1>{useSettings<string>('branding.site_name')}</h1>;
}
