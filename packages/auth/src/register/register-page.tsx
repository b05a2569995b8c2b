import { useSettings } from '@backline/core/react';
import { Button, Checkbox, Form, Link, TextField, toast } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';
import { useHumanCheck } from '../human-check/use-human-check';
import { SentenceLink } from '../i18n/sentence-link';
import { splitSentence } from '../i18n/split-sentence';
import { AuthPage } from '../shared/auth-page';
import { EmailField } from '../shared/email-field';
import { authPaths, registerHeading } from '../shared/headings';
import type { RegistrationPolicy } from '../shared/types';
import { useAuthForm } from '../shared/use-auth-form';
import { useQueryEmail, withEmail } from '../shared/use-query-email';
import { LazySocialButtons } from '../social/lazy-social-buttons';
import { useSocialSignInVisible } from '../social/social-visibility';
import { confirmationRule, emailRule, requiredRule } from '../validation/validators';
import { useRegister } from './use-register';

const policyKey = (policy: RegistrationPolicy) => String(policy.id);
const policyName = (policy: RegistrationPolicy) => policy.label ?? policy.name ?? String(policy.id);

/**
 * The sign-up screen (`/register`, and `/workspace/join/register` for a workspace invitation): email,
 * password and its confirmation, one required checkbox per registration policy, "Create account". Sends
 * visitors to the login screen when registration is disabled.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const queryEmail = useQueryEmail();
  const registrationDisabled = useSettings<boolean>('registration.disable', false);
  const policies = useSettings<RegistrationPolicy[] | null>('registration.policies', []) ?? [];
  const siteName = useSettings<string>('branding.site_name', '');
  const { renderSocialSignIn, verifyHuman } = useAuthConfig();
  const humanCheck = useHumanCheck('register');
  const socialVisible = useSocialSignInVisible();
  // An app's own `verifyHuman` wins; otherwise the built-in check runs when the settings turn it on.
  const checkHuman = verifyHuman ?? (humanCheck.enabled ? () => humanCheck.verify() : undefined);
  const register = useRegister();
  const paths = authPaths(pathname);
  const form = useAuthForm(['email', 'password', 'password_confirmation', ...policies.map(policyKey)]);

  const [email, setEmail] = useState(queryEmail ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const [checkingHuman, setCheckingHuman] = useState(false);

  if (registrationDisabled) return <Navigate to={withEmail(paths.login, queryEmail)} replace />;

  const problems: Record<string, string | null> = {
    email: queryEmail ? null : emailRule(email),
    password: requiredRule(password),
    password_confirmation: confirmationRule(password)(confirmation),
  };
  for (const policy of policies) {
    problems[policyKey(policy)] = accepted[policyKey(policy)] ? null : 'You must accept the :name.';
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    if (checkHuman) {
      setCheckingHuman(true);
      const human = await checkHuman('register').catch(() => false);
      setCheckingHuman(false);
      if (!human) {
        toast.danger('Could not verify you are human.');
        return;
      }
    }
    register.mutate(
      {
        email: queryEmail ?? email,
        password,
        password_confirmation: confirmation,
        ...Object.fromEntries(policies.map((policy) => [policyKey(policy), !!accepted[policyKey(policy)]])),
      },
      { onError: form.report },
    );
  };

  const social = renderSocialSignIn
    ? renderSocialSignIn('register')
    : !registrationDisabled && socialVisible && <LazySocialButtons screen="register" />;
  return (
    <AuthPage
      heading={t(registerHeading(pathname, params), { siteName })}
      message={
        <SentenceLink
          sentence={t('Already have an account? Sign in.')}
          part={t('Sign in')}
          href={withEmail(paths.login, queryEmail)}
        />
      }
    >
      <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
        <EmailField
          queryEmail={queryEmail}
          value={email}
          onChange={form.edit(setEmail)}
          errorMessage={form.errorFor('email', problems.email)}
        />
        <TextField
          name="password"
          type="password"
          label={t('Password')}
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
        {policies.map((policy) => {
          const key = policyKey(policy);
          const name = t(policyName(policy));
          return (
            <Checkbox
              key={key}
              name={key}
              isRequired
              isSelected={!!accepted[key]}
              onChange={form.edit((selected: boolean) =>
                setAccepted((current) => ({ ...current, [key]: selected })),
              )}
              errorMessage={form.errorFor(key, problems[key], { name })}
            >
              <PolicyLabel sentence={t('I accept the :name', { name })} name={name} action={policy.action} />
            </Checkbox>
          );
        })}
        <Button type="submit" fullWidth size="lg" isPending={register.isPending || checkingHuman}>
          {t('Create account')}
        </Button>
      </Form>
      {/* The social sign-in block (a later issue's) has its slot here; this page only renders while
          registration is enabled, as the spec requires of it. */}
      {social ? <div className="bl-auth-social">{social}</div> : null}
    </AuthPage>
  );
}

/** "I accept the :name", with the policy's name linking to its page (in a new tab, so the form stays). */
function PolicyLabel({ sentence, name, action }: { sentence: string; name: string; action?: string }) {
  const split = action ? splitSentence(sentence, name) : null;
  if (!action || !split) return <>{sentence}</>;
  return (
    <>
      {split.before}
      <Link href={action} target="_blank" rel="noopener noreferrer">
        {split.part}
      </Link>
      {split.after}
    </>
  );
}
