import { Button, IconButton } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredPlayPermissionDialog } from '../player';
import { PauseIcon, PlayIcon } from './icons';
import { isPlayingContext, type PlayContext, usePlayActions } from './play-actions';

interface PlayButtonProps {
  context: PlayContext;
  /** Starts this context playing (the page knows its tracks). */
  onPlay: () => void;
  /** What is played, for the accessible name: "Play :name". */
  name: string;
  /** `round` is the big round button of a header or a card; `labelled` shows "Play" beside the icon. */
  look?: 'round' | 'labelled';
  isDisabled?: boolean;
  className?: string;
}

/** Plays a collection, or pauses it while it is the one playing. */
export function PlayButton({
  context,
  onPlay,
  name,
  look = 'round',
  isDisabled,
  className,
}: PlayButtonProps) {
  const { t } = useTranslation();
  const player = usePlayActions();
  const playing = isPlayingContext(player, context);
  const [explaining, setExplaining] = useState(false);
  // A role without music.play gets a button that explains how to listen, not a disabled one.
  const onPress = () => (!player.canPlay ? setExplaining(true) : playing ? player.toggle() : onPlay());
  const disabled = isDisabled;
  const explanation = player.canPlay ? null : (
    <DeferredPlayPermissionDialog isOpen={explaining} onOpenChange={setExplaining} />
  );
  if (look === 'labelled') {
    return (
      <>
        <Button variant="primary" onPress={onPress} isDisabled={disabled} className={className}>
          {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
          {playing ? t('Pause') : t('Play')}
        </Button>
        {explanation}
      </>
    );
  }
  return (
    <>
      <IconButton
        variant="primary"
        round
        size="lg"
        aria-label={playing ? t('Pause :name', { name }) : t('Play :name', { name })}
        onPress={onPress}
        isDisabled={disabled}
        className={['music-play-button', className].filter(Boolean).join(' ')}
      >
        {playing ? <PauseIcon size={22} /> : <PlayIcon size={22} />}
      </IconButton>
      {explanation}
    </>
  );
}
