import { type PermissionInfo, type RestrictionDefinition, restrictionField } from '@backline/core/contract';
import { Checkbox, Skeleton, Switch, TextField } from '@backline/ui';
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

/**
 * Restriction values as the editor holds them: by permission, then by restriction name; numbers and texts as
 * typed, switches as booleans. An empty text means "no limit".
 */
export type RestrictionValues = Record<string, Record<string, string | boolean>>;

/** The editor's values from what a role holds (`[{name, restrictions: [{name, value}]}]`). */
export function restrictionValuesOf(
  permissions: readonly { name: string; restrictions?: { name: string; value?: unknown }[] | undefined }[],
): RestrictionValues {
  return Object.fromEntries(
    permissions.map((permission) => [
      permission.name,
      Object.fromEntries(
        (permission.restrictions ?? []).map((restriction) => [
          restriction.name,
          typeof restriction.value === 'boolean' ? restriction.value : String(restriction.value ?? ''),
        ]),
      ),
    ]),
  );
}

/**
 * The restrictions to send for one permission: every defined one the editor holds a value for. A number that
 * reads as a whole number is sent as one; anything else is sent as typed, and the server says what is wrong with
 * it on the field.
 */
export function restrictionsInput(
  definitions: readonly RestrictionDefinition[],
  values: Record<string, string | boolean> | undefined,
): { name: string; value: unknown }[] {
  return definitions.flatMap((definition): { name: string; value: unknown }[] => {
    const value = values?.[definition.name];
    if (value === undefined || value === '') return [];
    if (typeof value === 'string' && (definition.type ?? 'number') === 'number')
      return [{ name: definition.name, value: /^-?\d+$/.test(value.trim()) ? Number(value) : value }];
    return [{ name: definition.name, value }];
  });
}

export interface PermissionsEditorProps {
  label: string;
  /** The chosen permission names. */
  value: string[];
  onChange: (value: string[]) => void;
  errorMessage?: string | undefined;
  /**
   * Restriction values of the chosen permissions. With `onRestrictionsChange`, each chosen permission that
   * understands restrictions shows a field per restriction (named `restrictions.<permission>.<name>`, so server
   * errors land on it).
   */
  restrictions?: RestrictionValues;
  onRestrictionsChange?: (value: RestrictionValues) => void;
  /** Field errors of the form, for the restriction errors that name a permission but no restriction. */
  validationErrors?: Record<string, string>;
}

/**
 * Picks permissions from every permission the installed modules define, grouped by module, each with its
 * description, and (for a role) the values of the restrictions it understands.
 */
export function PermissionsEditor({
  label,
  value,
  onChange,
  errorMessage,
  restrictions,
  onRestrictionsChange,
  validationErrors,
}: PermissionsEditorProps) {
  const { t } = useTranslation();
  const permissions = useAllPermissions();
  const setRestriction = (permission: string, name: string, next: string | boolean) =>
    onRestrictionsChange?.({
      ...restrictions,
      [permission]: { ...restrictions?.[permission], [name]: next },
    });
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
            {list.map((permission) => {
              const editable =
                onRestrictionsChange && permission.restrictions.length > 0 && value.includes(permission.name);
              const ownError = validationErrors?.[restrictionField(permission.name)];
              return (
                <div key={permission.name} className="bl-permissions__item">
                  <Checkbox
                    value={permission.name}
                    description={[
                      permission.description,
                      permission.restrictions.length && !editable
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
                  {editable ? (
                    <div className="bl-permissions__restrictions">
                      {permission.restrictions.map((definition) => (
                        <RestrictionField
                          key={definition.name}
                          permission={permission.name}
                          definition={definition}
                          value={restrictions?.[permission.name]?.[definition.name]}
                          onChange={(next) => setRestriction(permission.name, definition.name, next)}
                        />
                      ))}
                      {ownError ? (
                        <p className="bl-admin-form__error" role="alert">
                          {ownError}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))
      )}
      {errorMessage ? <p className="bl-admin-form__error">{errorMessage}</p> : null}
    </CheckboxGroup>
  );
}

/** One restriction's value: a switch, or a text or number field (empty: no limit). */
function RestrictionField({
  permission,
  definition,
  value,
  onChange,
}: {
  permission: string;
  definition: RestrictionDefinition;
  value: string | boolean | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useTranslation();
  const name = restrictionField(permission, definition.name);
  const label = t(':restriction (:permission)', { restriction: definition.name, permission });
  if (definition.type === 'boolean')
    return (
      <Switch
        name={name}
        isSelected={value === true}
        onChange={onChange}
        description={definition.description ?? undefined}
      >
        {label}
      </Switch>
    );
  const isNumber = (definition.type ?? 'number') === 'number';
  return (
    <TextField
      label={label}
      name={name}
      inputMode={isNumber ? 'numeric' : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      description={[definition.description, isNumber ? t('Leave empty for no limit.') : null]
        .filter(Boolean)
        .join(' · ')}
    />
  );
}
