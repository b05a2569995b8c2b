import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { currentSection } from './admin-app';
import { type AdminSection, sectionHref } from './admin-section';

/** The admin navigation: one link per section the person may open, the current one marked. */
export function AdminSidebar({
  sections,
  basePath,
  header,
}: {
  sections: readonly AdminSection[];
  basePath: string;
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = currentSection(sections, basePath, pathname);
  return (
    <nav className="bl-admin-nav" aria-label={t('Admin')}>
      {header}
      <ul className="bl-admin-nav__list">
        {sections
          .filter((section) => !section.hidden)
          .map((section) => (
            <li key={section.path || 'index'}>
              <Link
                className="bl-admin-nav__link"
                href={sectionHref(basePath, section.path)}
                aria-current={section === current ? 'page' : undefined}
              >
                {section.icon ? (
                  <span className="bl-admin-nav__icon" aria-hidden="true">
                    {section.icon}
                  </span>
                ) : null}
                <span>{t(section.label)}</span>
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
