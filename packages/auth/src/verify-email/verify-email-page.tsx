import { useBootstrap, useHttp } from '@backline/core/react';
import { Button, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPage } from '../shared/auth-page';
import { loadContract } from '../shared/auth-routes';
import { formFeedback } from '../shared/server-errors';

/** `POST auth/email/verification-notification`: mails the signed-in user a new link; toasts "Email sent". */
export function useResendVerification() {
  const http = useHttp();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (email: string) =>
      http.call((await loadContract()).emailVerification.resend, { body: { email } }),
    onSuccess: () => toast.positive(t('Email sent')),
    onError: (error) => {
      const feedback = formFeedback(error, [], (line) => t(line));
      if (feedback.toast) toast.danger(feedback.toast.message, { action: feedback.toast.action });
    },
  });
}

/**
 * The verify-your-email screen: the site logo (light or dark by theme, from the auth layout), the address the
 * link went to, and "Resend email" (disabled while sending, or when no address is known).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const email = useBootstrap().user?.email ?? '';
  const resend = useResendVerification();
  return (
    <AuthPage heading={t('Verify your email')}>
      <p className="bl-auth-text">
        {t(
          "We've sent an email to “:email“ to verify your email address and activate your account. The link in the the email will expire in 24 hours.",
          { email },
        )}
      </p>
      <p className="bl-auth-text">
        {t('If you did not receive an email, click the button below and we will send you another one.')}
      </p>
      <Button
        fullWidth
        size="lg"
        isDisabled={!email || resend.isPending}
        isPending={resend.isPending}
        onPress={() => resend.mutate(email)}
      >
        {t('Resend email')}
      </Button>
    </AuthPage>
  );
}

/** Whether the signed-in user must verify their address before anything else (`require_email_confirmation`). */
export function useNeedsEmailVerification(): boolean {
  const { user, settings } = useBootstrap();
  return Boolean(user && !user.email_verified_at && settings.require_email_confirmation);
}

/**
 * Wraps the whole route table: a signed-in user with an unverified address, while the site requires
 * confirmation, sees only the verify screen on every path (the server refuses their other calls too).
 */
export function EmailVerificationGate({ children }: { children: ReactNode }) {
  return useNeedsEmailVerification() ? <VerifyEmailPage /> : children;
}
