import type { ReactNode } from 'react';
import { type DragAndDropHooks, DropIndicator, type Key, useDragAndDrop } from 'react-aria-components';
import type { Track } from '../../contract';

export interface TrackMove {
  trackIds: number[];
  targetId: number;
  position: 'before' | 'after';
}

/**
 * Drag and drop (and its keyboard equivalent) for the rows of a playlist its listener may edit. It lives apart from
 * the tracks table so that react-aria's drag and drop code loads only with an editable playlist: the table renders
 * its list through `children` with these hooks.
 */
export function TracksReorder({
  rows,
  byKey,
  onReorder,
  children,
}: {
  rows: { id: Key; track: Track }[];
  byKey: Map<Key, Track>;
  onReorder: (move: TrackMove) => void;
  children: (dragAndDropHooks: DragAndDropHooks) => ReactNode;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => {
        const track = byKey.get(key);
        return { 'text/plain': track?.name ?? String(key), 'application/x-backline-track-id': String(key) };
      }),
    onReorder: (event) => {
      const ids = rows.filter((row) => event.keys.has(row.id)).map((row) => row.track.id);
      const target = byKey.get(event.target.key);
      const position = event.target.dropPosition === 'after' ? 'after' : 'before';
      if (target) onReorder({ trackIds: ids, targetId: target.id, position });
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className="music-drop-indicator" />,
  });
  return children(dragAndDropHooks);
}
