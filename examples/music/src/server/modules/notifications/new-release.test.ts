import { settleNotifications } from '@backline/server';
import {
  currentUser,
  type RunningServer,
  type SmtpCapture,
  signedInUser,
  startSmtpCapture,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';

const PASSWORD = 'correct horse battery';
type Page = {
  pagination: {
    data: { type: string; data: { lines: { content: string }[]; mainAction: { action: string } } }[];
  };
};

describe.each(testDatabases())('new release notifications on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startSite({ mail: { url: smtp.url } }, database);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("tells each follower of an album's artists once, and no one else", async () => {
    const admin = await signedInUser(server, {
      email: 'owner@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    const post = async (path: string, json: unknown) =>
      (await admin.http.request('POST', `/api/v1/admin/music/${path}`, { json })).data as {
        artist: { id: number };
        album: { id: number; path: string };
      };
    const first = (await post('artists', { name: 'Night <Tides>', genres: [] })).artist.id;
    const second = (await post('artists', { name: 'Low Sun', genres: [] })).artist.id;

    const both = await signedInUser(server, { email: 'fan-of-both@example.com', password: PASSWORD });
    const one = await signedInUser(server, { email: 'fan-of-one@example.com', password: PASSWORD });
    const none = await signedInUser(server, { email: 'fan-of-none@example.com', password: PASSWORD });
    for (const [fan, artist] of [
      [both, first],
      [both, second],
      [one, second],
    ] as const)
      expect((await fan.http.post(`/api/v1/me/follows/artist/${artist}`)).status).toBeLessThan(300);

    const album = (await post('albums', { name: 'Deep & Low', type: 'album', artist_ids: [first, second] }))
      .album;
    await settleNotifications(server.app.kit);

    for (const fan of [both, one]) {
      const list = ((await fan.http.get('/api/v1/notifications')).data as Page).pagination.data;
      const releases = list.filter((n) => n.type === 'music.new_release');
      // A listener following two of the album's artists hears once.
      expect(releases).toHaveLength(1);
      expect(releases[0]!.data.lines[0]!.content).toBe(
        '<strong>Night &lt;Tides&gt;, Low Sun</strong> released <strong>Deep &amp; Low</strong>',
      );
      expect(releases[0]!.data.mainAction.action).toBe(album.path);
    }
    expect((await currentUser(none.http))!.unread_notifications_count).toBe(0);
    expect(smtp.to('fan-of-both@example.com')).toHaveLength(1);
    expect(smtp.to('fan-of-none@example.com')).toHaveLength(0);

    // Editing the album is not a new release.
    await admin.http.request('PUT', `/api/v1/admin/music/albums/${album.id}`, {
      json: { name: 'Deep and Low', type: 'album', artist_ids: [first, second] },
    });
    await settleNotifications(server.app.kit);
    expect((await currentUser(one.http))!.unread_notifications_count).toBe(1);
  });
});
