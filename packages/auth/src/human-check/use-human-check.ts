import { useHttp, useSettings } from '@backline/core/react';
import { useCallback } from 'react';
import { loadContract } from '../shared/auth-routes';
import { type HumanCheckAction, type HumanCheckProvider, humanCheckToken } from './providers';

export interface HumanCheck {
  /** A site key is set and `recaptcha.enable.{action}` is on. */
  enabled: boolean;
  /**
   * Runs the check: loads the provider's script (first time only), gets a token and sends it to
   * `POST recaptcha/verify`. Resolves true when the server says human; false on any failure.
   */
  verify(): Promise<boolean>;
}

/**
 * The human check for an action (spec accounts §5), configured by the public settings `recaptcha.site_key`,
 * `recaptcha.provider` and `recaptcha.enable.{action}`. Nothing is loaded until `verify` is called.
 */
export function useHumanCheck(action: HumanCheckAction): HumanCheck {
  const http = useHttp();
  const siteKey = useSettings<string>('recaptcha.site_key', '');
  const provider = useSettings<HumanCheckProvider>('recaptcha.provider', 'recaptcha') || 'recaptcha';
  const on = useSettings<boolean>(`recaptcha.enable.${action}`, false) === true;
  const enabled = Boolean(siteKey) && on;
  const verify = useCallback(async () => {
    if (!enabled) return true;
    try {
      const token = await humanCheckToken(provider, siteKey, action);
      const answer = await http.call((await loadContract()).humanCheck.verify, { body: { token, action } });
      return answer?.success === true;
    } catch {
      return false;
    }
  }, [enabled, provider, siteKey, action, http]);
  return { enabled, verify };
}
