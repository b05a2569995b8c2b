import {
  currentUser,
  type HttpSession,
  multipartBody,
  type RunningServer,
  signedInUser,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';

const PASSWORD = 'correct horse battery';
// A 1×1 PNG's header and some bytes: enough for the upload engine to sniff an image.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(2000, 3),
]);

type Request = {
  id: number;
  status: string;
  type: string;
  reason: string | null;
  artist: { id: number; name: string } | null;
};
type Body = { message: string; errors?: Record<string, string[]>; request: Request };

describe.each(testDatabases())('backstage: artist requests and profiles on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let nextUser = 0;
  beforeAll(async () => {
    server = await startSite({}, database);
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
  }, 120_000);
  afterAll(() => server?.close());

  const knex = () => server.app.kit.knex;
  const put = (http: HttpSession, path: string, json: unknown) => http.request('PUT', path, { json });
  const listener = async () =>
    signedInUser(server, { email: `fan${++nextUser}@example.com`, password: PASSWORD });
  const uploadImage = async (http: HttpSession, type = 'image/png', bytes = PNG) => {
    const upload = multipartBody('art.png', bytes, type);
    const response = await http.request('POST', '/api/v1/file-entries', {
      body: upload.body,
      headers: upload.headers,
    });
    expect(response.status).toBe(201);
    return (response.data as { fileEntry: { id: number } }).fileEntry.id;
  };
  const newArtist = async (name: string) =>
    Number((await knex()('music_artists').insert({ name, slug: name.toLowerCase() }).returning('id'))[0].id);
  /** A user who asked for a new artist and was approved: linked to it, holding the artist role. */
  const approvedArtist = async (name: string) => {
    const user = await listener();
    const sent = await user.http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name,
      proof: 'My label page lists me.',
    });
    expect(sent.status).toBe(201);
    const approved = await admin.post(
      `/api/v1/admin/artist-requests/${(sent.data as Body).request.id}/approve`,
    );
    expect(approved.status).toBe(200);
    return { ...user, artistId: (approved.data as Body).request.artist!.id };
  };

  it('takes a request, tells the admins, and shows its status on the backstage home', async () => {
    const { http } = await listener();
    const empty = await http.get('/api/v1/backstage');
    expect(empty.data).toEqual({ request: null, artists: [] });
    const imageId = await uploadImage(http);
    const sent = await http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name: '  Velvet Static ',
      links: [{ url: 'https://velvet.example/about' }],
      proof: 'I run the band site.',
      image_id: imageId,
    });
    expect(sent.status).toBe(201);
    expect((sent.data as Body).request).toMatchObject({
      type: 'create',
      status: 'pending',
      name: 'Velvet Static',
      links: [{ url: 'https://velvet.example/about', title: 'velvet.example' }],
      image_id: imageId,
    });
    const home = (await http.get('/api/v1/backstage')).data as { request: Request };
    expect(home.request.status).toBe('pending');

    const inbox = (await admin.get('/api/v1/notifications')).data as {
      pagination: { data: { type: string; data: { lines: { content: string }[] } }[] };
    };
    const notice = inbox.pagination.data.find((n) => n.type === 'music.artist_request')!;
    expect(notice.data.lines[0]!.content).toContain('<strong>Velvet Static</strong>');

    // One open request per user.
    const again = await http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name: 'Another',
      proof: 'x',
    });
    expect(again.status).toBe(422);
    expect((again.data as Body).message).toBe('You already have a request waiting for review.');
  });

  it('refuses bad requests with field errors, and someone else’s upload as the image', async () => {
    const { http } = await listener();
    const bad = await http.post('/api/v1/backstage/artist-requests', {
      type: 'adopt',
      name: '   ',
      links: [{ url: 'javascript:alert(1)' }],
    });
    expect(bad.status).toBe(422);
    const errors = (bad.data as Body).errors!;
    expect(Object.keys(errors).sort()).toEqual(['links.0.url', 'name', 'proof', 'type']);
    expect(errors.name).toEqual(['The name field is required.']);

    const claimNothing = await http.post('/api/v1/backstage/artist-requests', {
      type: 'claim',
      name: 'Ghost',
      proof: 'p',
    });
    expect((claimNothing.data as Body).errors).toEqual({ artist_id: ['Choose the artist to claim.'] });
    const claimMissing = await http.post('/api/v1/backstage/artist-requests', {
      type: 'claim',
      artist_id: 999_999,
      name: 'Ghost',
      proof: 'p',
    });
    expect((claimMissing.data as Body).errors).toEqual({
      artist_id: ['The selected artist does not exist.'],
    });

    const other = await listener();
    const theirs = await uploadImage(other.http);
    const stolen = await http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name: 'Thief',
      proof: 'p',
      image_id: theirs,
    });
    expect(stolen.status).toBe(422);
    expect((stolen.data as Body).errors).toEqual({ image_id: ['The image must be an image you uploaded.'] });
    expect(
      Number(
        (await knex()('music_artist_requests').whereIn('name', ['Ghost', 'Thief']).count({ c: '*' }))[0]!.c,
      ),
    ).toBe(0);
  });

  it('approves a claim: links the user to the existing artist, gives the artist role, audits, notifies', async () => {
    const artistId = await newArtist('Old Pines');
    const { http, user } = await listener();
    const sent = await http.post('/api/v1/backstage/artist-requests', {
      type: 'claim',
      artist_id: artistId,
      name: 'Old Pines',
      proof: 'I am the singer.',
    });
    const id = (sent.data as Body).request.id;
    // Only reviewers see the admin list.
    expect((await http.get('/api/v1/admin/artist-requests')).status).toBe(403);
    expect((await http.post(`/api/v1/admin/artist-requests/${id}/approve`)).status).toBe(403);
    const pending = (await admin.get('/api/v1/admin/artist-requests?status=pending&query=old%20pines'))
      .data as { pagination: { data: Request[]; total: number } };
    expect(pending.pagination.data.map((r) => r.id)).toEqual([id]);

    const approved = await admin.post(`/api/v1/admin/artist-requests/${id}/approve`);
    expect(approved.status).toBe(200);
    expect((approved.data as Body).request).toMatchObject({ status: 'approved', artist: { id: artistId } });
    expect(await knex()('music_artist_users').where({ user_id: user.id }).pluck('artist_id')).toEqual([
      artistId,
    ]);
    const roles = await knex()('user_roles as ur')
      .join('roles as r', 'r.id', 'ur.role_id')
      .where('ur.user_id', user.id)
      .pluck('r.name');
    expect(roles).toContain('artist');
    const audit = await knex()('audit_logs')
      .where({ action: 'artist_request.approve', target_id: id })
      .first();
    expect(audit).toBeTruthy();
    expect((await currentUser(http))!.unread_notifications_count).toBe(1);
    const home = (await http.get('/api/v1/backstage')).data as {
      request: Request;
      artists: { id: number }[];
    };
    expect(home.request.status).toBe('approved');
    expect(home.artists.map((a) => a.id)).toEqual([artistId]);

    // Reviewed once: a second approval or a rejection is refused.
    expect((await admin.post(`/api/v1/admin/artist-requests/${id}/approve`)).status).toBe(422);
    expect((await admin.post(`/api/v1/admin/artist-requests/${id}/reject`, { reason: 'late' })).status).toBe(
      422,
    );
    expect((await admin.post('/api/v1/admin/artist-requests/999999/approve')).status).toBe(404);
  });

  it('rejects with a reason the user sees, and lets them ask again', async () => {
    const { http } = await listener();
    const id = (
      (await http.post('/api/v1/backstage/artist-requests', { type: 'create', name: 'Nope', proof: 'p' }))
        .data as Body
    ).request.id;
    const blank = await admin.post(`/api/v1/admin/artist-requests/${id}/reject`, { reason: ' ' });
    expect(blank.status).toBe(422);
    expect((blank.data as Body).errors).toEqual({ reason: ['The reason field is required.'] });
    const rejected = await admin.post(`/api/v1/admin/artist-requests/${id}/reject`, {
      reason: 'We could not verify the links.',
    });
    expect((rejected.data as Body).request).toMatchObject({
      status: 'rejected',
      reason: 'We could not verify the links.',
    });
    const inbox = (await http.get('/api/v1/notifications')).data as {
      pagination: { data: { type: string; data: { lines: { content: string }[] } }[] };
    };
    expect(inbox.pagination.data[0]!.type).toBe('music.artist_request_reviewed');
    expect(inbox.pagination.data[0]!.data.lines[1]!.content).toBe('We could not verify the links.');
    expect(((await http.get('/api/v1/backstage')).data as { request: Request }).request.status).toBe(
      'rejected',
    );
    const retry = await http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name: 'Yes',
      proof: 'p',
    });
    expect(retry.status).toBe(201);
  });

  it('rolls approve and reject back whole when a write fails (the audit row, here)', async () => {
    const { http, user } = await listener();
    const id = (
      (
        await http.post('/api/v1/backstage/artist-requests', {
          type: 'create',
          name: 'Half Done',
          proof: 'p',
        })
      ).data as Body
    ).request.id;
    // A real failure inside the transaction: the database refuses this request's audit rows.
    await knex().raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin if new.target_type = 'artist_request' and new.target_id = ${id} then raise exception 'audit refused'; end if; return new; end $$`);
    await knex().raw(
      'create trigger refuse_audit before insert on audit_logs for each row execute function refuse_audit()',
    );
    try {
      expect((await admin.post(`/api/v1/admin/artist-requests/${id}/approve`)).status).toBe(500);
      expect((await admin.post(`/api/v1/admin/artist-requests/${id}/reject`, { reason: 'no' })).status).toBe(
        500,
      );
    } finally {
      await knex().raw('drop trigger refuse_audit on audit_logs');
      await knex().raw('drop function refuse_audit()');
    }
    expect(
      await knex()('music_artist_requests').where({ id }).first('status', 'artist_id', 'reason'),
    ).toEqual({
      status: 'pending',
      artist_id: null,
      reason: null,
    });
    expect(await knex()('music_artists').where({ name: 'Half Done' }).first('id')).toBeUndefined();
    expect(await knex()('music_artist_users').where({ user_id: user.id }).first('user_id')).toBeUndefined();
    const roles = await knex()('user_roles as ur')
      .join('roles as r', 'r.id', 'ur.role_id')
      .where('ur.user_id', user.id)
      .pluck('r.name');
    expect(roles).not.toContain('artist');
    // And it still goes through once the fault is gone.
    expect((await admin.post(`/api/v1/admin/artist-requests/${id}/approve`)).status).toBe(200);
  });

  it('lets a linked artist edit their profile, and answers 403 to everyone else on every write', async () => {
    const owner = await approvedArtist('Glass Coast');
    const rival = await approvedArtist('Rival Band');
    const { http: stranger } = await listener();
    const imageId = await uploadImage(owner.http);
    const update = await put(owner.http, `/api/v1/backstage/artists/${owner.artistId}`, {
      name: 'Glass Coast',
      bio: 'Surf rock from the north.',
      image_id: imageId,
      links: [{ url: 'https://glass.example', title: 'Site' }],
      genres: ['Surf Rock', 'Indie'],
    });
    expect(update.status).toBe(200);
    const artist = (
      update.data as { artist: { bio: string; image_large: string; genres: { name: string }[] } }
    ).artist;
    expect(artist.bio).toBe('Surf rock from the north.');
    expect(artist.image_large).toBe(`/api/v1/artwork/${imageId}`);
    expect(artist.genres.map((g) => g.name).sort()).toEqual(['indie', 'surf-rock']);
    // The public artist page shows it.
    const pub = (await server.session().get(`/api/v1/artists/${owner.artistId}`)).data as {
      artist: { bio: string };
    };
    expect(pub.artist.bio).toBe('Surf rock from the north.');

    const invalid = await put(owner.http, `/api/v1/backstage/artists/${owner.artistId}`, {
      name: '',
      links: [{ url: 'ftp://x' }],
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys((invalid.data as Body).errors!).sort()).toEqual(['links.0.url', 'name']);

    // Every backstage write route, as another artist and as a plain listener: 403, and nothing changes.
    const writes = [
      { method: 'PUT', path: `/api/v1/backstage/artists/${owner.artistId}`, json: { name: 'Taken' } },
    ] as const;
    const reads = [{ method: 'GET', path: `/api/v1/backstage/artists/${owner.artistId}` }] as const;
    for (const http of [rival.http, stranger])
      for (const route of [...writes, ...reads])
        expect(
          (await http.request(route.method, route.path, { json: 'json' in route ? route.json : undefined }))
            .status,
          `${route.method} ${route.path}`,
        ).toBe(403);
    expect(await knex()('music_artists').where({ id: owner.artistId }).first('name')).toEqual({
      name: 'Glass Coast',
    });
    // Every backstage write route on an artist is in the list above, or in the music uploads' own 403 test
    // (music-uploads.test.ts, "answers 403 to users who are not this artist, on every route"): a new one must be
    // added to one of them.
    const backstageWrites = server.app.router.routes
      .filter((r) => r.path.startsWith('backstage/artists') && r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(backstageWrites).toEqual(
      [
        'PUT backstage/artists/{id}',
        'POST backstage/artists/{id}/uploads',
        'DELETE backstage/artists/{id}/uploads/{draft}',
        'POST backstage/artists/{id}/publish',
      ].sort(),
    );
    expect((await put(owner.http, '/api/v1/backstage/artists/999999', { name: 'X' })).status).toBe(404);
  });
});
