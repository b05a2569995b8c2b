import { applyBootstrapAnswer } from '@backline/core';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { toast } from '@backline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';
import { loadContract } from '../shared/auth-routes';
import { formFeedback } from '../shared/server-errors';

/** The toast shown when logging out from inside the appearance editor's preview. */
export const LOGOUT_IN_EDITOR_MESSAGE = "Can't logout while in appearance editor.";

/**
 * Logging out (spec accounts §4): refused with "Can't logout while in appearance editor." while the editor
 * previews the site; otherwise `POST auth/logout`, whose bootstrap data replaces the store, then every
 * cached query is dropped (it belonged to the user) and the app goes to the login screen.
 */
export function useLogout(): { logout: () => void; isPending: boolean } {
  const { t } = useTranslation();
  const http = useHttp();
  const store = useBootstrapStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isAppearanceEditorActive, loginPath } = useAuthConfig();
  const [isPending, setPending] = useState(false);
  // A second click while the first request runs must not log out twice.
  const running = useRef(false);

  const logout = useCallback(async () => {
    if (isAppearanceEditorActive()) {
      toast.danger(LOGOUT_IN_EDITOR_MESSAGE);
      return;
    }
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      const answer = await http.call((await loadContract()).auth.logout);
      applyBootstrapAnswer(store, answer);
      queryClient.clear();
      navigate(loginPath);
    } catch (error) {
      const feedback = formFeedback(error, [], (line) => t(line));
      if (feedback.toast) toast.danger(feedback.toast.message, { action: feedback.toast.action });
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [http, store, queryClient, navigate, isAppearanceEditorActive, loginPath, t]);

  return { logout: () => void logout(), isPending };
}
