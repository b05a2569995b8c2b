import { confirmationRule, requiredRule, useAuthForm } from '@backline/auth';
import { passwords } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Form, TextField, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../shared/account-section';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * Password: current_password, password and password_confirmation, all required (spec accounts §5), sent
 * with `PUT auth/user/password`. The button stays disabled while the form is invalid.
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useAuthForm(FIELDS);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const problems = {
    current_password: requiredRule(current),
    password: requiredRule(password),
    password_confirmation: confirmationRule(password)(confirmation),
  };
  const isInvalid = Object.values(problems).some(Boolean);

  const save = useMutation({
    mutationFn: () =>
      http.call(passwords.change, {
        body: { current_password: current, password, password_confirmation: confirmation },
      }),
    onSuccess: () => {
      setCurrent('');
      setPassword('');
      setConfirmation('');
      toast.positive(t('Password changed'));
    },
    onError: form.report,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    save.mutate();
  };

  return (
    <AccountSection
      id="password"
      title={t('Update password')}
      description={t('Ensure your account is using a long, random password to stay secure.')}
    >
      <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
        <TextField
          name="current_password"
          type="password"
          label={t('Current password')}
          autoComplete="current-password"
          value={current}
          onChange={form.edit(setCurrent)}
          isRequired
          errorMessage={form.errorFor('current_password', problems.current_password)}
        />
        <TextField
          name="password"
          type="password"
          label={t('New password')}
          autoComplete="new-password"
          value={password}
          onChange={form.edit(setPassword)}
          isRequired
          errorMessage={form.errorFor('password', problems.password)}
        />
        <TextField
          name="password_confirmation"
          type="password"
          label={t('Confirm password')}
          autoComplete="new-password"
          value={confirmation}
          onChange={form.edit(setConfirmation)}
          isRequired
          errorMessage={form.errorFor('password_confirmation', problems.password_confirmation)}
        />
        <div className="bl-account-actions">
          <Button type="submit" isDisabled={isInvalid} isPending={save.isPending}>
            {t('Update password')}
          </Button>
        </div>
      </Form>
    </AccountSection>
  );
}
