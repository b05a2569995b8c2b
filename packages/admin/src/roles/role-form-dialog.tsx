import { type AdminRole, admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Switch, TextField, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFormDialog, useIsDirty } from '../forms/admin-form-dialog';
import { useServerForm } from '../forms/use-server-form';
import { adminQueryKeys, useAllPermissions } from '../shared/queries';
import {
  PermissionsEditor,
  type RestrictionValues,
  restrictionsInput,
  restrictionValuesOf,
} from './permissions-editor';

/** Create or edit a role: name, description, whether new users get it, its permissions and their restrictions. */
export function RoleFormDialog({
  role,
  onOpenChange,
}: {
  role: AdminRole | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const definitions = useAllPermissions();
  const form = useServerForm(['name', 'description', 'default', 'permissions', 'restrictions.*']);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setDefault] = useState(role?.default ?? false);
  const [permissions, setPermissions] = useState<string[]>(role?.permissions.map((p) => p.name) ?? []);
  const [restrictions, setRestrictions] = useState<RestrictionValues>(() =>
    restrictionValuesOf(role?.permissions ?? []),
  );
  const isDirty = useIsDirty({ name, description, isDefault, permissions, restrictions });
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        description: description || null,
        default: isDefault,
        permissions: permissions.map((permission) => {
          const known = definitions.data?.find((info) => info.name === permission)?.restrictions;
          // Until the definitions load, the values the role already holds go back unchanged.
          const held = role?.permissions.find((p) => p.name === permission)?.restrictions ?? [];
          return {
            name: permission,
            restrictions: known ? restrictionsInput(known, restrictions[permission]) : held,
          };
        }),
      };
      return role
        ? http.call(admin.updateRole, { params: { id: role.id }, body })
        : http.call(admin.createRole, { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.roles });
      toast.positive(role ? t('Role updated') : t('Role created'));
      onOpenChange(false);
    },
    onError: form.report,
  });
  return (
    <AdminFormDialog
      title={role ? t('Edit role') : t('New role')}
      onOpenChange={onOpenChange}
      isDirty={isDirty}
      onSubmit={() => save.mutate()}
      validationErrors={form.validationErrors}
      isPending={save.isPending}
      submitLabel={role ? t('Save') : t('Create')}
    >
      <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
      <TextField label={t('Description')} name="description" value={description} onChange={setDescription} />
      {role?.guests ? null : (
        <Switch
          isSelected={isDefault}
          onChange={setDefault}
          description={t('Every new user gets this role.')}
        >
          {t('Default role')}
        </Switch>
      )}
      <PermissionsEditor
        label={t('Permissions')}
        value={permissions}
        onChange={setPermissions}
        errorMessage={form.validationErrors.permissions}
        restrictions={restrictions}
        onRestrictionsChange={(next) => {
          form.clear();
          setRestrictions(next);
        }}
        validationErrors={form.validationErrors}
      />
    </AdminFormDialog>
  );
}
