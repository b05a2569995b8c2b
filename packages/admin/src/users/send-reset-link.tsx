import { type AdminUser, admin } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../forms/use-server-form';

/**
 * Mails a user the forgot-password reset link (`POST admin/users/{id}/password-reset`): a positive toast when it
 * is on its way, the server's message (a 429 after three a minute, a mail failure) otherwise.
 */
export function useSendResetLink() {
  const { t } = useTranslation();
  const http = useHttp();
  const showError = useErrorToast();
  return useMutation({
    mutationFn: (user: Pick<AdminUser, 'id'>) =>
      http.call(admin.sendPasswordReset, { params: { id: user.id } }),
    onSuccess: () => toast.positive(t('Password reset link sent')),
    onError: showError,
  });
}

/** "Send password reset link", for the user dialog's footer. */
export function SendResetLinkButton({ user }: { user: Pick<AdminUser, 'id'> }) {
  const { t } = useTranslation();
  const send = useSendResetLink();
  return (
    <Button variant="text" isPending={send.isPending} onPress={() => send.mutate(user)}>
      {t('Send password reset link')}
    </Button>
  );
}
