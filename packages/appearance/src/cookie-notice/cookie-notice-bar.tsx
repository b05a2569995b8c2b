import { useCookies, useSettings } from '@backline/core/react';
import { Button, Link } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acceptCookieNotice,
  COOKIE_NOTICE_TEXT,
  cookieNoticeAccepted,
  cookieNoticeSettings,
} from './cookie-notice';

export interface CookieNoticeProps {
  /** Overrides the settings (stories, previews); read from `cookie_notice.*` in the bootstrap data otherwise. */
  settings?: unknown;
}

/**
 * The cookie notice (spec §2): a fixed bar at the top or bottom (`cookie_notice.position`) with the sentence, the
 * optional configured link (`cookie_notice.button`) and "OK". Shown only when `cookie_notice.enable` is on and the
 * visitor has not pressed OK yet; OK sets the cookie for 30 days on `/` and hides the bar.
 */
export function CookieNotice({ settings }: CookieNoticeProps) {
  const { t } = useTranslation();
  const cookies = useCookies();
  const fromStore = useSettings<unknown>('cookie_notice', null);
  const config = cookieNoticeSettings(settings ?? { cookie_notice: fromStore });
  const [accepted, setAccepted] = useState(() => cookieNoticeAccepted(cookies));
  if (!config.enabled || accepted) return null;
  return (
    <section
      className="bl-cookie-notice"
      data-position={config.position}
      aria-label={t('Cookie notice')}
      data-testid="cookie-notice"
    >
      <p className="bl-cookie-notice__text">
        {t(COOKIE_NOTICE_TEXT)}
        {config.link ? (
          <>
            {' '}
            <Link
              href={config.link.action}
              className="bl-cookie-notice__link"
              {...(config.link.type === 'link' && /^https?:/i.test(config.link.action)
                ? { target: '_blank', rel: 'noopener noreferrer' }
                : {})}
            >
              {t(config.link.label)}
            </Link>
          </>
        ) : null}
      </p>
      <Button
        variant="primary"
        size="sm"
        onPress={() => {
          acceptCookieNotice(cookies);
          setAccepted(true);
        }}
      >
        {t('OK')}
      </Button>
    </section>
  );
}
