import { useHttp, useSettings } from '@backline/core/react';
import { Button, Form, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';
import { SentenceLink } from '../i18n/sentence-link';
import { AuthPage } from '../shared/auth-page';
import { loadContract } from '../shared/auth-routes';
import { EmailField } from '../shared/email-field';
import type { ForgotPasswordPayload } from '../shared/types';
import { useAuthForm } from '../shared/use-auth-form';
import { useQueryEmail, withEmail } from '../shared/use-query-email';
import { emailRule } from '../validation/validators';

const FIELDS = ['email'] as const;

/** `POST auth/forgot-password`: shows the server's message, then goes to the login screen. */
export function useForgotPassword() {
  const http = useHttp();
  const navigate = useNavigate();
  const { loginPath } = useAuthConfig();
  return useMutation({
    mutationFn: async (payload: ForgotPasswordPayload) =>
      http.call((await loadContract()).passwords.forgot, { body: payload }),
    onSuccess: (answer) => {
      if (answer?.message) toast.positive(answer.message);
      navigate(loginPath);
    },
  });
}

/** Request a reset link (`/forgot-password`): the email (pre-filled and locked from the query) and "Continue". */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const queryEmail = useQueryEmail();
  const registrationDisabled = useSettings<boolean>('registration.disable', false);
  const forgot = useForgotPassword();
  const form = useAuthForm(FIELDS);
  const [email, setEmail] = useState(queryEmail ?? '');

  const problems = { email: queryEmail ? null : emailRule(email) };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    forgot.mutate({ email: queryEmail ?? email }, { onError: form.report });
  };

  return (
    <AuthPage
      heading={t('Forgot your password?')}
      message={
        registrationDisabled ? null : (
          <SentenceLink
            sentence={t("Don't have an account? Sign up.")}
            part={t('Sign up')}
            href={withEmail('/register', queryEmail)}
          />
        )
      }
    >
      <p className="bl-auth-text">
        {t('Enter the email address of your account and we will send you a link to reset your password.')}
      </p>
      <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
        <EmailField
          queryEmail={queryEmail}
          value={email}
          onChange={form.edit(setEmail)}
          errorMessage={form.errorFor('email', problems.email)}
        />
        <Button type="submit" fullWidth size="lg" isPending={forgot.isPending}>
          {t('Continue')}
        </Button>
      </Form>
    </AuthPage>
  );
}
