import type { AdminRole, AdminUser } from '@backline/core/contract';
import { admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Checkbox, Switch, TextField, toast } from '@backline/ui';
import { ImageUploadField } from '@backline/uploads/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { AdminFormDialog, useIsDirty } from '../forms/admin-form-dialog';
import { useServerForm } from '../forms/use-server-form';
import { PermissionsEditor } from '../roles/permissions-editor';
import { adminQueryKeys } from '../shared/queries';
import { SendResetLinkButton } from './send-reset-link';

const FIELDS = [
  'email',
  'password',
  'first_name',
  'last_name',
  'roles',
  'permissions',
  'email_verified',
] as const;

export interface UserFormDialogProps {
  /** The user to edit; without one, the dialog creates a user. */
  user?: AdminUser | null;
  roles: readonly AdminRole[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Create or edit a user: name, email, password (new users), roles, direct permissions, email verified. Editing
 * also offers the avatar (uploaded or removed at once, as on the account page) and "Send password reset link".
 */
export function UserFormDialog({ user, roles, isOpen, onOpenChange }: UserFormDialogProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const form = useServerForm(FIELDS);
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [roleIds, setRoleIds] = useState<string[]>(
    user
      ? user.roles.map((role) => String(role.id))
      : roles.filter((role) => role.default).map((role) => String(role.id)),
  );
  const [permissions, setPermissions] = useState<string[]>(user?.permissions.map((p) => p.name) ?? []);
  const [verified, setVerified] = useState(user ? Boolean(user.email_verified_at) : true);
  const [avatar, setAvatar] = useState(user?.avatar ?? null);
  // The avatar saves by itself, so it is not an unsaved change.
  const isDirty = useIsDirty({ email, password, firstName, lastName, roleIds, permissions, verified });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users });

  const save = useMutation({
    mutationFn: () => {
      const body = {
        email,
        first_name: firstName || null,
        last_name: lastName || null,
        roles: roleIds.map(Number),
        permissions,
        email_verified: verified,
      };
      return user
        ? http.call(admin.updateUser, { params: { id: user.id }, body })
        : http.call(admin.createUser, { body: { ...body, password } });
    },
    onSuccess: () => {
      void refresh();
      toast.positive(user ? t('User updated') : t('User created'));
      onOpenChange(false);
    },
    onError: form.report,
  });

  return (
    <AdminFormDialog
      title={user ? t('Edit user') : t('New user')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDirty={isDirty}
      onSubmit={() => save.mutate()}
      validationErrors={form.validationErrors}
      isPending={save.isPending}
      submitLabel={user ? t('Save') : t('Create')}
      extraActions={user ? <SendResetLinkButton user={user} /> : null}
    >
      {user ? (
        <ImageUploadField
          label={t('Profile image')}
          description={t('Images up to 2 MB.')}
          value={avatar}
          route={admin.uploadUserAvatar}
          params={{ id: user.id }}
          onRemove={async () => {
            await http.call(admin.removeUserAvatar, { params: { id: user.id } });
          }}
          onChange={(url) => {
            setAvatar(url);
            void refresh();
            toast.positive(url ? t('Avatar updated') : t('Avatar removed'));
          }}
        />
      ) : null}
      <TextField
        label={t('Email')}
        name="email"
        type="email"
        isRequired
        value={email}
        onChange={(value) => {
          form.clear();
          setEmail(value);
        }}
      />
      {user ? null : (
        <TextField
          label={t('Password')}
          name="password"
          type="password"
          isRequired
          revealable
          value={password}
          onChange={setPassword}
        />
      )}
      <div className="bl-admin-form__row">
        <TextField label={t('First name')} name="first_name" value={firstName} onChange={setFirstName} />
        <TextField label={t('Last name')} name="last_name" value={lastName} onChange={setLastName} />
      </div>
      <CheckboxGroup
        name="roles"
        value={roleIds}
        onChange={setRoleIds}
        className="bl-admin-form__group"
        isInvalid={Boolean(form.validationErrors.roles)}
      >
        <Label className="bl-field__label">{t('Roles')}</Label>
        <div className="bl-admin-form__choices">
          {roles
            .filter((role) => !role.guests)
            .map((role) => (
              <Checkbox key={role.id} value={String(role.id)}>
                {role.name}
              </Checkbox>
            ))}
        </div>
        {form.validationErrors.roles ? (
          <p className="bl-admin-form__error">{form.validationErrors.roles}</p>
        ) : null}
      </CheckboxGroup>
      <PermissionsEditor
        label={t('Direct permissions')}
        value={permissions}
        onChange={setPermissions}
        errorMessage={form.validationErrors.permissions}
      />
      <Switch isSelected={verified} onChange={setVerified}>
        {t('Email verified')}
      </Switch>
    </AdminFormDialog>
  );
}
