import { applyBootstrapAnswer } from '@backline/core';
import { admin } from '@backline/core/contract';
import { useBootstrap, useBootstrapStore, useHttp } from '@backline/core/react';
import { Button } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useErrorToast } from '../forms/use-server-form';

/**
 * Shown on every page while an admin is logged in as someone else ("log in as"): whose account this is, and
 * "Return to my account", which ends the impersonated session and signs the admin back in.
 */
export function ImpersonationBanner({ returnTo = '/admin/users' }: { returnTo?: string }) {
  const { t } = useTranslation();
  const data = useBootstrap();
  const store = useBootstrapStore();
  const http = useHttp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const back = useMutation({
    mutationFn: () => http.call(admin.stopImpersonating),
    onSuccess: (answer) => {
      applyBootstrapAnswer(store, answer);
      queryClient.clear();
      navigate(returnTo);
    },
    onError: showError,
  });
  if (!data.impersonator || !data.user) return null;
  return (
    <div className="bl-impersonation" role="status">
      <span>
        {t('You are logged in as :name.', { name: String(data.user.display_name ?? data.user.email) })}
      </span>
      <Button size="sm" variant="outline" isPending={back.isPending} onPress={() => back.mutate()}>
        {t('Return to my account')}
      </Button>
    </div>
  );
}

export default ImpersonationBanner;
