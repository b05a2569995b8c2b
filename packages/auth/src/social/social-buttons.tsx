import { useSettings } from '@backline/core/react';
import { Button, IconButton } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import type { SocialSignInScreen } from '../config/auth-config';
import { SOCIAL_SERVICES, type SocialService } from './open-social-popup';
import { SocialIcon } from './social-icons';
import { useSocialLogin } from './use-social-login';

/** How each provider is named on its button. */
export const SOCIAL_SERVICE_NAMES: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
};

/** The providers whose setting `social.{service}.enable` is on, in the spec's order. */
export function useEnabledSocialServices(): SocialService[] {
  const settings = useSettings<Partial<Record<SocialService, { enable?: boolean }>> | null>('social', null);
  return SOCIAL_SERVICES.filter((service) => settings?.[service]?.enable === true);
}

/** Whether the social block shows: registration is enabled and at least one provider is (spec accounts §2). */
export function useSocialSignInVisible(): boolean {
  const registrationDisabled = useSettings<boolean>('registration.disable', false);
  const services = useEnabledSocialServices();
  return !registrationDisabled && services.length > 0;
}

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
 * provider, full width, or icon-only when compact. Renders nothing while registration is disabled or no
 * provider is enabled.
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
