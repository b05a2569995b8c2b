import { applyBootstrapAnswer } from '@backline/core';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { useMutation } from '@tanstack/react-query';
import { loadContract } from '../shared/auth-routes';
import type { TwoFactorPayload } from '../shared/types';
import { useAuthRedirect } from '../shared/use-auth-redirect';

/** `POST auth/two-factor-challenge`: finishes a login; the answer's bootstrap data replaces the store. */
export function useTwoFactorChallenge() {
  const http = useHttp();
  const store = useBootstrapStore();
  const redirect = useAuthRedirect();
  return useMutation({
    mutationFn: async (payload: TwoFactorPayload) =>
      http.call((await loadContract()).twoFactor.challenge, { body: payload }),
    onSuccess: (answer) => {
      applyBootstrapAnswer(store, answer);
      redirect();
    },
  });
}
