/** Sizes are formatted the way the server words its size messages: the contract's `formatBytes`. */
export { formatBytes } from '@backline/core/contract';
