import { IconButton } from '@backline/ui';
import { Slider, SliderThumb, SliderTrack } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePlaybackSnapshot, usePlayerEngine } from '../player-provider';
import { MutedIcon, VolumeIcon } from './player-icons';

/** Volume slider (0–100, arrow keys step 5) and a mute button that remembers the level. */
export function VolumeControl() {
  const { t } = useTranslation();
  const { controller } = usePlayerEngine();
  const { volume, muted } = usePlaybackSnapshot();
  const silent = muted || volume === 0;
  return (
    <div className="player-volume">
      <IconButton
        aria-label={silent ? t('Unmute') : t('Mute')}
        onPress={() => (volume === 0 ? controller.setVolume(0.5) : controller.setMuted(!muted))}
      >
        {silent ? <MutedIcon /> : <VolumeIcon />}
      </IconButton>
      <Slider
        className="player-volume__slider"
        aria-label={t('Volume')}
        minValue={0}
        maxValue={100}
        step={5}
        value={muted ? 0 : Math.round(volume * 100)}
        onChange={(value) => controller.setVolume(value / 100)}
      >
        <SliderTrack className="player-volume__track">
          {({ state }) => (
            <>
              <div className="player-volume__fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
              <SliderThumb className="player-volume__thumb" aria-label={t('Volume')} />
            </>
          )}
        </SliderTrack>
      </Slider>
    </div>
  );
}
