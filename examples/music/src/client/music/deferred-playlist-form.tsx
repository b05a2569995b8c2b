import { lazy } from 'react';
import { WhenOpened } from '../player';
import type { PlaylistFormDialogProps } from './playlist-dialogs';

// The playlist form (fields, switch, form) is only for someone creating a playlist: its code loads then, not with
// the sidebar and every track's menu.
const LazyPlaylistFormDialog = lazy(() =>
  import('./playlist-dialogs').then((module) => ({ default: module.PlaylistFormDialog })),
);

/** PlaylistFormDialog (see playlist-dialogs.tsx), its code loaded the first time it opens. */
export function DeferredPlaylistFormDialog(props: PlaylistFormDialogProps) {
  return (
    <WhenOpened isOpen={props.isOpen}>
      <LazyPlaylistFormDialog {...props} />
    </WhenOpened>
  );
}
