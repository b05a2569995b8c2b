import { SOCIAL_SERVICES as SERVICES, type SocialService as Service } from '@backline/core/contract';
import { useSettings } from '@backline/core/react';

// These live apart from the buttons so the sign-in screens can decide whether to show the social block
// without loading it: the buttons, popup, password dialog and icons load only when a provider is on.

/** The social providers; each is offered when its setting `social.{service}.enable` is on. */
export const SOCIAL_SERVICES = SERVICES;
export type SocialService = Service;

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
