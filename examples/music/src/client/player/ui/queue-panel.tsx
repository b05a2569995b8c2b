import { Button, CloseIcon, Dialog, IconButton } from '@backline/ui';
import type { TFunction } from 'i18next';
import {
  Button as AriaButton,
  GridList,
  GridListItem,
  type Key,
  useDragAndDrop,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { QueueModel } from '../engine/queue';
import type { PlayContext, QueueEntry } from '../engine/types';
import { usePlaybackSnapshot, usePlayerEngine, useQueueSnapshot } from '../player-provider';
import { formatTime } from './format-time';
import { Cover } from './player-bar';
import { DragHandleIcon } from './player-icons';

const CONTEXT_LABELS: Record<PlayContext['type'], (t: TFunction) => string> = {
  album: (t) => t('Album'),
  playlist: (t) => t('Playlist'),
  artist: (t) => t('Artist'),
  search: (t) => t('Search results'),
  liked: (t) => t('Liked songs'),
  track: (t) => t('Track'),
  queue: (t) => t('Queue'),
  genre: (t) => t('Genre'),
  channel: (t) => t('Channel'),
};

function EntryRow({ entry }: { entry: QueueEntry }) {
  const track = entry.track;
  return (
    <span className="player-queue__row">
      <Cover track={track} size={40} />
      <span className="player-queue__text">
        <span className="player-title__name">{track.name}</span>
        <span className="player-title__artists">{track.artists.map((a) => a.name).join(', ')}</span>
      </span>
      <span className="player-queue__duration">{formatTime(track.durationMs)}</span>
    </span>
  );
}

/**
 * One reorderable list of the panel (the listener's queue, or the rest of the context). Drag and drop, and its
 * keyboard equivalent, come from react-aria's useDragAndDrop; a drop lands before or after another entry.
 */
function EntryList({
  label,
  entries,
  queue,
  onPlay,
}: {
  label: string;
  entries: readonly QueueEntry[];
  queue: QueueModel;
  onPlay(key: string): void;
}) {
  const { t } = useTranslation();
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      if (event.target.dropPosition === 'on') return;
      queue.move([...event.keys].map(String), String(event.target.key), event.target.dropPosition);
    },
  });
  return (
    <GridList
      aria-label={label}
      className="player-queue__list"
      items={entries}
      dragAndDropHooks={dragAndDropHooks}
      onAction={(key: Key) => onPlay(String(key))}
    >
      {(entry) => (
        <GridListItem id={entry.key} textValue={entry.track.name} className="player-queue__item">
          <AriaButton
            slot="drag"
            className="player-queue__handle"
            aria-label={t('Reorder :name', { name: entry.track.name })}
          >
            <DragHandleIcon size={18} />
          </AriaButton>
          <EntryRow entry={entry} />
          <IconButton
            size="sm"
            aria-label={t('Remove :name from the queue', { name: entry.track.name })}
            onPress={() => queue.remove([entry.key])}
          >
            <CloseIcon size={16} />
          </IconButton>
        </GridListItem>
      )}
    </GridList>
  );
}

/** The queue itself, without the dialog around it (stories and the full view embed it). */
export function QueueContents() {
  const { t } = useTranslation();
  const { queue, controller } = usePlayerEngine();
  const snapshot = useQueueSnapshot();
  const playback = usePlaybackSnapshot();
  const upcoming = snapshot.order.slice(snapshot.contextPos + 1).map((i) => snapshot.contextEntries[i]!);
  const context = snapshot.context;
  const contextName = context ? (context.name ?? CONTEXT_LABELS[context.type](t)) : null;
  return (
    <div className="player-queue">
      <h3 className="player-queue__heading">{t('Now playing')}</h3>
      {snapshot.current ? (
        <div className="player-queue__now" data-status={playback.status}>
          <EntryRow entry={snapshot.current} />
        </div>
      ) : (
        <p className="player-queue__empty">{t('Nothing playing')}</p>
      )}
      <div className="player-queue__section-head">
        <h3 className="player-queue__heading">{t('Next in queue')}</h3>
        {snapshot.queue.length > 0 ? (
          <Button variant="text" size="sm" onPress={() => queue.clearQueue()}>
            {t('Clear queue')}
          </Button>
        ) : null}
      </div>
      {snapshot.queue.length > 0 ? (
        <EntryList
          label={t('Next in queue')}
          entries={snapshot.queue}
          queue={queue}
          onPlay={(key) => controller.jumpTo(key)}
        />
      ) : (
        <p className="player-queue__empty">{t('Tracks you add to the queue appear here.')}</p>
      )}
      {upcoming.length > 0 ? (
        <>
          <h3 className="player-queue__heading">
            {contextName ? t('Next from: :name', { name: contextName }) : t('Next up')}
          </h3>
          <EntryList
            label={contextName ? t('Next from: :name', { name: contextName }) : t('Next up')}
            entries={upcoming}
            queue={queue}
            onPlay={(key) => controller.jumpTo(key)}
          />
        </>
      ) : null}
    </div>
  );
}

/** The queue panel: what is playing, what comes next from the queue, and what comes next from the context. */
export function QueuePanel(props: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('Queue')} size="md" className="player-queue-dialog" {...props}>
      <QueueContents />
    </Dialog>
  );
}
