import { Button, toast } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { isGone, toastError, useDeclineInvite, useJoinWorkspace } from './queries';

/**
 * Join and Decline of a workspace invitation notification. Joining makes the workspace active ("Joined
 * workspace"); declining answers "Declined workspace invitation"; an invite that is gone (404: revoked, used,
 * declined elsewhere) shows the danger toast "This invite is no longer valid", and the list refreshes.
 */
export function WorkspaceInviteActions({
  inviteId,
  labels,
  onDone,
}: {
  inviteId: string;
  /** The notification's own button labels, when it carries them (English keys). */
  labels?: { join?: string; decline?: string };
  /** Runs after either answer (the item marks itself read). */
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const join = useJoinWorkspace();
  const decline = useDeclineInvite();
  const failed = (error: unknown) => {
    if (isGone(error)) toast.danger(t('This invite is no longer valid'));
    else toastError(error, t);
  };
  const busy = join.isPending || decline.isPending;
  return (
    <span className="bl-notification__buttons">
      <Button
        size="sm"
        variant="primary"
        isDisabled={busy}
        onPress={() =>
          join.mutate(inviteId, {
            onSuccess: () => {
              toast.positive(t('Joined workspace'));
              onDone?.();
            },
            onError: failed,
          })
        }
      >
        {t(labels?.join ?? 'Join')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        isDisabled={busy}
        onPress={() =>
          decline.mutate(inviteId, {
            onSuccess: () => {
              toast.positive(t('Declined workspace invitation'));
              onDone?.();
            },
            onError: failed,
          })
        }
      >
        {t(labels?.decline ?? 'Decline')}
      </Button>
    </span>
  );
}
