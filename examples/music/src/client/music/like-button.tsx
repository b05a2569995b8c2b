import { useUser } from '@backline/core/react';
import { Button, IconButton, toast } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { ID_LIST, type LikeTarget, useLibraryIds, useToggleLike } from './api';
import { HeartFilledIcon, HeartIcon } from './icons';

/** Whether the listener likes or follows the target. */
export function useIsLiked(target: LikeTarget): boolean {
  return useLibraryIds()[ID_LIST[target.type]].includes(target.id);
}

/** Likes or follows; a guest is told to sign in first. */
export function useLikeToggle(target: LikeTarget) {
  const { t } = useTranslation();
  const user = useUser();
  const liked = useIsLiked(target);
  const mutation = useToggleLike();
  const toggle = () => {
    if (!user) {
      toast(t('Sign in to save music to your library.'), {
        action: { label: t('Sign in'), action: '/login' },
      });
      return;
    }
    mutation.mutate(
      { target, on: !liked },
      { onError: () => toast.danger(t('There was an issue. Please try again later.')) },
    );
  };
  return { liked, toggle, isPending: mutation.isPending };
}

interface LikeButtonProps {
  target: LikeTarget & { kind: 'like' };
  /** What is liked, for the accessible name. */
  name: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** The heart: a toggle button (`aria-pressed`) that likes a track or an album. */
export function LikeButton({ target, name, size = 'md', className }: LikeButtonProps) {
  const { t } = useTranslation();
  const { liked, toggle } = useLikeToggle(target);
  return (
    <IconButton
      size={size}
      round
      aria-label={t('Like :name', { name })}
      aria-pressed={liked}
      onPress={toggle}
      className={['music-like', className].filter(Boolean).join(' ')}
      data-liked={liked || undefined}
    >
      {liked ? (
        <HeartFilledIcon size={size === 'sm' ? 16 : 20} />
      ) : (
        <HeartIcon size={size === 'sm' ? 16 : 20} />
      )}
    </IconButton>
  );
}

/** Follow / Following: a toggle button for an artist, a listener or a playlist. */
export function FollowButton({ target }: { target: LikeTarget & { kind: 'follow' } }) {
  const { t } = useTranslation();
  const { liked, toggle } = useLikeToggle(target);
  return (
    <Button variant="outline" onPress={toggle} aria-pressed={liked}>
      {liked ? t('Following') : t('Follow')}
    </Button>
  );
}
