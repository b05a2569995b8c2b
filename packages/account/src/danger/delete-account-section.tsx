import { applyBootstrapAnswer } from '@backline/core';
import { account } from '@backline/core/contract';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { AlertDialog, Button, toast } from '@backline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountSection } from '../shared/account-section';
import { toastError } from '../shared/feedback';
import { usePasswordConfirmation } from '../shared/password-confirmation';

/**
 * Danger zone: deletes the account after a confirmation (`DELETE users/{id}?deleteCurrentUser=true`). The server
 * needs the password confirmed in the last 9000 seconds, as for other sensitive actions, so "Delete account" first
 * asks for it through the confirm-password dialog when that window has lapsed; a cancelled dialog deletes nothing.
 * The answer's guest bootstrap data replaces the store, cached data is dropped, "Account deleted." shows,
 * and the app goes to `afterDeletePath`.
 */
export function DeleteAccountSection({
  userId,
  afterDeletePath = '/login',
}: {
  userId: number;
  afterDeletePath?: string;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const store = useBootstrapStore();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  const confirmation = usePasswordConfirmation();

  const remove = async () => {
    setPending(true);
    try {
      const answer = await http.call(account.destroy, {
        params: { id: userId },
        query: { deleteCurrentUser: true },
      });
      applyBootstrapAnswer(store, answer);
      client.clear();
      toast.positive(t('Account deleted.'));
      navigate(afterDeletePath, { replace: true });
    } catch (error) {
      toastError(error, t);
      throw error;
    } finally {
      setPending(false);
    }
  };

  return (
    <AccountSection
      id="delete-account"
      tone="danger"
      title={t('Danger zone')}
      description={t(
        'Once you delete your account, all of its resources and data will be permanently deleted. Before deleting your account, please download any data or information that you wish to retain.',
      )}
    >
      <div className="bl-account-actions">
        <Button
          variant="danger"
          onPress={async () => {
            try {
              if (await confirmation.confirm()) setOpen(true);
            } catch (error) {
              toastError(error, t);
            }
          }}
        >
          {t('Delete account')}
        </Button>
      </div>
      <AlertDialog
        title={t('Delete account?')}
        variant="danger"
        confirmLabel={t('Delete account')}
        isOpen={isOpen}
        onOpenChange={setOpen}
        isPending={isPending}
        onConfirm={remove}
      >
        <p className="bl-account-text">
          {t(
            'Your account will be deleted immediately and permanently. Once deleted, accounts can not be restored.',
          )}
        </p>
      </AlertDialog>
      {confirmation.dialog}
    </AccountSection>
  );
}
