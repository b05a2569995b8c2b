import { useSettings } from '@backline/core/react';
import { toast } from '@backline/ui';
import { useCallback } from 'react';
import { openSocialPopup, type SocialPopupResult, type SocialService } from './open-social-popup';

/** Spec accounts §8: what an ERROR without a message shows. */
export const SOCIAL_ERROR_MESSAGE = 'An error occurred. Please try again later';

/** A popup path of one's own instead of a service name, e.g. `secure/auth/social/google/connect`. */
export type SocialPopupPath = `${string}/${string}`;

/** Opens a social popup for `service` and mode against the site's `base_url`. */
export function useOpenSocialPopup() {
  const baseUrl = useSettings<string>('base_url', '');
  return useCallback(
    (
      service: SocialService | SocialPopupPath,
      mode: 'login' | 'connect',
    ): Promise<SocialPopupResult | null> =>
      // A path (anything with a slash) is opened as it is (spec accounts §7, the connect row).
      openSocialPopup(service.includes('/') ? service : `secure/auth/social/${service}/${mode}`, {
        baseUrl: baseUrl || undefined,
      }),
    [baseUrl],
  );
}

/** Shows an ERROR outcome: the server's message, else the generic one. */
export function showSocialError(result: SocialPopupResult): void {
  toast.danger(result.callbackData.errorMessage || SOCIAL_ERROR_MESSAGE);
}
