import { Button, Dialog, Form, TextField } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../validation/validators';
import { useAuthForm } from './use-auth-form';

export interface PasswordPromptDialogProps {
  isOpen: boolean;
  /** Already translated, like every text below. */
  title: string;
  /** Why the password is asked for, above the field. */
  description: string;
  /** A line in bold under the description (the account the password belongs to). */
  detail?: string;
  submitLabel: string;
  /** Sends the password; what it throws shows on the field (the server's 422) or as a toast. */
  submit(password: string): Promise<void>;
  onCancel(): void;
  /** Whether Escape and a click outside cancel; true by default. */
  isDismissable?: boolean;
}

const FIELDS = ['password'] as const;

/**
 * A dialog that asks for the current password (required) and hands it to `submit`: the social sign-in's
 * "Password required" and account settings' "Confirm password" are this dialog with their own texts and
 * endpoints. Buttons: Cancel and `submitLabel`.
 */
export function PasswordPromptDialog({
  isOpen,
  title,
  isDismissable = true,
  onCancel,
  ...form
}: PasswordPromptDialogProps) {
  return (
    <Dialog
      title={title}
      size="sm"
      isOpen={isOpen}
      isDismissable={isDismissable}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {/* Mounted only while open, so every opening starts with an empty field and no stale error. */}
      {isOpen ? <PasswordPromptForm onCancel={onCancel} {...form} /> : null}
    </Dialog>
  );
}

function PasswordPromptForm({
  description,
  detail,
  submitLabel,
  submit,
  onCancel,
}: Omit<PasswordPromptDialogProps, 'isOpen' | 'title' | 'isDismissable'>) {
  const { t } = useTranslation();
  const form = useAuthForm(FIELDS);
  const [password, setPassword] = useState('');
  const [isPending, setPending] = useState(false);
  const problems = { password: requiredRule(password) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    setPending(true);
    try {
      await submit(password);
    } catch (error) {
      form.report(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
      <p className="bl-auth-password-prompt__text">{description}</p>
      {detail ? <p className="bl-auth-password-prompt__detail">{detail}</p> : null}
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
      <div className="bl-auth-password-prompt__actions">
        <Button variant="outline" onPress={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
