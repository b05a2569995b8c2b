import type { PermissionInfo } from '@backline/core/contract';
import { Checkbox, Skeleton } from '@backline/ui';
import { CheckboxGroup, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useAllPermissions } from '../shared/queries';

/** Permissions by module (the part of the name before the first dot), modules and names in order. */
export function groupPermissions(
  permissions: readonly PermissionInfo[],
): [group: string, PermissionInfo[]][] {
  const groups = new Map<string, PermissionInfo[]>();
  for (const permission of permissions) {
    const list = groups.get(permission.group) ?? [];
    list.push(permission);
    groups.set(permission.group, list);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

export interface PermissionsEditorProps {
  label: string;
  /** The chosen permission names. */
  value: string[];
  onChange: (value: string[]) => void;
  errorMessage?: string | undefined;
}

/**
 * Picks permissions from every permission the installed modules define, grouped by module, each with its
 * description and the restrictions it understands.
 */
export function PermissionsEditor({ label, value, onChange, errorMessage }: PermissionsEditorProps) {
  const { t } = useTranslation();
  const permissions = useAllPermissions();
  return (
    <CheckboxGroup
      name="permissions"
      value={value}
      onChange={onChange}
      className="bl-admin-form__group bl-permissions"
      isInvalid={Boolean(errorMessage)}
    >
      <Label className="bl-field__label">{label}</Label>
      {permissions.isPending ? (
        <Skeleton lines={4} />
      ) : (
        groupPermissions(permissions.data ?? []).map(([group, list]) => (
          <fieldset key={group} className="bl-permissions__group">
            <legend className="bl-permissions__legend">{group}</legend>
            {list.map((permission) => (
              <Checkbox
                key={permission.name}
                value={permission.name}
                description={[
                  permission.description,
                  permission.restrictions.length
                    ? t('Restrictions: :list', {
                        list: permission.restrictions.map((r) => r.name).join(', '),
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              >
                {permission.name}
              </Checkbox>
            ))}
          </fieldset>
        ))
      )}
      {errorMessage ? <p className="bl-admin-form__error">{errorMessage}</p> : null}
    </CheckboxGroup>
  );
}
