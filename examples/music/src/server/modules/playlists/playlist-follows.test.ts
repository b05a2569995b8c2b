import { currentUser, type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { fixtureGenerator } from '../demo-library/test-fixture';

type Notifications = {
  pagination: {
    data: {
      id: number;
      type: string;
      data: { lines: { content: string }[]; mainAction: { action: string; label: string } };
    }[];
  };
};

/**
 * Following a playlist: only one the listener may see and not their own; its followers hear when its tracks
 * change (not the one who changed them, and once until they read it).
 */
describe.each(testDatabases())('playlist follows on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite(
      {
        music: { demoLibrary: true, generate: fixtureGenerator },
        logger: { info() {}, warn() {}, error: (message, error) => console.error(message, error) },
      },
      database,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const PASSWORD = 'password-123';
  const changes = async (who: Awaited<ReturnType<typeof signedInUser>>) =>
    ((await who.http.get('/api/v1/notifications')).data as Notifications).pagination.data.filter(
      (n) => n.type === 'music.playlist_changed',
    );

  it('follows a visible playlist and tells its followers when its tracks change', async () => {
    const owner = await signedInUser(server, { email: 'pl-owner@example.com', password: PASSWORD });
    await server.app.kit
      .knex('users')
      .where({ id: owner.user.id })
      .update({ first_name: 'Ola', last_name: 'Owner' });
    const fan = await signedInUser(server, { email: 'pl-fan@example.com', password: PASSWORD });
    const stranger = await signedInUser(server, { email: 'pl-stranger@example.com', password: PASSWORD });

    const created = await owner.http.post('/api/v1/playlists', { name: 'Road <trip>', public: true });
    const playlist = (created.data as { playlist: { id: number; path: string } }).playlist;
    const secret = (
      (await owner.http.post('/api/v1/playlists', { name: 'Secret' })).data as { playlist: { id: number } }
    ).playlist;

    // A private playlist of someone else answers like a missing one; one's own cannot be followed.
    expect((await fan.http.post(`/api/v1/me/follows/playlist/${secret.id}`)).status).toBe(404);
    expect((await owner.http.post(`/api/v1/me/follows/playlist/${playlist.id}`)).status).toBe(422);
    expect((await fan.http.post(`/api/v1/me/follows/playlist/${playlist.id}`)).status).toBe(204);
    const ids = (await fan.http.get('/api/v1/me/library-ids')).data as { playlists: number[] };
    expect(ids.playlists).toEqual([playlist.id]);

    const [first, second, third] = await server.app.kit
      .knex('music_tracks')
      .orderBy('id')
      .limit(3)
      .pluck('id');
    expect(
      (await owner.http.post(`/api/v1/playlists/${playlist.id}/tracks/add`, { track_ids: [first] })).status,
    ).toBe(200);
    const told = await changes(fan);
    expect(told).toHaveLength(1);
    expect(told[0]!.data.lines[0]!.content).toBe(
      '<strong>Ola Owner</strong> updated <strong>Road &lt;trip&gt;</strong>, a playlist you follow',
    );
    expect(told[0]!.data.mainAction).toEqual({ action: playlist.path, label: 'View playlist' });
    // The one who changed it, and listeners who do not follow it, hear nothing.
    expect(await changes(owner)).toHaveLength(0);
    expect(await changes(stranger)).toHaveLength(0);

    // More changes while the notice is unread add none; after it is read, the next change tells again.
    await owner.http.post(`/api/v1/playlists/${playlist.id}/tracks/add`, { track_ids: [second] });
    expect(await changes(fan)).toHaveLength(1);
    await fan.http.post('/api/v1/notifications/mark-all-as-read');
    // Adding a track already there changes nothing, so it tells nobody.
    await owner.http.post(`/api/v1/playlists/${playlist.id}/tracks/add`, { track_ids: [first] });
    expect(await changes(fan)).toHaveLength(1);
    await owner.http.request('POST', `/api/v1/playlists/${playlist.id}/tracks/remove`, {
      json: { track_ids: [first] },
    });
    expect(await changes(fan)).toHaveLength(2);
    expect((await currentUser(fan.http))!.unread_notifications_count).toBe(1);

    // Made private, it is no longer the follower's to see: its changes are not told to them.
    await fan.http.post('/api/v1/notifications/mark-all-as-read');
    await owner.http.request('PUT', `/api/v1/playlists/${playlist.id}`, { json: { public: false } });
    await owner.http.post(`/api/v1/playlists/${playlist.id}/tracks/add`, { track_ids: [third] });
    expect(await changes(fan)).toHaveLength(2);

    // Unfollowed: nothing more.
    await owner.http.request('PUT', `/api/v1/playlists/${playlist.id}`, { json: { public: true } });
    expect((await fan.http.request('DELETE', `/api/v1/me/follows/playlist/${playlist.id}`)).status).toBe(204);
    expect(
      ((await fan.http.get('/api/v1/me/library-ids')).data as { playlists: number[] }).playlists,
    ).toEqual([]);
    await owner.http.request('POST', `/api/v1/playlists/${playlist.id}/tracks/remove`, {
      json: { track_ids: [third] },
    });
    expect(await changes(fan)).toHaveLength(2);
  });
});
