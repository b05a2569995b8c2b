import type { social } from '@backline/core/contract';

type SocialService = social.SocialService;

import { SOCIAL_SERVICE_NAMES, SocialIcon, useEnabledSocialServices, useSocialConnect } from '@backline/auth';
import { Button, toast } from '@backline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../shared/account-section';
import { toastError } from '../shared/feedback';
import { accountQueryKeys } from '../shared/queries';
import type { AccountUser } from '../shared/types';

/** Connect and disconnect, as @backline/auth's `useSocialConnect` provides them (replaceable in stories). */
export interface SocialConnector {
  connect(service: SocialService): Promise<boolean>;
  disconnect(service: SocialService): Promise<void>;
}

/** Spec accounts §4: a service is connected when a profile with a username exists for it. */
export function isConnected(user: Pick<AccountUser, 'social_profiles'>, service: string): boolean {
  return (user.social_profiles ?? []).some(
    (profile) => profile.service_name === service && Boolean(profile.username),
  );
}

/** Social login: one row per enabled provider, with Enable or Disable through the provider's popup. */
export function SocialLoginSection({ user, connector }: { user: AccountUser; connector?: SocialConnector }) {
  const { t } = useTranslation();
  const services = useEnabledSocialServices();
  const social = useSocialConnect();
  return (
    <AccountSection
      id="social-login"
      title={t('Social login')}
      description={t('Enable or disable third party login integrations.')}
    >
      <SocialServiceList user={user} services={services} connector={connector ?? social} />
      {social.dialog}
    </AccountSection>
  );
}

/** The rows alone, for a given connector. */
export function SocialServiceList({
  user,
  services,
  connector,
}: {
  user: AccountUser;
  services: readonly SocialService[];
  connector: SocialConnector;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  if (services.length === 0)
    return <p className="bl-account-text">{t('No social login is enabled for this site.')}</p>;

  const toggle = async (service: SocialService, connected: boolean) => {
    const name = SOCIAL_SERVICE_NAMES[service];
    setPending(service);
    try {
      if (connected) {
        await connector.disconnect(service);
        toast.positive(t('Disabled :service account', { service: name }));
      } else {
        // A popup closed by the user yields false: nothing changed, nothing to say.
        if (!(await connector.connect(service))) return;
        toast.positive(t('Enabled :service account', { service: name }));
      }
      await client.invalidateQueries({ queryKey: accountQueryKeys.user(user.id) });
    } catch (error) {
      toastError(error, t);
    } finally {
      setPending(null);
    }
  };

  return (
    <ul className="bl-account-social" aria-label={t('Social login')}>
      {services.map((service) => {
        const connected = isConnected(user, service);
        const name = SOCIAL_SERVICE_NAMES[service];
        const profile = user.social_profiles?.find((entry) => entry.service_name === service);
        return (
          <li key={service} className="bl-account-social__row" data-service={service}>
            <SocialIcon service={service} size={28} className="bl-account-social__icon" />
            <div className="bl-account-social__info">
              <p className="bl-account-social__name">{t(':service account', { service: name })}</p>
              <p className="bl-account-social__status">
                {connected
                  ? t('Connected as :username', { username: profile?.username ?? '' })
                  : t('Not connected')}
              </p>
            </div>
            <Button
              variant={connected ? 'outline' : 'primary'}
              size="sm"
              isPending={pending === service}
              aria-label={
                connected ? t('Disable :service', { service: name }) : t('Enable :service', { service: name })
              }
              onPress={() => void toggle(service, connected)}
            >
              {connected ? t('Disable') : t('Enable')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
