import { type AdminUser, admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Dialog, Form, TextField, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    ban.mutate();
  };
  return (
    <Dialog
      title={t('Ban :name', { name: user?.display_name ?? user?.email ?? '' })}
      isOpen={Boolean(user)}
      onOpenChange={onOpenChange}
      isDismissable={false}
    >
      <Form
        validationBehavior="aria"
        validationErrors={form.validationErrors}
        onSubmit={onSubmit}
        className="bl-admin-form"
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
        <div className="bl-admin-form__footer">
          <Button variant="outline" onPress={() => onOpenChange(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="danger" isPending={ban.isPending}>
            {t('Ban')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
