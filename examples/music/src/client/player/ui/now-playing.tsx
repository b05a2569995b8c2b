import { Button, Dialog, ListItem, Select } from '@backline/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CROSSFADE_SECONDS } from '../engine/playback';
import type { PlayerTrack } from '../engine/types';
import { usePlaybackSnapshot, usePlayerEngine } from '../player-provider';
import { Cover, TrackTitle, TransportControls } from './player-bar';
import { SeekBar } from './seek-bar';
import { VolumeControl } from './volume-control';

/** The crossfade setting: off, or 1 to 12 seconds of blend between tracks. */
export function CrossfadeSetting() {
  const { t } = useTranslation();
  const { controller } = usePlayerEngine();
  const { crossfadeSeconds } = usePlaybackSnapshot();
  const options = [
    { id: 0, label: t('Off') },
    ...Array.from({ length: MAX_CROSSFADE_SECONDS }, (_, i) => ({
      id: i + 1,
      label: t(':count s', { count: i + 1 }),
    })),
  ];
  return (
    <Select
      label={t('Crossfade')}
      items={options}
      selectedKey={crossfadeSeconds}
      onSelectionChange={(key) => controller.setCrossfade(Number(key))}
    >
      {(option) => <ListItem id={option.id}>{option.label}</ListItem>}
    </Select>
  );
}

/** The full-screen "now playing" view: big cover, title, artists, the whole transport and the settings. */
export function NowPlaying({
  likeSlot,
  onOpenQueue,
  ...props
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  likeSlot?: (track: PlayerTrack) => ReactNode;
  onOpenQueue(): void;
}) {
  const { t } = useTranslation();
  const { current } = usePlaybackSnapshot();
  const track = current?.track ?? null;
  return (
    <Dialog title={t('Now playing')} size="full" className="player-now" {...props}>
      <div className="player-now__body">
        <Cover track={track} size={320} />
        {track ? (
          <div className="player-now__meta">
            <TrackTitle track={track} />
            {likeSlot ? likeSlot(track) : null}
          </div>
        ) : null}
        <SeekBar />
        <TransportControls size="lg" />
        <div className="player-now__tools">
          <VolumeControl />
          <Button variant="outline" size="sm" onPress={onOpenQueue}>
            {t('Queue')}
          </Button>
        </div>
        <CrossfadeSetting />
      </div>
    </Dialog>
  );
}
