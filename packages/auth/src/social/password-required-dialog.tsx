import { useHttp } from '@backline/core/react';
import { Button, Dialog, Form, TextField } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthForm } from '../shared/use-auth-form';
import { requiredRule } from '../validation/validators';

/** What `POST secure/auth/social/connect` answers: bootstrap data, or a two-factor challenge. */
export interface SocialConnectAnswer {
  bootstrapData?: string;
  two_factor?: boolean;
}

export interface PasswordRequiredDialogProps {
  isOpen: boolean;
  /** The existing account's address, shown so the user knows which password is meant. */
  email?: string;
  /** The accounts were linked; the answer carries the new bootstrap data. */
  onConnected(answer: SocialConnectAnswer): void;
  onCancel(): void;
}

const FIELDS = ['password'] as const;

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
  return (
    <Dialog
      title={t('Password required')}
      size="sm"
      isOpen={isOpen}
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {isOpen ? <PasswordRequiredForm email={email} onConnected={onConnected} onCancel={onCancel} /> : null}
    </Dialog>
  );
}

function PasswordRequiredForm({ email, onConnected, onCancel }: Omit<PasswordRequiredDialogProps, 'isOpen'>) {
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
      onConnected(await http.post<SocialConnectAnswer>('secure/auth/social/connect', { password }));
    } catch (error) {
      form.report(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
      <p className="bl-auth-social-dialog__text">
        {t(
          'An account with this email address already exists. If you want to connect the two accounts, enter the existing account password.',
        )}
      </p>
      {email ? <p className="bl-auth-social-dialog__email">{email}</p> : null}
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
      <div className="bl-auth-social-dialog__actions">
        <Button variant="outline" onPress={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" isPending={isPending}>
          {t('Connect')}
        </Button>
      </div>
    </Form>
  );
}
