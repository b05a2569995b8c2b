import { useState } from 'react';
import { Slider, SliderThumb, SliderTrack } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePlaybackSnapshot, usePlayerEngine } from '../player-provider';
import { formatTime } from './format-time';

/**
 * The seek bar: elapsed and total time, the buffered range behind the played one, and a slider that seeks on
 * release (dragging does not stutter the audio). With focus on it, arrow keys move it a second at a time.
 */
export function SeekBar({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { controller } = usePlayerEngine();
  const playback = usePlaybackSnapshot();
  const [dragging, setDragging] = useState<number | null>(null);
  const duration = Math.max(playback.durationMs, 0);
  const position = Math.min(dragging ?? playback.positionMs, duration || Number.POSITIVE_INFINITY);
  const disabled = !playback.current || duration === 0;
  const fraction = duration ? position / duration : 0;
  return (
    <div className="player-seek" data-compact={compact || undefined}>
      {compact ? null : <span className="player-seek__time">{formatTime(position)}</span>}
      <Slider
        className="player-seek__slider"
        aria-label={t('Seek')}
        minValue={0}
        maxValue={Math.max(1, Math.round(duration / 1000))}
        step={1}
        value={Math.round(position / 1000)}
        isDisabled={disabled}
        onChange={(seconds) => setDragging(seconds * 1000)}
        onChangeEnd={(seconds) => {
          setDragging(null);
          controller.seek(seconds * 1000);
        }}
      >
        <SliderTrack className="player-seek__track">
          <div className="player-seek__buffered" style={{ width: `${playback.buffered * 100}%` }} />
          <div className="player-seek__played" style={{ width: `${fraction * 100}%` }} />
          <SliderThumb
            className="player-seek__thumb"
            aria-label={t('Seek')}
            // Screen readers hear "1:23 of 3:45" rather than bare seconds.
            aria-valuetext={t(':elapsed of :total', {
              elapsed: formatTime(position),
              total: formatTime(duration),
            })}
          />
        </SliderTrack>
      </Slider>
      {compact ? null : <span className="player-seek__time">{formatTime(duration)}</span>}
    </div>
  );
}
