import { adminSettings } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Send test email": mails the signed-in admin with the saved mail settings and shows what happened (the SMTP
 * server's refusal, or where the message went) next to the button, where a screen reader announces it.
 */
export function TestMailButton() {
  const { t } = useTranslation();
  const http = useHttp();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ sent: boolean; message: string } | null>(null);
  const send = async () => {
    setPending(true);
    setResult(null);
    try {
      const answer = await http.call(adminSettings.testMail, {});
      setResult({ sent: answer.sent, message: answer.message });
    } catch (error) {
      setResult({ sent: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="bl-settings-test-mail">
      <Button variant="outline" onPress={send} isPending={pending}>
        {t('Send test email')}
      </Button>
      <p
        role="status"
        className={
          result
            ? `bl-settings-test-mail__result bl-settings-test-mail__result--${result.sent ? 'ok' : 'failed'}`
            : ''
        }
      >
        {result ? (result.sent ? t('Test email sent.') : t('Test email failed.')) : null}{' '}
        {result?.message ?? null}
      </p>
    </div>
  );
}
