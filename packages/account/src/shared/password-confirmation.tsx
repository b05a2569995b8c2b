import { PasswordPromptDialog } from '@backline/auth';
import type { HttpClient } from '@backline/core';
import { passwords } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A confirmed password is good for this many seconds. */
export const PASSWORD_CONFIRMATION_SECONDS = passwords.PASSWORD_CONFIRMATION_SECONDS;

/** Whether the password was confirmed within the last 9000 seconds: `GET auth/user/confirmed-password-status`. */
export async function passwordRecentlyConfirmed(http: HttpClient): Promise<boolean> {
  const status = await http.call(passwords.confirmedStatus, {
    query: { seconds: PASSWORD_CONFIRMATION_SECONDS },
  });
  return status.confirmed;
}

export interface PasswordConfirmation {
  /**
   * Resolves true when the password was confirmed within the last 9000 seconds (checked with the server),
   * else opens the password dialog and resolves with its outcome (false when cancelled).
   */
  confirm(): Promise<boolean>;
  /** Render once: the password dialog, open while a confirmation is asked for. */
  dialog: ReactNode;
}

/**
 * The gate in front of sensitive actions (spec accounts §6): `GET auth/user/confirmed-password-status` with
 * `seconds=9000`, and when that says no, a dialog that sends `POST auth/user/confirm-password`.
 */
export function usePasswordConfirmation(): PasswordConfirmation {
  const http = useHttp();
  const [isOpen, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const finish = useCallback((confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  }, []);

  const confirm = useCallback(async () => {
    if (await passwordRecentlyConfirmed(http)) return true;
    // A second request while the dialog is open answers the same way as the first.
    settle.current?.(false);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setOpen(true);
    });
  }, [http]);

  const dialog = (
    <ConfirmPasswordDialog isOpen={isOpen} onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
  );
  return { confirm, dialog };
}

interface ConfirmPasswordDialogProps {
  isOpen: boolean;
  onConfirmed(): void;
  onCancel(): void;
}

/** "Confirm password": asks for the password before a sensitive change (password required). */
export function ConfirmPasswordDialog({ isOpen, onConfirmed, onCancel }: ConfirmPasswordDialogProps) {
  const { t } = useTranslation();
  const http = useHttp();
  return (
    <PasswordPromptDialog
      isOpen={isOpen}
      title={t('Confirm password')}
      description={t('For your security, please confirm your password to continue.')}
      submitLabel={t('Confirm')}
      submit={async (password) => {
        await http.call(passwords.confirm, { body: { password } });
        onConfirmed();
      }}
      onCancel={onCancel}
    />
  );
}
