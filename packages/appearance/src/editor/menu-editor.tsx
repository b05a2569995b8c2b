import type { Menu, MenuItem } from '@backline/core';
import { appearance } from '@backline/core/contract';
import {
  AlertDialog,
  Button,
  Checkbox,
  Dialog,
  IconButton,
  ListItem,
  Select,
  Switch,
  TextField,
} from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { menuHolding, newMenu } from './appearance-draft';

export interface RoleOption {
  id: number;
  name: string;
}

export interface MenuEditorProps {
  menus: Menu[];
  onChange(menus: Menu[]): void;
  /** The roles an item can be limited to. */
  roles: RoleOption[];
  /** The menu shown first (its id). */
  defaultMenuId?: Menu['id'];
  /** The positions a menu can be placed at; the shipped ones (`appearance.MENU_POSITIONS`) by default. */
  positions?: readonly string[];
}

/** The names the editor shows for the shipped positions; a product's own position shows as it is spelled. */
export const MENU_POSITION_LABELS: Readonly<Record<string, string>> = {
  navbar: 'Navbar',
  footer: 'Footer',
  'footer-secondary': 'Footer (secondary)',
  'auth-dropdown': 'Account menu',
  'auth-page-footer': 'Sign-in pages footer',
  'admin-sidebar': 'Admin sidebar',
  'music-sidebar': 'Music sidebar',
};

