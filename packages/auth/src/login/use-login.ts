import { applyBootstrapAnswer } from '@backline/core';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { useMutation } from '@tanstack/react-query';
import { loadContract, usePrefetchContract } from '../shared/auth-routes';
import type { LoginPayload } from '../shared/types';
import { useAuthRedirect } from '../shared/use-auth-redirect';

/**
 * `POST auth/login`. An answer with bootstrap data replaces the store and goes to the redirect target; an
 * answer flagged `two_factor` calls `onTwoFactor`, and the screen asks for the second factor.
 */
export function useLogin({ onTwoFactor }: { onTwoFactor: () => void }) {
  usePrefetchContract();
  const http = useHttp();
  const store = useBootstrapStore();
  const redirect = useAuthRedirect();
  return useMutation({
    mutationFn: async (payload: LoginPayload) =>
      http.call((await loadContract()).auth.login, { body: payload }),
    onSuccess: (answer) => {
      if ('two_factor' in answer) onTwoFactor();
      else if (applyBootstrapAnswer(store, answer)) redirect();
    },
  });
}
