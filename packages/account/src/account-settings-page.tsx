import { AuthRoute } from '@backline/auth';
import { Skeleton } from '@backline/ui';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAccountSection } from './danger/delete-account-section';
import { AccountDetailsSection } from './details/account-details-section';
import { DevelopersSection, useShowDevelopers } from './developers/developers-section';
import { LocationSection } from './location/location-section';
import { PasswordSection } from './password/password-section';
import { SessionsSection } from './sessions/sessions-section';
import { useAccountUser } from './shared/queries';
import { ACCOUNT_SECTIONS } from './shared/sections';
import type { AccountUser } from './shared/types';
import { SocialLoginSection } from './social/social-login-section';
import { TwoFactorSection } from './two-factor/two-factor-section';

export interface AccountSettingsPageProps {
  /** Where the app goes after the account is deleted; `/login` by default. */
  afterDeletePath?: string;
}

/**
 * `/account-settings` (spec accounts §2): for logged-in users only (visitors go to `/login`). Loads the user
 * with roles, social_profiles and tokens, then shows every section in page order, with a side navigation
 * on large screens.
 */
export function AccountSettingsPage(props: AccountSettingsPageProps) {
  return (
    <AuthRoute>
      <AccountSettings {...props} />
    </AuthRoute>
  );
}

function AccountSettings({ afterDeletePath }: AccountSettingsPageProps) {
  const { t } = useTranslation();
  const user = useAccountUser();
  return (
    <main className="bl-account">
      <header className="bl-account__header">
        <h1 className="bl-account__title">{t('Account settings')}</h1>
        <p className="bl-account__subtitle">{t('View and update your account details, profile and more')}</p>
      </header>
      {user.data ? (
        <AccountSettingsLayout user={user.data} afterDeletePath={afterDeletePath} />
      ) : user.isError ? (
        <p className="bl-account-text" role="alert">
          {t('There was an issue. Please try again later.')}
        </p>
      ) : (
        <div className="bl-account__loading" role="status" aria-busy="true" aria-label={t('Loading...')}>
          <Skeleton variant="rect" height={180} />
          <Skeleton variant="rect" height={240} />
        </div>
      )}
    </main>
  );
}

/** The navigation and the sections for a loaded user (stories render it with fixtures). */
export function AccountSettingsLayout({
  user,
  afterDeletePath,
}: {
  user: AccountUser;
  afterDeletePath?: string;
}) {
  const showDevelopers = useShowDevelopers();
  const sections = ACCOUNT_SECTIONS.filter((section) => section.id !== 'developers' || showDevelopers);
  return (
    <div className="bl-account__layout">
      <AccountSettingsNav sections={sections} />
      <div className="bl-account__sections">
        {/* Keyed by user: forms start from the saved values of whoever is signed in. */}
        <AccountDetailsSection key={`details-${user.id}`} user={user} />
        <SocialLoginSection user={user} />
        <PasswordSection />
        <TwoFactorSection user={user} />
        <SessionsSection />
        <LocationSection key={`location-${user.id}`} user={user} />
        {showDevelopers ? <DevelopersSection user={user} /> : null}
        <DeleteAccountSection userId={user.id} afterDeletePath={afterDeletePath} />
      </div>
    </div>
  );
}

/** Scrolls to a section: smoothly, unless the user asked for reduced motion. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section they jumped to.
  target.focus({ preventScroll: true });
  history.replaceState(history.state, '', `#${id}`);
}

function AccountSettingsNav({ sections }: { sections: readonly { id: string; label: string }[] }) {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    scrollToSection(id);
  };
  return (
    <nav className="bl-account__nav" aria-label={t('Account settings')}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="bl-account__nav-link"
              onClick={(event) => onClick(event, section.id)}
            >
              {t(section.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
