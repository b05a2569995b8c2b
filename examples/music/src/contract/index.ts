/**
 * The music site's wire contract: resources and routes, declared once and imported by the server modules
 * (`src/server/modules/*`) and the pages (`src/client/*`). See README.md in this folder.
 */

export * from './appearance';
export * from './fields';
export * from './landing';
export * from './resources';
export * as ads from './routes/ads';
export * as backstage from './routes/backstage';
export * as backstageManage from './routes/backstage-manage';
export * as catalogue from './routes/catalogue';
export * as catalogueAdmin from './routes/catalogue-admin';
export * as channelsAdmin from './routes/channels-admin';
export * as library from './routes/library';
export * as musicUploads from './routes/music-uploads';
export * as player from './routes/player';
export * as playlists from './routes/playlists';
export * as profiles from './routes/profiles';
export * as search from './routes/search';
