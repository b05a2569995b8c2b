import { type Kit, type NotificationType, notify } from '@backline/server';
import type { Knex } from 'knex';
import { ARTISTS_MANAGE_PERMISSION } from '../../../contract/routes/backstage';

/** "Someone asks to become an artist": sent to everyone who may review artist requests. */
export const ARTIST_REQUEST_SENT: NotificationType = {
  id: 'music.artist_request',
  group: 'Artists',
  name: 'Someone asks to become an artist',
};

/** "My artist request was reviewed": sent to the request's author on approval or rejection. */
export const ARTIST_REQUEST_REVIEWED: NotificationType = {
  id: 'music.artist_request_reviewed',
  group: 'Artists',
  name: 'My artist request was reviewed',
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The users holding `artists.manage` or `admin`, through a role or directly. */
export async function reviewerIds(knex: Knex): Promise<number[]> {
  const names = [ARTISTS_MANAGE_PERMISSION, 'admin'];
  const viaRoles = knex('user_roles as ur')
    .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .join('permissions as p', 'p.id', 'rp.permission_id')
    .whereIn('p.name', names)
    .select('ur.user_id');
  const direct = knex('user_permissions as up')
    .join('permissions as p', 'p.id', 'up.permission_id')
    .whereIn('p.name', names)
    .select('up.user_id');
  const rows: { user_id: number }[] = await knex
    .select('user_id')
    .from(viaRoles.union(direct).as('reviewers'))
    .groupBy('user_id');
  return rows.map((row) => Number(row.user_id));
}

/** Tells the reviewers about a new request, with a link to the admin's list of pending ones. */
export async function notifyRequestSent(
  kit: Kit,
  request: { id: number; name: string; type: 'create' | 'claim' },
  author: string,
): Promise<void> {
  const reviewers = await reviewerIds(kit.knex);
  if (!reviewers.length) return;
  const what = request.type === 'claim' ? 'claim' : 'create';
  await notify(kit, reviewers, {
    type: ARTIST_REQUEST_SENT.id,
    data: {
      lines: [
        {
          type: 'primary',
          content: `<strong>${escapeHtml(author)}</strong> asks to ${what} the artist <strong>${escapeHtml(request.name)}</strong>`,
        },
      ],
      mainAction: { action: '/admin/artist-requests?status=pending', label: 'Review request' },
    },
  });
}

/** Tells the author how their request ended: approved (with a link to edit the artist) or rejected with the reason. */
export async function notifyRequestReviewed(
  kit: Kit,
  userId: number,
  request: { name: string; status: 'approved' | 'rejected'; reason: string | null; artistId: number | null },
): Promise<void> {
  const name = escapeHtml(request.name);
  await notify(kit, userId, {
    type: ARTIST_REQUEST_REVIEWED.id,
    data:
      request.status === 'approved'
        ? {
            lines: [{ type: 'primary', content: `Your request for <strong>${name}</strong> was approved` }],
            mainAction: { action: `/backstage/artists/${request.artistId}`, label: 'Edit artist profile' },
          }
        : {
            lines: [
              { type: 'primary', content: `Your request for <strong>${name}</strong> was rejected` },
              { type: 'secondary', content: escapeHtml(request.reason ?? '') },
            ],
            mainAction: { action: '/backstage', label: 'Open backstage' },
          },
  });
}
