import { redirectTarget } from '@backline/core';
import { useBootstrapStore } from '@backline/core/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';

/**
 * Goes where the core's redirect rules send someone who just registered or logged in (spec accounts §4),
 * replacing the sign-in screen in history so Back does not return to it. Reads the store when called, so
 * it sees the bootstrap data the answer just put there.
 */
export function useAuthRedirect(): () => void {
  const store = useBootstrapStore();
  const navigate = useNavigate();
  const { redirectUri, adminRedirectUri } = useAuthConfig();
  return useCallback(() => {
    navigate(redirectTarget(store.getSnapshot(), { redirectUri, adminRedirectUri }), { replace: true });
  }, [store, navigate, redirectUri, adminRedirectUri]);
}
