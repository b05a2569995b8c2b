import { type AdminUser, admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { TextField, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFormDialog, useIsDirty } from '../forms/admin-form-dialog';
import { useServerForm } from '../forms/use-server-form';
import { adminQueryKeys } from '../shared/queries';

/** Bans a user with a reason and an optional last day. */
export function BanDialog({
  user,
  onOpenChange,
}: {
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const form = useServerForm(['reason', 'until']);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const ban = useMutation({
    mutationFn: () =>
      http.call(admin.banUser, {
        params: { id: user!.id },
        body: { reason, until: until ? new Date(`${until}T23:59:59.999Z`).toISOString() : null },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.users });
      toast.positive(t('User banned'));
      onOpenChange(false);
    },
    onError: form.report,
  });
  const isDirty = useIsDirty({ reason, until });
  return (
    <AdminFormDialog
      title={t('Ban :name', { name: user?.display_name ?? user?.email ?? '' })}
      isOpen={Boolean(user)}
      onOpenChange={onOpenChange}
      isDirty={isDirty}
      onSubmit={() => ban.mutate()}
      validationErrors={form.validationErrors}
      isPending={ban.isPending}
      submitLabel={t('Ban')}
      submitVariant="danger"
      size="md"
    >
      <TextField
        label={t('Reason')}
        name="reason"
        isRequired
        multiline
        rows={3}
        value={reason}
        onChange={setReason}
      />
      <TextField
        label={t('Banned until')}
        description={t('Leave empty to ban until the ban is lifted.')}
        name="until"
        type="date"
        value={until}
        onChange={setUntil}
      />
    </AdminFormDialog>
  );
}
