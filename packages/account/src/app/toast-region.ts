// The toast region (with its animation library), in a chunk the shell loads when it is first needed.
export { ToastRegion } from '@backline/ui';
