import { applyBootstrapAnswer } from '@backline/core';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { loadContract, usePrefetchContract } from '../shared/auth-routes';
import type { RegisterPayload } from '../shared/types';
import { useAuthRedirect } from '../shared/use-auth-redirect';

/** The status of a registration that waits for the mailed verification link. */
export const NEEDS_EMAIL_VERIFICATION = 'needs_email_verification';

/**
 * `POST auth/register`. On success the answer's bootstrap data replaces the store; a registration that
 * needs email verification goes to `/` (with the server's message as a toast), any other to the redirect
 * target, replacing the register page in history (spec accounts §4).
 */
export function useRegister() {
  usePrefetchContract();
  const http = useHttp();
  const store = useBootstrapStore();
  const navigate = useNavigate();
  const redirect = useAuthRedirect();
  return useMutation({
    mutationFn: async (payload: RegisterPayload) =>
      http.call((await loadContract()).auth.register, { body: payload }),
    onSuccess: (answer) => {
      applyBootstrapAnswer(store, answer);
      if (answer.status === NEEDS_EMAIL_VERIFICATION) {
        if (answer.message) toast.positive(answer.message);
        navigate('/');
      } else {
        redirect();
      }
    },
  });
}
