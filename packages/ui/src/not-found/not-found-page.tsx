import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../button/button';

export interface NotFoundPageProps {
  /**
   * Renders the home link yourself. Usually unnecessary: under `UiProvider` the built-in link already
   * navigates client-side.
   */
  renderLink?: (props: { href: string; className: string; children: string }) => ReactNode;
}

/** The 404 page: any unknown path, and a route the user lacks the permission for. */
export function NotFoundPage({ renderLink }: NotFoundPageProps) {
  const { t } = useTranslation();
  const link = { href: '/', className: 'bl-button', children: t('Take me there!') };
  return (
    <main className="bl-not-found">
      <p className="bl-not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="bl-not-found__title">{t("Looks like you've found the doorway to the great nothing")}</h1>
      {renderLink ? renderLink(link) : <ButtonLink href={link.href}>{link.children}</ButtonLink>}
    </main>
  );
}
