import { useSettings, useUser } from '@backline/core/react';
import { ButtonLink, Dialog } from '@backline/ui';
import { useTranslation } from 'react-i18next';

export interface PlayPermissionDialogProps {
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * What a play button opens for a role without `music.play`: a visitor is asked to sign in (or create an account),
 * a signed-in listener to upgrade (with billing on) or to ask the site's team (without plans to offer). A play button must never be disabled silently or fail without a word. Use it
 * inside a `DialogTrigger`, or controlled with `isOpen`.
 */
export function PlayPermissionDialog({ isOpen, onOpenChange }: PlayPermissionDialogProps) {
  const { t } = useTranslation();
  const user = useUser();
  // Plans (and /pricing) exist only with billing on; without it a listener can only ask the site's team.
  const billing = useSettings<boolean>('billing.enable', false) === true;
  const controlled = { ...(isOpen !== undefined && { isOpen }), ...(onOpenChange && { onOpenChange }) };
  if (!user) {
    return (
      <Dialog
        size="sm"
        {...controlled}
        title={t('Sign in to play music')}
        footer={
          <>
            <ButtonLink variant="outline" href="/register">
              {t('Create account')}
            </ButtonLink>
            <ButtonLink href="/login">{t('Sign in')}</ButtonLink>
          </>
        }
      >
        <p>{t('Sign in or create an account to play music.')}</p>
      </Dialog>
    );
  }
  if (billing) {
    return (
      <Dialog
        size="sm"
        {...controlled}
        title={t('Upgrade to play music')}
        footer={<ButtonLink href="/pricing">{t('See plans')}</ButtonLink>}
      >
        <p>{t('Your plan does not include listening. Upgrade to play music.')}</p>
      </Dialog>
    );
  }
  return (
    <Dialog size="sm" {...controlled} title={t('Your account cannot play music')}>
      <p>{t("Your account does not include listening. Ask the site's team to give it access.")}</p>
    </Dialog>
  );
}
