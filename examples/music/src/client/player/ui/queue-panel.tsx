import { Button, CloseIcon, Dialog, IconButton } from '@backline/ui';
import type { TFunction } from 'i18next';
import {
  Button as AriaButton,
  type DropItem,
  type DroppableCollectionRootDropEvent,
  GridList,
  GridListItem,
  isTextDropItem,
  type Key,
  useDragAndDrop,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { QueueModel } from '../engine/queue';
import type { PlayContext, QueueEntry } from '../engine/types';
import { usePlaybackSnapshot, usePlayerEngine, useQueueSnapshot } from '../player-provider';
import { formatTime } from './format-time';
import { Cover } from './player-bar';
import { AddToQueueIcon, DragHandleIcon } from './player-icons';

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

/** The drag type of a queue panel row; its value is the entry's key. */
const ENTRY_TYPE = 'application/x-backline-queue-entry';

async function droppedKeys(items: readonly DropItem[]): Promise<string[]> {
  const texts = items.filter(isTextDropItem).filter((item) => item.types.has(ENTRY_TYPE));
  return Promise.all(texts.map((item) => item.getText(ENTRY_TYPE)));
}

/**
 * One reorderable list of the panel (the listener's queue, or the rest of the context). Drag and drop, and its
 * keyboard equivalent, come from react-aria's useDragAndDrop; a drop lands before or after another entry, in the
 * same list or in the other one (an entry moved across changes section). The queue also takes a drop on its empty
 * space, so a track can be dragged into an empty queue.
 */
function EntryList({
  label,
  entries,
  queue,
  onPlay,
  section,
  emptyText,
}: {
  label: string;
  entries: readonly QueueEntry[];
  queue: QueueModel;
  onPlay(key: string): void;
  /** The queue takes drops on its root; rows of the context get a button that moves them into the queue. */
  section: 'queue' | 'context';
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({
        [ENTRY_TYPE]: String(key),
        'text/plain': entries.find((entry) => entry.key === key)?.track.name ?? String(key),
      })),
    acceptedDragTypes: [ENTRY_TYPE],
    getDropOperation: () => 'move',
    onReorder: (event) => {
      if (event.target.dropPosition === 'on') return;
      queue.move([...event.keys].map(String), String(event.target.key), event.target.dropPosition);
    },
    onInsert: async (event) => {
      if (event.target.dropPosition === 'on') return;
      queue.move(await droppedKeys(event.items), String(event.target.key), event.target.dropPosition);
    },
    ...(section === 'queue' && {
      onRootDrop: async (event: DroppableCollectionRootDropEvent) => {
        queue.moveToQueue(await droppedKeys(event.items));
      },
    }),
  });
  return (
    <GridList
      aria-label={label}
      className="player-queue__list"
      items={entries}
      dragAndDropHooks={dragAndDropHooks}
      onAction={(key: Key) => onPlay(String(key))}
      renderEmptyState={() => <p className="player-queue__empty">{emptyText}</p>}
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
          {section === 'context' ? (
            <IconButton
              size="sm"
              aria-label={t('Move :name to the queue', { name: entry.track.name })}
              onPress={() => queue.moveToQueue([entry.key])}
            >
              <AddToQueueIcon size={16} />
            </IconButton>
          ) : null}
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
      <EntryList
        label={t('Next in queue')}
        entries={snapshot.queue}
        queue={queue}
        section="queue"
        emptyText={t('Tracks you add to the queue appear here.')}
        onPlay={(key) => controller.jumpTo(key)}
      />
      {upcoming.length > 0 ? (
        <>
          <h3 className="player-queue__heading">
            {contextName ? t('Next from: :name', { name: contextName }) : t('Next up')}
          </h3>
          <EntryList
            label={contextName ? t('Next from: :name', { name: contextName }) : t('Next up')}
            entries={upcoming}
            queue={queue}
            section="context"
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
