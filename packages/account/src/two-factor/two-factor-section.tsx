import { normalizeCode, TWO_FACTOR_CODE_LENGTH, twoFactorCodeRule, useAuthForm } from '@backline/auth';
import { isHttpError } from '@backline/core';
import { twoFactor, type UserAnswer } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Form, Skeleton, TextField, toast } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../shared/account-section';
import { toastError } from '../shared/feedback';
import { type PasswordConfirmation, usePasswordConfirmation } from '../shared/password-confirmation';
import { accountQueryKeys, useApplyUser } from '../shared/queries';
import type { AccountUser } from '../shared/types';
import { type TwoFactorState, twoFactorState } from './two-factor-state';

/**
 * The two-factor panel (spec accounts §4): state 0 offers Enable; state 1 shows the QR code, the setup
 * key and a code form (Confirm, or Cancel which disables); state 2 shows the recovery codes with
 * Regenerate and Disable. Every change first makes sure the password was confirmed in the last 9000 s.
 */
export function TwoFactorSection({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const http = useHttp();
  const applyUser = useApplyUser();
  const client = useQueryClient();
  const confirmation = usePasswordConfirmation();
  const state = twoFactorState(user);

  /** Runs `call` once the password is confirmed; a cancelled dialog changes nothing. */
  const guarded =
    <T,>(call: () => Promise<T>) =>
    async (): Promise<T | null> =>
      (await confirmation.confirm()) ? call() : null;

  const change = useMutation({
    mutationFn: ({ call }: { call: () => Promise<UserAnswer | null>; done?: () => void }) => call(),
    onSuccess: (answer, { done }) => {
      if (!answer) return;
      applyUser(answer.user);
      done?.();
    },
    onError: (error) => toastError(error, t),
  });

  const enable = () => change.mutate({ call: guarded(() => http.call(twoFactor.enable)) });
  const disable = (announce: boolean) =>
    change.mutate({
      call: guarded(() => http.call(twoFactor.disable)),
      done: () => {
        client.removeQueries({ queryKey: qrKey(user.id) });
        if (announce) toast.positive(t('Two factor authentication has been disabled.'));
      },
    });
  const regenerate = () =>
    change.mutate({ call: guarded(() => http.call(twoFactor.regenerateRecoveryCodes)) });

  return (
    <AccountSection
      id="two-factor"
      title={t('Two factor authentication')}
      description={t('Add additional security to your account using two factor authentication.')}
    >
      <div className="bl-account-2fa" data-state={state}>
        <TwoFactorPanel
          state={state}
          user={user}
          confirmation={confirmation}
          isPending={change.isPending}
          onEnable={enable}
          onCancel={() => disable(false)}
          onDisable={() => disable(true)}
          onRegenerate={regenerate}
          onConfirmed={(answer) => applyUser(answer.user)}
          onShowCodes={async () => {
            if (await confirmation.confirm())
              await client.invalidateQueries({ queryKey: accountQueryKeys.user(user.id) });
          }}
        />
      </div>
      {confirmation.dialog}
    </AccountSection>
  );
}

const qrKey = (id: number) => ['two-factor', id, 'qr-code'] as const;

interface TwoFactorPanelProps {
  state: TwoFactorState;
  user: AccountUser;
  confirmation: PasswordConfirmation;
  isPending: boolean;
  onEnable(): void;
  onCancel(): void;
  onDisable(): void;
  onRegenerate(): void;
  onConfirmed(answer: UserAnswer): void;
  onShowCodes(): void;
}

function TwoFactorPanel(props: TwoFactorPanelProps) {
  const { t } = useTranslation();
  const { state, isPending } = props;
  if (state === 0) {
    return (
      <>
        <p className="bl-account-2fa__status">{t('You have not enabled two factor authentication.')}</p>
        <p className="bl-account-text">
          {t(
            "When two factor authentication is enabled, you will be prompted for a secure, random token during authentication. You may retrieve this token from your phone's authenticator application.",
          )}
        </p>
        <div className="bl-account-actions">
          <Button onPress={props.onEnable} isPending={isPending}>
            {t('Enable')}
          </Button>
        </div>
      </>
    );
  }
  if (state === 1) return <PendingConfirmation {...props} />;
  const codes = props.user.two_factor_recovery_codes ?? [];
  return (
    <>
      <p className="bl-account-2fa__status">{t('You have enabled two factor authentication.')}</p>
      {codes.length > 0 ? (
        <>
          <p className="bl-account-text">
            {t(
              'Store these recovery codes in a secure password manager. They can be used to recover access to your account if your two factor authentication device is lost.',
            )}
          </p>
          <ul className="bl-account-codes" aria-label={t('Recovery codes')}>
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="bl-account-actions">
        {codes.length > 0 ? (
          <Button variant="outline" onPress={props.onRegenerate} isPending={isPending}>
            {t('Regenerate recovery codes')}
          </Button>
        ) : (
          <Button variant="outline" onPress={props.onShowCodes}>
            {t('Show recovery codes')}
          </Button>
        )}
        <Button variant="danger" onPress={props.onDisable} isPending={isPending}>
          {t('Disable')}
        </Button>
      </div>
    </>
  );
}

const FIELDS = ['code'] as const;

function PendingConfirmation({ user, confirmation, isPending, onCancel, onConfirmed }: TwoFactorPanelProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useAuthForm(FIELDS);
  const [code, setCode] = useState('');
  const problems = { code: twoFactorCodeRule(code) };
  // The setup key is a secret: the server hands it out only within the password window (423 otherwise).
  const qr = useQuery({
    queryKey: qrKey(user.id),
    queryFn: () => http.call(twoFactor.qrCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const locked = qr.isError && isHttpError(qr.error) && qr.error.status === 423;

  const confirm = useMutation({
    mutationFn: async () =>
      (await confirmation.confirm())
        ? http.call(twoFactor.confirm, { body: { code: normalizeCode(code) } })
        : null,
    onSuccess: (answer) => {
      if (answer) onConfirmed(answer);
    },
    onError: form.report,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    confirm.mutate();
  };

  return (
    <>
      <p className="bl-account-2fa__status">{t('Finish enabling two factor authentication.')}</p>
      <p className="bl-account-text">
        {t(
          "To finish enabling two factor authentication, scan the following QR code using your phone's authenticator application or enter the setup key and provide the generated OTP code.",
        )}
      </p>
      {locked ? (
        <Button
          variant="outline"
          onPress={async () => {
            if (await confirmation.confirm()) await qr.refetch();
          }}
        >
          {t('Show QR code')}
        </Button>
      ) : qr.data ? (
        <div className="bl-account-qr">
          <img
            className="bl-account-qr__image"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.svg)}`}
            alt={t('QR code')}
            width={176}
            height={176}
          />
          <p className="bl-account-qr__key">
            {t('Setup key')}: <code data-testid="two-factor-secret">{qr.data.secret}</code>
          </p>
        </div>
      ) : (
        <Skeleton variant="rect" width={176} height={176} />
      )}
      <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
        <TextField
          name="code"
          label={t('Code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={TWO_FACTOR_CODE_LENGTH + 2}
          value={code}
          onChange={form.edit(setCode)}
          isRequired
          errorMessage={form.errorFor('code', problems.code)}
        />
        <div className="bl-account-actions">
          <Button type="submit" isPending={confirm.isPending}>
            {t('Confirm')}
          </Button>
          <Button variant="outline" onPress={onCancel} isDisabled={isPending}>
            {t('Cancel')}
          </Button>
        </div>
      </Form>
    </>
  );
}
