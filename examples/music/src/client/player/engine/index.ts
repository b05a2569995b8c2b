export * from './persistence';
export * from './play-report';
export * from './playback';
export * from './queue';
export * from './types';
