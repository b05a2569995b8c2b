import { formFeedback } from '@backline/auth';
import type { NotificationSubscriptions } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Checkbox, SpinnerIcon, toast } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationSubscriptions, useUpdateSubscriptions } from '../core/queries';
import { subscribeThisBrowser } from '../core/web-push';
import { type BrowserPermission, browserPermission, ensureBrowserPermission } from './browser-permission';
import { groupState, type Selections, setChannel, toPayload } from './selections';

/** How the kit's channels are named on the page; others show their own name. */
const CHANNEL_LABELS: Record<string, string> = { database: 'In app', email: 'Email', browser: 'Browser' };

export interface NotificationSettingsPageProps {
  /** The browser's permission API (tests and stories pass their own). */
  permission?: BrowserPermission;
}

/** `/notifications/settings`: per group and per type, one checkbox per channel, saved together. */
export function NotificationSettingsPage({ permission = browserPermission }: NotificationSettingsPageProps) {
  const { t } = useTranslation();
  const query = useNotificationSubscriptions();
  return (
    <main className="bl-notification-settings">
      <h1>{t('Notification settings')}</h1>
      <p className="bl-notification-settings__intro">{t('Choose what you are notified about, and how.')}</p>
      {query.data ? (
        <SettingsForm data={query.data} permission={permission} />
      ) : (
        <div className="bl-notifications-page__loading" role="status" aria-label={t('Loading notifications')}>
          <SpinnerIcon size={32} />
        </div>
      )}
    </main>
  );
}

/** The form over data loaded once: edits stay local until "Update preferences". */
export function SettingsForm({
  data,
  permission = browserPermission,
}: {
  data: NotificationSubscriptions;
  permission?: BrowserPermission;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const save = useUpdateSubscriptions();
  const [selections, setSelections] = useState<Selections>(() =>
    Object.fromEntries(data.user_selections.map((s) => [s.notif_id, { ...s.channels }])),
  );
  const label = (channel: string) => t(CHANNEL_LABELS[channel] ?? channel);

  /** Turning the browser channel on asks for the browser's permission first; denied leaves it off. */
  const change = async (ids: readonly string[], channel: string, value: boolean) => {
    if (value && channel === 'browser' && !(await ensureBrowserPermission(permission))) {
      toast.danger(t('Notifications blocked. Please enable them for this site from browser settings.'));
      return;
    }
    setSelections((current) => setChannel(current, ids, channel, value));
  };

  return (
    <form
      className="bl-notification-settings__form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(toPayload(selections), {
          onSuccess: () => {
            toast.positive(t('Updated preferences'));
            // With a browser box on, this device subscribes to pushes (the permission was granted when it was ticked).
            // The choices are saved either way; a device that could not subscribe (no push service, the server's
            // push off, the network) would silently get nothing, so the person is told.
            if (Object.values(selections).some((channels) => channels.browser))
              subscribeThisBrowser(http).catch(() =>
                toast.danger(
                  t(
                    'Preferences were saved, but this browser could not be subscribed to notifications. Please try again later.',
                  ),
                ),
              );
          },
          onError: (error) => {
            const feedback = formFeedback(error, [], (line) => t(line));
            if (feedback.toast) toast.danger(feedback.toast.message, { action: feedback.toast.action });
          },
        });
      }}
    >
      {data.subscriptions.map((group) => {
        const ids = group.subscriptions.map((s) => s.notif_id);
        return (
          <section key={group.group_name} className="bl-notification-settings__group">
            <div className="bl-notification-settings__row bl-notification-settings__row--group">
              <h2 className="bl-notification-settings__name">{t(group.group_name)}</h2>
              {data.available_channels.map((channel) => (
                <Checkbox
                  key={channel}
                  {...groupState(selections, ids, channel)}
                  onChange={(value) => void change(ids, channel, value)}
                  aria-label={t('All :group notifications by :channel', {
                    group: t(group.group_name),
                    channel: label(channel),
                  })}
                  className="bl-notification-settings__box"
                >
                  {label(channel)}
                </Checkbox>
              ))}
            </div>
            {group.subscriptions.map((entry) => (
              <div key={entry.notif_id} className="bl-notification-settings__row">
                <span className="bl-notification-settings__name">{t(entry.name)}</span>
                {data.available_channels.map((channel) => (
                  <Checkbox
                    key={channel}
                    isSelected={Boolean(selections[entry.notif_id]?.[channel])}
                    onChange={(value) => void change([entry.notif_id], channel, value)}
                    aria-label={t(':name by :channel', { name: t(entry.name), channel: label(channel) })}
                    className="bl-notification-settings__box"
                  />
                ))}
              </div>
            ))}
          </section>
        );
      })}
      <Button type="submit" isPending={save.isPending}>
        {t('Update preferences')}
      </Button>
    </form>
  );
}
