import { useSettings } from '@backline/core/react';
import { Button, IconButton } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import type { SocialSignInScreen } from '../config/auth-config';
import { SocialIcon } from './social-icons';
import { SOCIAL_SERVICE_NAMES, useEnabledSocialServices, useSocialSignInVisible } from './social-visibility';
import { useSocialLogin } from './use-social-login';

export interface SocialButtonsProps {
  /** Which screen the block is on (for the record; both sign in or sign up alike). */
  screen?: SocialSignInScreen;
  /** Icon-only buttons in a row; the `social.compact_buttons` setting by default. */
  compact?: boolean;
  /** Called when the account needs its second factor (the login screen shows its challenge). */
  onTwoFactor?: () => void;
}

/**
 * "Continue with Google / Facebook / Twitter" under the login and register forms: one button per enabled
 * provider, full width, or icon-only when compact. Renders nothing while no provider is enabled; disabling
 * registration does not hide it (linked accounts still sign in).
 */
export function SocialButtons({ screen = 'login', compact, onTwoFactor }: SocialButtonsProps) {
  const { t } = useTranslation();
  const services = useEnabledSocialServices();
  const visible = useSocialSignInVisible();
  const compactSetting = useSettings<boolean>('social.compact_buttons', false);
  const { loginWith, pending, dialog } = useSocialLogin({ onTwoFactor });
  if (!visible) return null;
  const isCompact = compact ?? compactSetting;
  return (
    <section className="bl-auth-social-buttons" data-compact={isCompact || undefined} data-screen={screen}>
      <p className="bl-auth-social-buttons__divider">
        <span>{t('Or continue with')}</span>
      </p>
      <div className="bl-auth-social-buttons__list">
        {services.map((service) => {
          const label = t('Continue with :service', { service: SOCIAL_SERVICE_NAMES[service] });
          return isCompact ? (
            <IconButton
              key={service}
              variant="outline"
              aria-label={label}
              data-service={service}
              isDisabled={pending !== null}
              onPress={() => loginWith(service)}
            >
              <SocialIcon service={service} />
            </IconButton>
          ) : (
            <Button
              key={service}
              variant="outline"
              fullWidth
              data-service={service}
              isPending={pending === service}
              isDisabled={pending !== null && pending !== service}
              onPress={() => loginWith(service)}
            >
              <SocialIcon service={service} />
              {label}
            </Button>
          );
        })}
      </div>
      {dialog}
    </section>
  );
}
