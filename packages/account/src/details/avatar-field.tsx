import { account } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { toast } from '@backline/ui';
import { ImageUploadField } from '@backline/uploads/react';
import { useTranslation } from 'react-i18next';
import { useApplyUser } from '../shared/queries';
import type { AccountUser } from '../shared/types';

/**
 * The profile image, on @backline/uploads' image field (images only, up to 2 MB, 90×90 preview): the file
 * goes as multipart `file` to `POST users/{id}/avatar` ("Uploaded avatar"), "Remove image" calls
 * `DELETE users/{id}/avatar` ("Removed avatar"). A refused file or a failed call shows a danger toast.
 */
export function AvatarField({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const http = useHttp();
  const applyUser = useApplyUser();
  return (
    <ImageUploadField
      label={t('Profile image')}
      description={t('Images up to 2 MB.')}
      value={user.avatar}
      route={account.uploadAvatar}
      params={{ id: user.id }}
      onUploaded={(answer) => applyUser(answer.user)}
      onRemove={async () => {
        const answer = await http.call(account.removeAvatar, { params: { id: user.id } });
        applyUser(answer.user);
      }}
      onChange={(url) => toast.positive(url ? t('Uploaded avatar') : t('Removed avatar'))}
    />
  );
}
