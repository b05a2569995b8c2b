import type { Notification, NotificationAction } from '@backline/core/contract';
import { useDates } from '@backline/core/react';
import { ButtonLink } from '@backline/ui';
import DOMPurify from 'dompurify';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkAsRead } from '../core/queries';
import { WorkspaceInviteActions } from '../workspaces/invite-actions';

/** Absolute URLs open in a new tab; site paths navigate in the app. */
export function isAbsoluteAction(action: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(action) || action.startsWith('//');
}

/** Only http(s) URLs and site paths are followed: a `javascript:` action is never a link. */
export function safeAction(action: string): string | null {
  if (action.startsWith('/') && !action.startsWith('//')) return action;
  try {
    const url = new URL(action);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Line HTML keeps text formatting only; scripts, handlers, images and links are stripped. */
function sanitize(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'span', 'br'],
    ALLOWED_ATTR: [],
  });
}

function ActionLink({
  action,
  className,
  children,
  onFollow,
}: {
  action: NotificationAction;
  className?: string;
  children: ReactNode;
  onFollow?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const href = safeAction(action.action);
  if (!href) return <span className={className}>{children}</span>;
  const external = isAbsoluteAction(href);
  return (
    <a
      href={href}
      className={className}
      onClick={onFollow}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

/** One notification: image (or a dot while unread), its lines, when, and its buttons. */
export function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: Notification;
  /** In-app navigation for site paths (the router's); absolute URLs open in a new tab either way. */
  onNavigate?: (path: string) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const markAsRead = useMarkAsRead();
  const { data } = notification;
  const unread = !notification.read_at;
  const follow = () => {
    if (unread) markAsRead.mutate([notification.id]);
  };
  const lines = (
    <span className="bl-notification__lines">
      {data.lines.map((line, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own.
          key={index}
          className={
            line.type === 'primary'
              ? 'bl-notification__line bl-notification__line--primary'
              : 'bl-notification__line'
          }
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above to text formatting only.
          dangerouslySetInnerHTML={{ __html: sanitize(line.content) }}
        />
      ))}
    </span>
  );
  const main = data.mainAction;
  return (
    <li className="bl-notification" data-unread={unread || undefined}>
      {data.image ? (
        <img className="bl-notification__image" src={data.image} alt="" width={40} height={40} />
      ) : (
        <span className="bl-notification__marker">
          {unread ? <span className="bl-notification__dot" role="img" aria-label={t('Unread')} /> : null}
        </span>
      )}
      <div className="bl-notification__body">
        {main ? (
          <ActionLink
            action={main}
            className="bl-notification__main"
            onFollow={(event) => {
              follow();
              const href = safeAction(main.action);
              // Site paths stay in the app (no reload); absolute URLs open in their new tab.
              if (href && onNavigate && !isAbsoluteAction(href) && !event.metaKey && !event.ctrlKey) {
                event.preventDefault();
                onNavigate(href);
              }
            }}
          >
            {lines}
          </ActionLink>
        ) : (
          lines
        )}
        <time className="bl-notification__time" dateTime={notification.created_at}>
          {dates.relative(notification.created_at, (line) => t(line))}
        </time>
        {data.inviteId ? (
          // A workspace invitation: its buttons are calls (join, decline), not links.
          <WorkspaceInviteActions
            inviteId={data.inviteId}
            labels={{
              join: data.buttonActions?.find((a) => a.action === 'join')?.label,
              decline: data.buttonActions?.find((a) => a.action === 'decline')?.label,
            }}
            onDone={follow}
          />
        ) : data.buttonActions?.length ? (
          <span className="bl-notification__buttons">
            {data.buttonActions.map((action) => {
              const href = safeAction(action.action);
              return href ? (
                <ButtonLink
                  key={`${action.label}-${action.action}`}
                  href={href}
                  size="sm"
                  variant="outline"
                  onPress={follow}
                  {...(isAbsoluteAction(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {action.label}
                </ButtonLink>
              ) : null;
            })}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** A list of notifications. */
export function NotificationList({
  notifications,
  onNavigate,
  className,
}: {
  notifications: Notification[];
  onNavigate?: (path: string) => void;
  className?: string;
}) {
  return (
    <ul className={className ? `bl-notification-list ${className}` : 'bl-notification-list'}>
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
