import { useHttp } from '@backline/core/react';
import { Button, Form, TextField, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';
import { AuthPage } from '../shared/auth-page';
import { loadContract } from '../shared/auth-routes';
import { EmailField } from '../shared/email-field';
import type { ResetPasswordPayload } from '../shared/types';
import { useAuthForm } from '../shared/use-auth-form';
import { useQueryEmail } from '../shared/use-query-email';
import { confirmationRule, emailRule, requiredRule } from '../validation/validators';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** `POST auth/reset-password`: says "Your password has been reset!", then goes to the login screen. */
export function useResetPassword() {
  const http = useHttp();
  const navigate = useNavigate();
  const { loginPath } = useAuthConfig();
  return useMutation({
    mutationFn: async (payload: ResetPasswordPayload) =>
      http.call((await loadContract()).passwords.reset, { body: payload }),
    onSuccess: () => {
      toast.positive('Your password has been reset!');
      // The mailed link is spent: Back should not lead to it again.
      navigate(loginPath, { replace: true });
    },
  });
}

/**
 * Set a new password (`/password/reset/:token`): the token comes from the route, the email from the mailed
 * link's query (pre-filled and locked), then the new password twice.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams<{ token: string }>();
  const queryEmail = useQueryEmail();
  const reset = useResetPassword();
  const form = useAuthForm(FIELDS);
  const [email, setEmail] = useState(queryEmail ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const problems = {
    email: queryEmail ? null : emailRule(email),
    password: requiredRule(password),
    password_confirmation: confirmationRule(password)(confirmation),
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    reset.mutate(
      { token, email: queryEmail ?? email, password, password_confirmation: confirmation },
      { onError: form.report },
    );
  };

  return (
    <AuthPage heading={t('Reset your password')}>
      <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
        <input type="hidden" name="token" value={token} />
        <EmailField
          queryEmail={queryEmail}
          value={email}
          onChange={form.edit(setEmail)}
          errorMessage={form.errorFor('email', problems.email)}
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
          label={t('Confirm new password')}
          autoComplete="new-password"
          value={confirmation}
          onChange={form.edit(setConfirmation)}
          isRequired
          errorMessage={form.errorFor('password_confirmation', problems.password_confirmation)}
        />
        <Button type="submit" fullWidth size="lg" isPending={reset.isPending}>
          {t('Reset password')}
        </Button>
      </Form>
    </AuthPage>
  );
}
