import { Button, Form, TextField } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPage } from '../shared/auth-page';
import { useAuthForm } from '../shared/use-auth-form';
import {
  normalizeCode,
  RECOVERY_CODE_LENGTH,
  recoveryCodeRule,
  TWO_FACTOR_CODE_LENGTH,
  twoFactorCodeRule,
} from '../validation/validators';
import { useTwoFactorChallenge } from './use-two-factor-challenge';

const FIELDS = ['code', 'recovery_code'] as const;

/**
 * The second step of a login for users with two-factor authentication: a 6-character code from the
 * authenticator app, or, after "Use recovery code instead", a 21-character recovery code.
 */
export function TwoFactorChallenge() {
  const { t } = useTranslation();
  const challenge = useTwoFactorChallenge();
  const form = useAuthForm(FIELDS);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');

  const problems = useRecovery
    ? { recovery_code: recoveryCodeRule(recoveryCode) }
    : { code: twoFactorCodeRule(code) };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    challenge.mutate(useRecovery ? { recovery_code: recoveryCode.trim() } : { code: normalizeCode(code) }, {
      onError: form.report,
    });
  };

  return (
    <AuthPage heading={t('Two-factor authentication')}>
      <p className="bl-auth-text">
        {useRecovery
          ? t('Confirm access to your account by entering one of your emergency recovery codes.')
          : t(
              'Confirm access to your account by entering the authentication code provided by your authenticator application.',
            )}
      </p>
      <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
        {useRecovery ? (
          <TextField
            key="recovery_code"
            name="recovery_code"
            label={t('Recovery code')}
            autoComplete="off"
            spellCheck="false"
            // Focus follows the switch, so keyboard and screen-reader users land on the new field.
            autoFocus
            maxLength={RECOVERY_CODE_LENGTH + 4}
            value={recoveryCode}
            onChange={form.edit(setRecoveryCode)}
            isRequired
            errorMessage={form.errorFor('recovery_code', problems.recovery_code)}
          />
        ) : (
          <TextField
            key="code"
            name="code"
            label={t('Code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            maxLength={TWO_FACTOR_CODE_LENGTH + 2}
            value={code}
            onChange={form.edit(setCode)}
            isRequired
            errorMessage={form.errorFor('code', problems.code)}
          />
        )}
        <Button type="submit" fullWidth size="lg" isPending={challenge.isPending}>
          {t('Continue')}
        </Button>
      </Form>
      <div className="bl-auth-switch">
        <Button variant="text" size="sm" onPress={() => setUseRecovery((value) => !value)}>
          {useRecovery ? t('Use authentication code instead') : t('Use recovery code instead')}
        </Button>
      </div>
    </AuthPage>
  );
}
