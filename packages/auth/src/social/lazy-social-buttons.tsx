import { useSettings } from '@backline/core/react';
import { Skeleton } from '@backline/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialButtonsProps } from './social-buttons';
import { useEnabledSocialServices } from './social-visibility';

// The buttons bring the popup flow, the password dialog and the provider icons: about 9 KB gzip that a
// site with no provider switched on should never download. The screens render this wrapper only once a
// provider is on, so the chunk is fetched then, while the form is already usable.
const SocialButtons = lazy(() =>
  import('./social-buttons').then((module) => ({ default: module.SocialButtons })),
);

/**
 * `<SocialButtons>` loaded on demand. Until its code arrives, a placeholder of the same size (the divider
 * and one skeleton per button) holds the space, so the page does not jump when the buttons appear.
 */
export function LazySocialButtons(props: SocialButtonsProps) {
  return (
    <Suspense fallback={<SocialButtonsPlaceholder compact={props.compact} screen={props.screen} />}>
      <SocialButtons {...props} />
    </Suspense>
  );
}

/** The divider and one skeleton per enabled provider, shaped like the buttons. */
export function SocialButtonsPlaceholder({
  compact,
  screen,
}: Pick<SocialButtonsProps, 'compact' | 'screen'>) {
  const { t } = useTranslation();
  const services = useEnabledSocialServices();
  const compactSetting = useSettings<boolean>('social.compact_buttons', false);
  const isCompact = compact ?? compactSetting;
  return (
    <section
      className="bl-auth-social-buttons"
      data-compact={isCompact || undefined}
      data-screen={screen}
      data-loading="true"
      aria-busy="true"
    >
      <p className="bl-auth-social-buttons__divider">
        <span>{t('Or continue with')}</span>
      </p>
      <div className="bl-auth-social-buttons__list">
        {services.map((service) => (
          <Skeleton key={service} variant="rect" height="2.5rem" width={isCompact ? '2.5rem' : undefined} />
        ))}
      </div>
    </section>
  );
}
