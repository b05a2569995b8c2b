import { type AdminRole, admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Dialog, Form, Switch, TextField, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerForm } from '../forms/use-server-form';
import { adminQueryKeys } from '../shared/queries';
import { PermissionsEditor } from './permissions-editor';

/** Create or edit a role: name, description, whether new users get it, and its permissions. */
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
  const form = useServerForm(['name', 'description', 'default', 'permissions']);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setDefault] = useState(role?.default ?? false);
  // Restriction values already set on the role are kept for permissions that stay.
  const [permissions, setPermissions] = useState<string[]>(role?.permissions.map((p) => p.name) ?? []);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        description: description || null,
        default: isDefault,
        permissions: permissions.map(
          (permission) => role?.permissions.find((held) => held.name === permission) ?? { name: permission },
        ),
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog
      title={role ? t('Edit role') : t('New role')}
      isOpen
      onOpenChange={onOpenChange}
      isDismissable={false}
      size="lg"
    >
      <Form
        validationBehavior="aria"
        validationErrors={form.validationErrors}
        onSubmit={onSubmit}
        className="bl-admin-form"
      >
        <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
        <TextField
          label={t('Description')}
          name="description"
          value={description}
          onChange={setDescription}
        />
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
        />
        <div className="bl-admin-form__footer">
          <Button variant="outline" onPress={() => onOpenChange(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {role ? t('Save') : t('Create')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
