import type { ReactNode } from 'react';
import { Breadcrumb, Breadcrumbs, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useAdmin } from './admin-context';
import { sectionHref } from './admin-section';

export interface AdminPageProps {
  /** The page heading (already translated). */
  title: string;
  /** Crumbs between the section and this page, `{label, href}` (already translated). */
  crumbs?: { label: string; href: string }[];
  /** Buttons beside the heading ("New user"). */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of one admin page: breadcrumbs (Admin › section › …), the heading with its actions, then the page.
 * The breadcrumbs come from the shell's current section, so a page only names itself.
 */
export function AdminPage({ title, crumbs = [], actions, children }: AdminPageProps) {
  const { t } = useTranslation();
  const { basePath, current } = useAdmin();
  const trail = [{ label: t('Admin'), href: basePath }];
  if (current?.path) trail.push({ label: t(current.label), href: sectionHref(basePath, current.path) });
  trail.push(...crumbs);
  const last = trail[trail.length - 1];
  if (last?.label !== title) trail.push({ label: title, href: '' });
  return (
    <div className="bl-admin-page">
      <Breadcrumbs className="bl-admin-page__crumbs" aria-label={t('Breadcrumbs')}>
        {trail.map((crumb, index) => (
          <Breadcrumb key={`${crumb.href}-${crumb.label}`} className="bl-admin-page__crumb">
            {index === trail.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link href={crumb.href}>{crumb.label}</Link>
            )}
          </Breadcrumb>
        ))}
      </Breadcrumbs>
      <div className="bl-admin-page__header">
        <h1 className="bl-admin-page__title">{title}</h1>
        {actions ? <div className="bl-admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
