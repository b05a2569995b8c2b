import { idParam, paginated, route } from '@backline/core/contract';
import * as z from 'zod/mini';
import { pageQuery } from '../fields';
import { Playlist, UserProfile } from '../resources';

/** Listener profiles (`/user/{id}/{slug}`): public playlists, followers and following. */

const TAG = 'profiles';
const id = z.object({ id: idParam() });

/** `GET profiles/{id}` */
export const showProfile = route({
  method: 'GET',
  path: 'profiles/{id}',
  tag: TAG,
  summary: "A listener's profile",
  params: id,
  response: z.object({ user: UserProfile }),
  permission: 'music.view',
  errors: [404],
});

/** `GET profiles/{id}/playlists`: their public playlists. */
export const profilePlaylists = route({
  method: 'GET',
  path: 'profiles/{id}/playlists',
  tag: TAG,
  summary: "A listener's public playlists",
  params: id,
  query: z.object(pageQuery()),
  response: paginated(Playlist),
  permission: 'music.view',
  errors: [404],
});

/** `GET profiles/{id}/followers` */
export const profileFollowers = route({
  method: 'GET',
  path: 'profiles/{id}/followers',
  tag: TAG,
  summary: "A listener's followers",
  params: id,
  query: z.object(pageQuery()),
  response: paginated(UserProfile),
  permission: 'music.view',
  errors: [404],
});

/** `GET profiles/{id}/following`: the listeners they follow. */
export const profileFollowing = route({
  method: 'GET',
  path: 'profiles/{id}/following',
  tag: TAG,
  summary: 'Listeners a listener follows',
  params: id,
  query: z.object(pageQuery()),
  response: paginated(UserProfile),
  permission: 'music.view',
  errors: [404],
});
