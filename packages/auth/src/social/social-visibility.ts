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

/**
 * Whether the social block shows: at least one provider is enabled. The registration switch is not part of it:
 * it only closes the register screen (which then redirects to log in), while people whose account is linked
 * to a provider must still be able to sign in with it from the login screen.
 */
export function useSocialSignInVisible(): boolean {
  return useEnabledSocialServices().length > 0;
}
