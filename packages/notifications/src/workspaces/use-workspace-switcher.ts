import { workspaces } from '@backline/core/contract';
import { useWorkspace } from '@backline/core/react';
import type { NavbarWorkspaces } from '@backline/ui';
import { useMemo } from 'react';
import { useSwitchWorkspace, useWorkspaces } from './queries';

/**
 * The navbar's workspace switcher (`<Navbar workspaces={…}>`): the user's workspaces, the active one, and a
 * switch that stores the choice in the `activeWorkspaceId` cookie and refetches what the site shows. Null for
 * visitors. Until the list arrives, the Default workspace stands in.
 */
export function useWorkspaceSwitcher(options: {
  signedIn: boolean;
  manageHref?: string;
}): NavbarWorkspaces | null {
  const list = useWorkspaces(options.signedIn);
  const { workspaceId } = useWorkspace();
  const switchTo = useSwitchWorkspace();
  return useMemo(
    () =>
      options.signedIn
        ? {
            items: list.data ?? [workspaces.DEFAULT_WORKSPACE],
            activeId: workspaceId,
            onSelect: switchTo,
            ...(options.manageHref && { manageHref: options.manageHref }),
          }
        : null,
    [options.signedIn, options.manageHref, list.data, workspaceId, switchTo],
  );
}
