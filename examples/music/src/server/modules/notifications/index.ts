import { type Kit, type NotificationType, notify } from '@backline/server';
import { slugify } from '../../../contract';
import { ARTIST_REQUEST_REVIEWED, ARTIST_REQUEST_SENT } from '../backstage/notify';
import { loadAlbums, loadPlaylists } from '../catalogue/load';

/** "Someone follows me": sent to a listener when another starts following them. */
export const NEW_FOLLOWER: NotificationType = {
  id: 'music.new_follower',
  group: 'Social',
  name: 'Someone follows me',
};

/** "New releases from artists I follow": sent to an artist's followers when an album of theirs is published. */
export const NEW_RELEASE: NotificationType = {
  id: 'music.new_release',
  group: 'Music',
  name: 'New releases from artists I follow',
};

/**
 * "Changes to playlists I follow": sent to a playlist's followers when its tracks are added or removed. In the
 * app only until a listener turns mail on: a playlist can change many times a day.
 */
export const PLAYLIST_CHANGED: NotificationType = {
  id: 'music.playlist_changed',
  group: 'Music',
  name: 'Changes to playlists I follow',
  channels: ['database'],
};

/** Every notification type the music site sends, for `notificationsModule({types})`. */
export const MUSIC_NOTIFICATION_TYPES: NotificationType[] = [
  NEW_FOLLOWER,
  NEW_RELEASE,
  PLAYLIST_CHANGED,
  ARTIST_REQUEST_SENT,
  ARTIST_REQUEST_REVIEWED,
];

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A listener's name as others see it: display name, else first and last name, else the part before the @. */
function nameOf(user: { first_name: string | null; last_name: string | null; email: string }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.email.split('@')[0]!;
}

/**
 * Tells `followedId` that `followerId` follows them now, with the follower's avatar and a link to their profile.
 * The name goes into the line's HTML escaped: it is the follower's to choose.
 */
export async function notifyNewFollower(kit: Kit, followerId: number, followedId: number): Promise<void> {
  const follower = await kit
    .knex('users')
    .where({ id: followerId })
    .first('id', 'first_name', 'last_name', 'email', 'avatar');
  if (!follower) return;
  const name = nameOf(follower);
  await notify(kit, followedId, {
    type: NEW_FOLLOWER.id,
    data: {
      image: follower.avatar ?? null,
      lines: [{ type: 'primary', content: `<strong>${escapeHtml(name)}</strong> started following you` }],
      mainAction: { action: `/user/${follower.id}/${slugify(name)}`, label: 'View profile' },
    },
  });
}

/**
 * Tells everyone who follows one of the album's artists that it is out, with its cover and a link to it; a
 * listener following two of its artists hears once. Call it after the album's transaction commits, so no one is
 * told about an album that was rolled back.
 */
export async function notifyNewRelease(kit: Kit, albumId: number): Promise<number> {
  const [album] = await loadAlbums(kit.knex, [albumId]);
  if (!album || !album.artists.length) return 0;
  const followers: { user_id: number }[] = await kit
    .knex('music_artist_follows')
    .whereIn(
      'artist_id',
      album.artists.map((artist) => artist.id),
    )
    .distinct('user_id');
  if (!followers.length) return 0;
  const by = album.artists.map((artist) => escapeHtml(artist.name)).join(', ');
  await notify(
    kit,
    followers.map((row) => Number(row.user_id)),
    {
      type: NEW_RELEASE.id,
      data: {
        image: album.image ?? null,
        lines: [
          {
            type: 'primary',
            content: `<strong>${by}</strong> released <strong>${escapeHtml(album.name)}</strong>`,
          },
        ],
        mainAction: { action: album.path, label: 'Listen now' },
      },
    },
  );
  return followers.length;
}

/**
 * Tells a playlist's followers that `actorId` changed its tracks, with its cover and a link to it. The one who made
 * the change is not told, nor a follower who can no longer see it (a playlist made private), nor one who still
 * has an unread notice of this playlist: one edit session of many adds is one notification, not dozens. Call it
 * after the change commits.
 */
export async function notifyPlaylistChanged(kit: Kit, playlistId: number, actorId: number): Promise<number> {
  const [playlist] = await loadPlaylists(kit.knex, [playlistId]);
  const actor = await kit
    .knex('users')
    .where({ id: actorId })
    .first('id', 'first_name', 'last_name', 'email');
  if (!playlist || !actor) return 0;
  const row = await kit.knex('music_playlists').where({ id: playlistId }).first('public', 'workspace_id');
  const followers = kit
    .knex('music_playlist_follows')
    .where('playlist_id', playlistId)
    .whereNot('user_id', actorId)
    .whereNotIn(
      'user_id',
      kit
        .knex('notifications')
        .where('type', PLAYLIST_CHANGED.id)
        .whereNull('read_at')
        .whereRaw("data->'mainAction'->>'action' = ?", [playlist.path])
        .select('user_id'),
    );
  // The same rule as reading the playlist: public, or its owner, a collaborator or a member of its workspace.
  if (!row.public)
    followers.where((w) => {
      w.where('user_id', playlist.owner.id).orWhereIn(
        'user_id',
        kit.knex('music_playlist_collaborators').where('playlist_id', playlistId).select('user_id'),
      );
      if (row.workspace_id !== null)
        w.orWhereIn(
          'user_id',
          kit.knex('workspace_members').where('workspace_id', row.workspace_id).select('user_id'),
        );
    });
  const userIds = (await followers.pluck('user_id')).map(Number);
  if (!userIds.length) return 0;
  await notify(kit, userIds, {
    type: PLAYLIST_CHANGED.id,
    data: {
      image: playlist.image ?? null,
      lines: [
        {
          type: 'primary',
          content: `<strong>${escapeHtml(nameOf(actor))}</strong> updated <strong>${escapeHtml(playlist.name)}</strong>, a playlist you follow`,
        },
      ],
      mainAction: { action: playlist.path, label: 'View playlist' },
    },
  });
  return userIds.length;
}
