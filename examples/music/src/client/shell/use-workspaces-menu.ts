import { workspaces } from '@backline/core/contract';
import { useHttp, useWorkspace } from '@backline/core/react';
import type { NavbarWorkspaces } from '@backline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

/**
 * The account menu's workspace switcher, for the navbar of every frame. The same as `useWorkspaceSwitcher` of
 * @backline/notifications (and the same query key, so they share the list), written against the core alone so
 * the first chunk does not carry the notifications package: the bell and the pages load it lazily.
 */
export function useWorkspacesMenu(signedIn: boolean): NavbarWorkspaces | null {
  const http = useHttp();
  const client = useQueryClient();
  const { workspaceId, setWorkspaceId } = useWorkspace();
  const list = useQuery({
    queryKey: ['workspaces', 'list'],
    queryFn: ({ signal }) => http.call(workspaces.list, { signal }).then((answer) => answer.workspaces),
    enabled: signedIn,
  });
  const onSelect = useCallback(
    (id: number) => {
      setWorkspaceId(id);
      // What the site shows (playlists) depends on the workspace: refetch everything.
      void client.invalidateQueries();
    },
    [setWorkspaceId, client],
  );
  return useMemo(
    () =>
      // Only for members of a workspace beyond the Default one: everyone else keeps the account menu exactly as
      // the spec lists it (Account settings, Profile page, Dark mode, Log out).
      signedIn && (list.data?.length ?? 0) > 1
        ? {
            items: list.data ?? [],
            activeId: workspaceId,
            onSelect,
            manageHref: '/workspaces',
          }
        : null,
    [signedIn, list.data, workspaceId, onSelect],
  );
}
