import { applyBootstrapAnswer } from '@backline/core';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { loadContract } from '../shared/auth-routes';
import type { SocialService } from './open-social-popup';
import { PasswordRequiredDialog, type SocialConnectAnswer } from './password-required-dialog';
import { type SocialPopupPath, showSocialError, useOpenSocialPopup } from './use-social-popup';

export interface SocialConnect {
  /**
   * Opens `secure/auth/social/{service}/connect` (or a path given instead, any string with a slash) in the popup and links the provider to the signed-in user.
   * Resolves true once linked (the bootstrap data is applied), false when the popup was closed, an ERROR
   * was shown, or the password dialog was cancelled.
   */
  connect(service: SocialService | SocialPopupPath): Promise<boolean>;
  /** `POST secure/auth/social/{service}/disconnect`; rejects with the server's error (a 422 when it is the last way in). */
  disconnect(service: SocialService): Promise<void>;
  isPending: boolean;
  /**
   * Render once: the password-required dialog. Connecting as a signed-in user does not normally need it; it
   * is there for a REQUEST_PASSWORD answer all the same.
   */
  dialog: ReactNode;
}

/** Connect and disconnect for the account settings' "social-login" section. */
export function useSocialConnect(): SocialConnect {
  const http = useHttp();
  const store = useBootstrapStore();
  const openPopup = useOpenSocialPopup();
  const [isPending, setPending] = useState(false);
  const [request, setRequest] = useState<{ email?: string } | null>(null);
  const settle = useRef<((linked: boolean) => void) | null>(null);

  const connect = useCallback(
    async (service: SocialService | SocialPopupPath) => {
      setPending(true);
      try {
        const result = await openPopup(service, 'connect');
        if (!result) return false;
        if (result.status === 'SUCCESS') return applyBootstrapAnswer(store, result.callbackData) || true;
        if (result.status === 'REQUEST_PASSWORD') {
          settle.current?.(false);
          return await new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setRequest({ email: result.callbackData.email });
          });
        }
        if (result.status === 'ERROR') showSocialError(result);
        return false;
      } finally {
        setPending(false);
      }
    },
    [openPopup, store],
  );

  const disconnect = useCallback(
    async (service: SocialService) => {
      setPending(true);
      try {
        await http.call((await loadContract()).social.disconnect, { params: { service } });
      } finally {
        setPending(false);
      }
    },
    [http],
  );

  const finish = (linked: boolean, answer?: SocialConnectAnswer) => {
    if (answer) applyBootstrapAnswer(store, answer);
    setRequest(null);
    settle.current?.(linked);
    settle.current = null;
  };
  const dialog = (
    <PasswordRequiredDialog
      isOpen={request !== null}
      email={request?.email}
      onCancel={() => finish(false)}
      onConnected={(answer: SocialConnectAnswer) => finish(true, answer)}
    />
  );
  return { connect, disconnect, isPending, dialog };
}
