import { NotFoundPage } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { useAdmin } from '../shell/admin-context';
import { sectionHref } from '../shell/admin-section';
import { DEFAULT_SETTINGS_PAGES } from './default-settings-pages';
import { SettingsPage } from './settings-page';
import type { SettingsPageDefinition } from './settings-page-definition';

/**
 * The settings section: a list of settings pages and the open one (`/admin/settings/general`…). An app passes
 * its own list (the defaults plus its pages) through `settingsSection(pages)`.
 */
export function SettingsArea({
  pages = DEFAULT_SETTINGS_PAGES,
}: {
  pages?: readonly SettingsPageDefinition[];
}) {
  const { t } = useTranslation();
  const { basePath, current } = useAdmin();
  const base = sectionHref(basePath, current?.path ?? 'settings');
  const first = pages[0];
  return (
    <div className="bl-settings-area">
      <nav className="bl-settings-area__nav" aria-label={t('Settings pages')}>
        <ul>
          {pages.map((page) => (
            <li key={page.path}>
              <NavLink to={`${base}/${page.path}`} className="bl-settings-area__link">
                {t(page.title)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="bl-settings-area__page">
        <Routes>
          {first ? <Route index element={<Navigate to={`${base}/${first.path}`} replace />} /> : null}
          {pages.map((page) => (
            <Route key={page.path} path={page.path} element={<SettingsPage page={page} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </div>
    </div>
  );
}

export default SettingsArea;
