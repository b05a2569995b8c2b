import { ButtonLink } from '@backline/ui';
import { useTranslation } from 'react-i18next';

/** "Hang tight!": no notifications yet; the settings button when `settingsHref` is given. */
export function NotificationsEmptyState({ settingsHref }: { settingsHref?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="bl-notifications-empty">
      <p className="bl-notifications-empty__title">{t('Hang tight!')}</p>
      <p className="bl-notifications-empty__text">{t('Notifications will start showing up here soon.')}</p>
      {settingsHref ? (
        <ButtonLink href={settingsHref} variant="outline" size="sm">
          {t('Notification settings')}
        </ButtonLink>
      ) : null}
    </div>
  );
}
