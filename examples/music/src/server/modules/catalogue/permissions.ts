import type { PermissionDefinition } from '@backline/server';

/** The music permissions. The guests role gets `music.view` and `music.play` on first start (see `grantDefaults`). */
export const MUSIC_PERMISSIONS: PermissionDefinition[] = [
  { name: 'music.view', description: 'Browse the web player: artists, albums, tracks, playlists, search' },
  { name: 'music.play', description: 'Play tracks' },
  { name: 'music.download', description: 'Download tracks' },
  {
    name: 'playlists.create',
    description: 'Create playlists',
    // A role may cap how many playlists each of its users keeps (empty: no limit).
    restrictions: [
      {
        name: 'count',
        type: 'number',
        description: 'The most playlists a user may have',
        min: 0,
        max: 100000,
      },
    ],
  },
  { name: 'music.create', description: 'Add artists, albums, tracks and genres (admin catalogue pages)' },
  {
    name: 'music.update',
    description: 'See and edit the catalogue in the admin: artists, albums, tracks, genres and playlists',
  },
  { name: 'music.delete', description: 'Delete artists, albums, tracks, genres and playlists' },
  {
    name: 'backstage.access',
    description: 'Backstage: edit the artists one is linked to (an approved artist request gives it)',
  },
  { name: 'artists.manage', description: 'Review artist requests: approve or reject them' },
  { name: 'ads.disable', description: 'Hide ads (the paid plans grant it)' },
];

/**
 * The site's own roles: `artist` is what an approved artist request gives (on top of `users`); editing an
 * artist also needs the link to it that the approval makes, so the role alone opens no one else's artist.
 */
export const MUSIC_ROLES = [
  {
    name: 'artist',
    description: 'Artists: manage their own artist profile and music in backstage',
    default: false,
    guests: false,
  },
];

/**
 * Who holds what out of the box: visitors browse and listen without an account; registered listeners also
 * make playlists; artists open backstage. Downloading is off for everyone (the `admin` permission covers the rest).
 */
export const DEFAULT_GRANTS: Record<string, string[]> = {
  guests: ['music.view', 'music.play'],
  users: ['music.view', 'music.play', 'playlists.create'],
  artist: ['backstage.access'],
};
