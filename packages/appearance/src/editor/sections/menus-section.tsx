import { admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { useQuery } from '@tanstack/react-query';
import { useAppearanceEditor } from '../editor-context';
import { MenuEditor } from '../menu-editor';

/**
 * The site's menus (create, rename, place, delete, and their items), with the positions the server allows and the
 * roles an item can be limited to (`GET admin/roles`; none without roles.view).
 */
export function MenusSection() {
  const http = useHttp();
  const { draft, setMenus, menuPositions } = useAppearanceEditor();
  const roles = useQuery({
    queryKey: ['admin', 'appearance', 'roles'],
    queryFn: ({ signal }) => http.call(admin.listRoles, { query: { perPage: 100 }, signal }),
  });
  const options = (roles.data?.pagination.data ?? []).map((role) => ({ id: role.id, name: role.name }));
  return <MenuEditor menus={draft.menus} onChange={setMenus} roles={options} positions={menuPositions} />;
}
