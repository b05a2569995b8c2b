import { requiredRule, useAuthForm } from '@backline/auth';
import { useHttp } from '@backline/core/react';
import { Button, Dialog, Form, TextField } from '@backline/ui';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec accounts §9: a confirmed password is good for this many seconds. */
export const PASSWORD_CONFIRMATION_SECONDS = 9000;

const FIELDS = ['password'] as const;

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
    const status = await http.get<{ confirmed: boolean }>('auth/user/confirmed-password-status', {
      params: { seconds: PASSWORD_CONFIRMATION_SECONDS },
    });
    if (status.confirmed) return true;
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
  return (
    <Dialog
      title={t('Confirm password')}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {isOpen ? <ConfirmPasswordForm onConfirmed={onConfirmed} onCancel={onCancel} /> : null}
    </Dialog>
  );
}

function ConfirmPasswordForm({ onConfirmed, onCancel }: Omit<ConfirmPasswordDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useAuthForm(FIELDS);
  const [password, setPassword] = useState('');
  const [isPending, setPending] = useState(false);
  const problems = { password: requiredRule(password) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    setPending(true);
    try {
      await http.post('auth/user/confirm-password', { password });
      onConfirmed();
    } catch (error) {
      form.report(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
      <p className="bl-account-text">{t('For your security, please confirm your password to continue.')}</p>
      <TextField
        name="password"
        type="password"
        label={t('Password')}
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={form.edit(setPassword)}
        isRequired
        errorMessage={form.errorFor('password', problems.password)}
      />
      <div className="bl-account-dialog-actions">
        <Button variant="outline" onPress={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" isPending={isPending}>
          {t('Confirm')}
        </Button>
      </div>
    </Form>
  );
}
