import type { Menu, MenuItem } from '@backline/core';
import { Button, Checkbox, Dialog, IconButton, ListItem, Select, Switch, TextField } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

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
}

const newItemId = () => `item-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Edits the items of one menu: add, edit, remove, and reorder by dragging or by keyboard. The list is
 * react-aria-components' GridList with `useDragAndDrop`: a keyboard user focuses an item's drag handle, presses
 * Enter, moves to the drop position with the arrow keys and presses Enter again; screen readers hear each step.
 */
export function MenuEditor({ menus, onChange, roles, defaultMenuId }: MenuEditorProps) {
  const { t } = useTranslation();
  const [menuId, setMenuId] = useState<Menu['id'] | undefined>(defaultMenuId ?? menus[0]?.id);
  const [editing, setEditing] = useState<MenuItem | 'new' | null>(null);
  const menu = menus.find((candidate) => candidate.id === menuId) ?? menus[0];

  const setItems = (items: MenuItem[]) => {
    if (!menu) return;
    onChange(menus.map((candidate) => (candidate.id === menu.id ? { ...candidate, items } : candidate)));
  };
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
      <Select
        label={t('Menu')}
        selectedKey={menu ? String(menu.id) : null}
        onSelectionChange={(key) => setMenuId(menus.find((candidate) => String(candidate.id) === key)?.id)}
        items={menus.map((candidate) => ({
          id: String(candidate.id),
          name: candidate.name ?? String(candidate.id),
        }))}
      >
        {(option) => <ListItem id={option.id}>{option.name}</ListItem>}
      </Select>
      {menu ? (
        <p className="bl-appearance-muted">
          {t('Shown in: :positions', { positions: menu.positions.join(', ') || '—' })}
        </p>
      ) : null}
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
      <Button variant="outline" size="sm" onPress={() => setEditing('new')} isDisabled={!menu}>
        {t('Add item')}
      </Button>
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
