import { Skeleton } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../shell/admin-page';
import { SettingsForm } from './settings-form';
import type { SettingsPageDefinition } from './settings-page-definition';
import { useAdminSettings, useSaveSettings } from './use-settings';

/** One settings page, loaded from `GET admin/settings` and saved through `PUT admin/settings`. */
export function SettingsPage({
  page,
  crumbs,
}: {
  page: SettingsPageDefinition;
  crumbs?: { label: string; href: string }[];
}) {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  const save = useSaveSettings();
  return (
    <AdminPage title={t(page.title)} crumbs={crumbs}>
      {settings.data ? (
        <SettingsForm
          page={page}
          values={settings.data.values}
          secrets={settings.data.secrets}
          onSave={save}
        />
      ) : settings.isError ? (
        <p role="alert">{t('Could not load the settings. Please try again later.')}</p>
      ) : (
        <div role="status" aria-busy="true" aria-label={t('Loading...')}>
          <Skeleton lines={6} />
        </div>
      )}
    </AdminPage>
  );
}
