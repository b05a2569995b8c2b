import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../utils/cx';
import { Logo } from './logo';
import { MenuLinks } from './menu-links';
import type { Branding, ShellMenuItem } from './shell-types';

export interface AuthLayoutProps {
  branding: Branding;
  /** The card's heading (an `h1`), such as "Create a new account". */
  heading?: ReactNode;
  /** The card's content: usually the form. */
  children: ReactNode;
  /** A line below the card, such as "Already have an account? Sign in.". */
  message?: ReactNode;
  /** Items of the `auth-page-footer` menu (already filtered). */
  footerMenu?: readonly ShellMenuItem[];
  className?: string;
}

/** The frame of every sign-in screen: logo, a card, an optional message below, and a small footer. */
export function AuthLayout({
  branding,
  heading,
  children,
  message,
  footerMenu = [],
  className,
}: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={cx('bl-auth-layout', className)}>
      <header className="bl-auth-layout__header">
        <Logo {...branding} className="bl-auth-layout__logo" />
      </header>
      <main className="bl-auth-layout__main">
        <div className="bl-auth-card">
          {heading ? <h1 className="bl-auth-card__heading">{heading}</h1> : null}
          {children}
        </div>
        {message ? <div className="bl-auth-layout__message">{message}</div> : null}
      </main>
      <footer className="bl-auth-layout__footer">
        <span>© {branding.siteName}</span>
        <MenuLinks items={footerMenu} label={t('Footer menu')} className="bl-auth-layout__menu" />
      </footer>
    </div>
  );
}
