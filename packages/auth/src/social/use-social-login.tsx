import { applyBootstrapAnswer, refreshBootstrap } from '@backline/core';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { type ReactNode, useCallback, useState } from 'react';
import { useAuthRedirect } from '../shared/use-auth-redirect';
import type { SocialService } from './open-social-popup';
import { PasswordRequiredDialog, type SocialConnectAnswer } from './password-required-dialog';
import { showSocialError, useOpenSocialPopup } from './use-social-popup';

export interface SocialLogin {
  /** Opens the provider's popup and acts on its outcome (spec accounts §4). */
  loginWith(service: SocialService): Promise<void>;
  /** The service whose popup is open, if any. */
  pending: SocialService | null;
  /** Render once: the password-required dialog, open while a REQUEST_PASSWORD waits for the password. */
  dialog: ReactNode;
}

/**
 * Social sign-in for the login and register screens. SUCCESS applies the bootstrap data and goes to the
 * redirect target; ALREADY_LOGGED_IN reloads the bootstrap data and goes there too; REQUEST_PASSWORD opens
 * `PasswordRequiredDialog` (returned as `dialog`, so render it); ERROR shows the message or "An error
 * occurred. Please try again later"; a popup closed by the user does nothing. An account with two-factor
 * calls `onTwoFactor` (the login screen shows its challenge).
 */
export function useSocialLogin({ onTwoFactor }: { onTwoFactor?: () => void } = {}): SocialLogin {
  const http = useHttp();
  const store = useBootstrapStore();
  const redirect = useAuthRedirect();
  const openPopup = useOpenSocialPopup();
  const [pending, setPending] = useState<SocialService | null>(null);
  const [request, setRequest] = useState<{ email?: string } | null>(null);

  const signedIn = useCallback(
    (answer: SocialConnectAnswer) => {
      if (applyBootstrapAnswer(store, answer)) redirect();
      else if ('two_factor' in answer && answer.two_factor) onTwoFactor?.();
    },
    [store, redirect, onTwoFactor],
  );

  const loginWith = useCallback(
    async (service: SocialService) => {
      setPending(service);
      try {
        const result = await openPopup(service, 'login');
        if (!result) return;
        switch (result.status) {
          case 'SUCCESS':
            signedIn(result.callbackData);
            break;
          case 'ALREADY_LOGGED_IN':
            await refreshBootstrap(store, http).catch(() => undefined);
            redirect();
            break;
          case 'REQUEST_PASSWORD':
            setRequest({ email: result.callbackData.email });
            break;
          default:
            showSocialError(result);
        }
      } finally {
        setPending(null);
      }
    },
    [openPopup, signedIn, store, http, redirect],
  );

  const dialog = (
    <PasswordRequiredDialog
      isOpen={request !== null}
      email={request?.email}
      onCancel={() => setRequest(null)}
      onConnected={(answer) => {
        setRequest(null);
        signedIn(answer);
      }}
    />
  );
  return { loginWith, pending, dialog };
}
