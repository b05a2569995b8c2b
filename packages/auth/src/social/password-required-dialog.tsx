import { useHttp } from '@backline/core/react';
import { useTranslation } from 'react-i18next';
import { loadContract } from '../shared/auth-routes';
import { PasswordPromptDialog } from '../shared/password-prompt-dialog';
import type { SocialConnectAnswer } from '../shared/types';

export type { SocialConnectAnswer };

export interface PasswordRequiredDialogProps {
  isOpen: boolean;
  /** The existing account's address, shown so the user knows which password is meant. */
  email?: string;
  /** The accounts were linked; the answer carries the new bootstrap data. */
  onConnected(answer: SocialConnectAnswer): void;
  onCancel(): void;
}

/**
 * The password-required dialog of a social sign-in (spec accounts §2): an account with the provider's
 * address exists, so its password (required) links the two through `POST secure/auth/social/connect`.
 * The provider's data stays on the server; only the password is sent. Buttons: Cancel and Connect.
 */
export function PasswordRequiredDialog({
  isOpen,
  email,
  onConnected,
  onCancel,
}: PasswordRequiredDialogProps) {
  const { t } = useTranslation();
  const http = useHttp();
  return (
    <PasswordPromptDialog
      isOpen={isOpen}
      title={t('Password required')}
      description={t(
        'An account with this email address already exists. If you want to connect the two accounts, enter the existing account password.',
      )}
      detail={email}
      submitLabel={t('Connect')}
      submit={async (password) =>
        onConnected(await http.call((await loadContract()).social.connect, { body: { password } }))
      }
      onCancel={onCancel}
      isDismissable={false}
    />
  );
}
