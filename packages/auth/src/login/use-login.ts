import { applyBootstrapAnswer } from '@backline/core';
import { auth } from '@backline/core/contract';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { useMutation } from '@tanstack/react-query';
import type { LoginPayload } from '../shared/types';
import { useAuthRedirect } from '../shared/use-auth-redirect';

/**
 * `POST auth/login`. An answer with bootstrap data replaces the store and goes to the redirect target; an
 * answer flagged `two_factor` calls `onTwoFactor`, and the screen asks for the second factor.
 */
export function useLogin({ onTwoFactor }: { onTwoFactor: () => void }) {
  const http = useHttp();
  const store = useBootstrapStore();
  const redirect = useAuthRedirect();
  return useMutation({
    mutationFn: (payload: LoginPayload) => http.call(auth.login, { body: payload }),
    onSuccess: (answer) => {
      if ('two_factor' in answer) onTwoFactor();
      else if (applyBootstrapAnswer(store, answer)) redirect();
    },
  });
}
