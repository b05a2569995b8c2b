import { PasswordPromptDialog } from '@backline/auth';
import { passwords, sessions } from '@backline/core/contract';
import { useDates, useHttp } from '@backline/core/react';
import { Button, ComputerIcon, KeyIcon, MobileIcon, Skeleton, TabletIcon, toast } from '@backline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../shared/account-section';
import { passwordRecentlyConfirmed } from '../shared/password-confirmation';
import { accountQueryKeys, useUserSessions } from '../shared/queries';
import type { UserSession } from '../shared/types';

/** The session list's device icons are larger and lighter than the controls' (24 px, 1.75 stroke). */
const DEVICE_ICON = { size: 24, strokeWidth: 1.75 } as const;

/** Spec accounts §9: the session list scrolls beyond this height. */
export const SESSION_LIST_MAX_HEIGHT = 400;

/**
 * Active sessions (`GET user-sessions`): platform, browser, device, place, IP, "This device" and the last
 * activity; API-token sessions are marked. "Log out other sessions" asks for the password.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useUserSessions();
  const [isDialogOpen, setDialogOpen] = useState(false);
  return (
    <AccountSection
      id="sessions"
      title={t('Active sessions')}
      description={t(
        'If necessary, you may log out of all of your other browser sessions across all of your devices.',
      )}
    >
      {sessions.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('Loading...')}>
          <Skeleton lines={3} />
        </div>
      ) : sessions.isError ? (
        <p className="bl-account-text">{t('There was an issue. Please try again later.')}</p>
      ) : (
        <SessionList sessions={sessions.data} />
      )}
      <div className="bl-account-actions">
        <Button variant="outline" onPress={() => setDialogOpen(true)}>
          {t('Log out other sessions')}
        </Button>
      </div>
      <LogoutOtherSessionsDialog isOpen={isDialogOpen} onOpenChange={setDialogOpen} />
    </AccountSection>
  );
}

/** The list itself, for apps and stories that already hold the sessions. */
export function SessionList({ sessions }: { sessions: readonly UserSession[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <ul
      className="bl-account-sessions"
      style={{ maxHeight: SESSION_LIST_MAX_HEIGHT }}
      aria-label={t('Active sessions')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
    >
      {sessions.map((session) => {
        const Device =
          session.device_type === 'mobile'
            ? MobileIcon
            : session.device_type === 'tablet'
              ? TabletIcon
              : ComputerIcon;
        const place = [session.city, session.country].filter(Boolean).join(', ');
        return (
          <li
            key={session.id}
            className="bl-account-session"
            data-current={session.is_current_device || undefined}
          >
            <span className="bl-account-session__icon">
              {session.token ? <KeyIcon {...DEVICE_ICON} /> : <Device {...DEVICE_ICON} />}
            </span>
            <div className="bl-account-session__info">
              <p className="bl-account-session__name">
                {[session.platform ?? t('Unknown'), session.browser ?? t('Unknown')].join(' - ')}
                {session.token ? <span className="bl-account-badge">{t('API token')}</span> : null}
              </p>
              <p className="bl-account-session__meta">
                {place ? <span>{place}</span> : null}
                {session.ip_address ? <span>{session.ip_address}</span> : null}
                {session.is_current_device ? (
                  <span className="bl-account-session__current">{t('This device')}</span>
                ) : (
                  <span>
                    {t('Last active :time', { time: dates.relative(session.last_active, (line) => t(line)) })}
                  </span>
                )}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Asks the password, then `POST user-sessions/logout-other`. Ending other sessions is a sensitive action:
 * when the 9000-second confirmation has lapsed, the same password confirms it first, so one dialog does.
 */
export function LogoutOtherSessionsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const client = useQueryClient();
  const submit = async (password: string) => {
    if (!(await passwordRecentlyConfirmed(http))) await http.call(passwords.confirm, { body: { password } });
    await http.call(sessions.logoutOther, { body: { password } });
    toast.positive(t('Logged out other sessions.'));
    void client.invalidateQueries({ queryKey: accountQueryKeys.sessions });
    onOpenChange(false);
  };
  return (
    <PasswordPromptDialog
      isOpen={isOpen}
      title={t('Log out other sessions')}
      description={t(
        'Please enter your password to confirm you would like to log out of your other browser sessions.',
      )}
      submitLabel={t('Log out other sessions')}
      submit={submit}
      onCancel={() => onOpenChange(false)}
    />
  );
}
