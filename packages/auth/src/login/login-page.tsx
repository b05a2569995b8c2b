import { useSettings } from '@backline/core/react';
import { Button, Checkbox, Form, Link, TextField } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';
import { DEFAULT_LOGIN_PAGE_DEFAULTS, demoCredentials } from '../demo/demo-credentials';
import { SentenceLink } from '../i18n/sentence-link';
import { AuthPage } from '../shared/auth-page';
import { EmailField } from '../shared/email-field';
import { authPaths, loginHeading } from '../shared/headings';
import { useAuthForm } from '../shared/use-auth-form';
import { useQueryEmail, withEmail } from '../shared/use-query-email';
import { LazySocialButtons } from '../social/lazy-social-buttons';
import { useSocialSignInVisible } from '../social/social-visibility';
import { TwoFactorChallenge } from '../two-factor/two-factor-challenge';
import { emailRule, requiredRule } from '../validation/validators';
import { useLogin } from './use-login';

const FIELDS = ['email', 'password', 'remember'] as const;

/**
 * The sign-in screen (`/login`, and `/workspace/join/login` for a workspace invitation): email, password,
 * "Stay signed in for a month" (on by default), "Forgot your password", "Continue" and a "Sign up" link
 * hidden when registration is disabled. Users with two-factor authentication continue with the challenge.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const queryEmail = useQueryEmail();
  const registrationDisabled = useSettings<boolean>('registration.disable', false);
  const siteName = useSettings<string>('branding.site_name', '');
  const demoSite = useSettings<boolean>('site.demo', false);
  const loginPageDefaults = useSettings<string>('site.loginPageDefaults', DEFAULT_LOGIN_PAGE_DEFAULTS);
  const { renderSocialSignIn, demoAccount } = useAuthConfig();
  const [challenge, setChallenge] = useState(false);
  const socialVisible = useSocialSignInVisible();
  const login = useLogin({ onTwoFactor: () => setChallenge(true) });
  const form = useAuthForm(FIELDS);
  const paths = authPaths(pathname);

  // Chosen once: a random demo account must not change on every render.
  const [initial] = useState(() =>
    queryEmail === null && demoSite
      ? demoCredentials(loginPageDefaults, demoAccount)
      : { email: queryEmail ?? '', password: '' },
  );
  const [email, setEmail] = useState(initial.email);
  const [password, setPassword] = useState(initial.password);
  const [remember, setRemember] = useState(true);

  if (challenge) return <TwoFactorChallenge />;

  const problems = { email: queryEmail ? null : emailRule(email), password: requiredRule(password) };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    login.mutate({ email: queryEmail ?? email, password, remember }, { onError: form.report });
  };

  const social = renderSocialSignIn
    ? renderSocialSignIn('login')
    : socialVisible && <LazySocialButtons screen="login" onTwoFactor={() => setChallenge(true)} />;
  return (
    <AuthPage
      heading={t(loginHeading(pathname), { siteName })}
      message={
        registrationDisabled ? null : (
          <SentenceLink
            sentence={t("Don't have an account? Sign up.")}
            part={t('Sign up')}
            href={withEmail(paths.register, queryEmail)}
          />
        )
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
          autoComplete="current-password"
          value={password}
          onChange={form.edit(setPassword)}
          isRequired
          errorMessage={form.errorFor('password', problems.password)}
        />
        <div className="bl-auth-row">
          <Checkbox name="remember" isSelected={remember} onChange={form.edit(setRemember)}>
            {t('Stay signed in for a month')}
          </Checkbox>
          <Link href="/forgot-password" className="bl-auth-row__link">
            {t('Forgot your password')}
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" isPending={login.isPending}>
          {t('Continue')}
        </Button>
      </Form>
      {/* The social sign-in block (google, facebook, twitter) is a later issue's: this is its slot. */}
      {social ? <div className="bl-auth-social">{social}</div> : null}
    </AuthPage>
  );
}
