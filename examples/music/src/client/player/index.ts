// The web player: a framework-free engine (queue model, Web Audio playback, persistence) under ./engine and thin
// React bindings and components on top. Pages use PlayerProvider, usePlayer and PlayerBar.
export type { PlayContext, PlayerTrack, QueueEntry, RepeatMode } from './engine/types';
export {
  PLAY_PERMISSION,
  type PlayerApi,
  PlayerProvider,
  type PlayerProviderProps,
  usePlayer,
} from './player-provider';
export { DeferredPlayPermissionDialog } from './ui/deferred-play-permission';
export type { PlayPermissionDialogProps } from './ui/play-permission';
export { PlayerBar, type PlayerBarProps } from './ui/player-bar';
export { WhenOpened } from './ui/when-opened';