const newItemId = () => `item-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Edits the site's menus: create, rename, place at positions (one menu per position: a position shows one menu),
 * delete; and one menu's items: add, edit, remove, and reorder by dragging or by keyboard. The list is
 * react-aria-components' GridList with `useDragAndDrop`: a keyboard user focuses an item's drag handle, presses
 * Enter, moves to the drop position with the arrow keys and presses Enter again; screen readers hear each step.
 */
export function MenuEditor({
  menus,
  onChange,
  roles,
  defaultMenuId,
  positions = appearance.MENU_POSITIONS,
}: MenuEditorProps) {
  const { t } = useTranslation();
  const [menuId, setMenuId] = useState<Menu['id'] | undefined>(defaultMenuId ?? menus[0]?.id);
  const [editing, setEditing] = useState<MenuItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const menu = menus.find((candidate) => candidate.id === menuId) ?? menus[0];

  const changeMenu = (patch: Partial<Menu>) => {
    if (!menu) return;
    onChange(menus.map((candidate) => (candidate.id === menu.id ? { ...candidate, ...patch } : candidate)));
  };
  const setItems = (items: MenuItem[]) => changeMenu({ items });
  const addMenu = () => {
    const created = newMenu(menus, t('New menu'));
    onChange([...menus, created]);
    setMenuId(created.id);
  };
  const togglePosition = (position: string, on: boolean) => {
    if (!menu) return;
    changeMenu({
      positions: on
        ? [...menu.positions.filter((candidate) => candidate !== position), position]
        : menu.positions.filter((candidate) => candidate !== position),
    });
  };
  // Positions of the stored menus the server no longer lists stay visible, so they can be unticked.
  const shownPositions = [...new Set([...positions, ...(menu?.positions ?? [])])];
  const items = menu?.items ?? [];

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    // Only reordering inside this list: the dragged items move before or after the drop target.
    onReorder(event) {
      const moving = items.filter((item) => event.keys.has(String(item.id)));
      const rest = items.filter((item) => !event.keys.has(String(item.id)));
      const targetIndex = rest.findIndex((item) => String(item.id) === String(event.target.key));
      const at = event.target.dropPosition === 'before' ? targetIndex : targetIndex + 1;
      setItems([...rest.slice(0, at), ...moving, ...rest.slice(at)]);
    },
  });

  const save = (item: MenuItem) => {
    const exists = items.some((candidate) => candidate.id === item.id);
    setItems(
      exists ? items.map((candidate) => (candidate.id === item.id ? item : candidate)) : [...items, item],
    );
    setEditing(null);
  };

  return (
    <div className="bl-appearance-menus">
      <div className="bl-appearance-menus__picker">
        <Select
          label={t('Menu')}
          selectedKey={menu ? String(menu.id) : null}
          onSelectionChange={(key) => setMenuId(menus.find((candidate) => String(candidate.id) === key)?.id)}
          items={menus.map((candidate) => ({
            id: String(candidate.id),
            name: candidate.name || String(candidate.id),
          }))}
        >
          {(option) => <ListItem id={option.id}>{option.name}</ListItem>}
        </Select>
        <Button variant="outline" size="sm" onPress={addMenu}>
          {t('New menu')}
        </Button>
      </div>
      {menu ? (
        <>
          <TextField
            label={t('Menu name')}
            value={menu.name ?? ''}
            onChange={(name) => changeMenu({ name })}
            errorMessage={menu.name?.trim() ? undefined : t('This field is required.')}
          />
          <fieldset className="bl-appearance-fieldset">
            <legend>{t('Show this menu in')}</legend>
            {shownPositions.map((position) => {
              const holder = menuHolding(menus, position, menu.id);
              return (
                <Checkbox
                  key={position}
                  isSelected={menu.positions.includes(position)}
                  // A position shows one menu: move it here by first taking it off the other one.
                  isDisabled={Boolean(holder)}
                  description={
                    holder ? t('Used by :name', { name: holder.name || String(holder.id) }) : undefined
                  }
                  onChange={(on) => togglePosition(position, on)}
                >
                  {MENU_POSITION_LABELS[position] ? t(MENU_POSITION_LABELS[position]) : position}
                </Checkbox>
              );
            })}
          </fieldset>
        </>
      ) : (
        <p className="bl-appearance-muted">{t('There are no menus yet.')}</p>
      )}
      <GridList
        aria-label={t('Menu items')}
        className="bl-appearance-menus__list"
        items={items.map((item) => ({ ...item, key: String(item.id) }))}
        dragAndDropHooks={dragAndDropHooks}
        renderEmptyState={() => <p className="bl-appearance-muted">{t('This menu has no items yet.')}</p>}
      >
        {(item) => (
          <GridListItem id={item.key} textValue={item.label} className="bl-appearance-menus__item">
            <AriaButton slot="drag" className="bl-appearance-menus__handle" aria-label={t('Reorder')}>
              <GripIcon />
            </AriaButton>
            <span className="bl-appearance-menus__text">
              <span className="bl-appearance-menus__label">{item.label}</span>
              <span className="bl-appearance-muted">
                {item.action}
                {item.roles?.length ? ` · ${t('Limited to roles')}` : ''}
              </span>
            </span>
            <Button
              size="sm"
              variant="text"
              onPress={() => setEditing(item)}
              aria-label={t('Edit :name', { name: item.label })}
            >
              {t('Edit')}
            </Button>
            <IconButton
              size="sm"
              aria-label={t('Remove :name', { name: item.label })}
              onPress={() => setItems(items.filter((candidate) => candidate.id !== item.id))}
            >
              <TrashIcon />
            </IconButton>
          </GridListItem>
        )}
      </GridList>
      <div className="bl-appearance-menus__actions">
        <Button variant="outline" size="sm" onPress={() => setEditing('new')} isDisabled={!menu}>
          {t('Add item')}
        </Button>
        {menu ? (
          <Button variant="text" size="sm" onPress={() => setDeleting(true)}>
            {t('Delete menu')}
          </Button>
        ) : null}
      </div>
      {deleting && menu ? (
        <AlertDialog
          isOpen
          onOpenChange={(open) => (open ? undefined : setDeleting(false))}
          title={t('Delete menu')}
          variant="danger"
          confirmLabel={t('Delete')}
          onConfirm={() => {
            const rest = menus.filter((candidate) => candidate.id !== menu.id);
            onChange(rest);
            setMenuId(rest[0]?.id);
            setDeleting(false);
          }}
          onCancel={() => setDeleting(false)}
        >
          {t('Delete “:name”? It goes when you save.', { name: menu.name || String(menu.id) })}
        </AlertDialog>
      ) : null}
      {editing ? (
        <MenuItemDialog
          item={editing === 'new' ? null : editing}
          roles={roles}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function MenuItemDialog({
  item,
  roles,
  onSave,
  onClose,
}: {
  item: MenuItem | null;
  roles: RoleOption[];
  onSave(item: MenuItem): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(item?.label ?? '');
  const [type, setType] = useState<MenuItem['type']>(item?.type ?? 'route');
  const [action, setAction] = useState(item?.action ?? '');
  const [newTab, setNewTab] = useState(item?.target === '_blank');
  const [roleIds, setRoleIds] = useState<number[]>(item?.roles ?? []);
  const [permissions, setPermissions] = useState((item?.permissions ?? []).join(', '));
  const [errors, setErrors] = useState<{ label?: string; action?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!label.trim()) next.label = t('This field is required.');
    if (!action.trim()) next.action = t('This field is required.');
    else if (type === 'route' && !action.startsWith('/')) next.action = t('A route starts with /.');
    else if (type === 'link' && !/^https?:\/\//.test(action))
      next.action = t('Enter a full URL starting with https://.');
    setErrors(next);
    if (Object.keys(next).length) return;
    onSave({
      id: item?.id ?? newItemId(),
      label: label.trim(),
      type,
      action: action.trim(),
      target: newTab ? '_blank' : null,
      roles: roleIds,
      permissions: permissions
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
      ...(item?.icon ? { icon: item.icon } : {}),
    });
  };

  return (
    <Dialog
      title={item ? t('Edit menu item') : t('Add menu item')}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <form className="bl-appearance-form" onSubmit={submit} noValidate>
        <TextField
          label={t('Label')}
          value={label}
          onChange={setLabel}
          errorMessage={errors.label}
          autoFocus
        />
        <Select
          label={t('Type')}
          selectedKey={type}
          onSelectionChange={(key) => setType(key === 'link' ? 'link' : 'route')}
        >
          <ListItem id="route">{t('Page of this site')}</ListItem>
          <ListItem id="link">{t('External link')}</ListItem>
        </Select>
        <TextField
          label={type === 'route' ? t('Path') : t('URL')}
          value={action}
          onChange={setAction}
          errorMessage={errors.action}
          placeholder={type === 'route' ? '/pricing' : 'https://'}
        />
        <Switch isSelected={newTab} onChange={setNewTab}>
          {t('Open in a new tab')}
        </Switch>
        <fieldset className="bl-appearance-fieldset">
          <legend>{t('Only for these roles')}</legend>
          {roles.map((role) => (
            <Checkbox
              key={role.id}
              isSelected={roleIds.includes(role.id)}
              onChange={(on) =>
                setRoleIds((current) => (on ? [...current, role.id] : current.filter((id) => id !== role.id)))
              }
            >
              {role.name}
            </Checkbox>
          ))}
        </fieldset>
        <TextField
          label={t('Only with these permissions')}
          description={t('Comma-separated permission names, such as music.view.')}
          value={permissions}
          onChange={setPermissions}
        />
        <div className="bl-appearance-form__actions">
          <Button variant="outline" onPress={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit">{item ? t('Apply') : t('Add')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path
        d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
