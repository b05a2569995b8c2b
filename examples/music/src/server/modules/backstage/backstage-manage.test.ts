import {
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
type Answer = {
  message: string;
  errors?: Record<string, string[]>;
  albums: { id: number; name: string; tracks: { id: number; name: string; number: number }[] }[];
  album: { id: number; name: string; type: string; tracks: { id: number; number: number }[] };
  track: { id: number; name: string; genres: { name: string }[] };
  totals: { plays: number; listeners: number; likes: number; follows: number };
  followers: number;
  series: { day: string; plays: number; listeners: number; likes: number; follows: number }[];
  top_tracks: { id: number; name: string; plays: number; listeners: number }[];
};

describe.each(testDatabases())('backstage managing and insights on $name', (database) => {
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
  const call = async (http: HttpSession, method: string, path: string, json?: unknown) => {
    const response = await http.request(method, `/api/v1/${path}`, json ? { json } : {});
    return { status: response.status, data: response.data as Answer };
  };
  /** A user who asked for a new artist and was approved: linked to it, holding the artist role. */
  const approvedArtist = async (name: string) => {
    const user = await signedInUser(server, { email: `artist${++nextUser}@example.com`, password: PASSWORD });
    const sent = await user.http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name,
      proof: 'My label page lists me.',
    });
    expect(sent.status).toBe(201);
    const approved = await admin.post(
      `/api/v1/admin/artist-requests/${(sent.data as { request: { id: number } }).request.id}/approve`,
    );
    expect(approved.status).toBe(200);
    return {
      ...user,
      artistId: (approved.data as { request: { artist: { id: number } } }).request.artist.id,
    };
  };
  /** An album by the artist with tracks numbered 1…n, straight in the database. */
  const albumOf = async (artistId: number, name: string, trackNames: string[]) => {
    const [album] = await knex()('music_albums').insert({ name, slug: name.toLowerCase() }).returning('id');
    const albumId = Number(album.id);
    await knex()('music_album_artists').insert({ album_id: albumId, artist_id: artistId });
    const trackIds: number[] = [];
    for (const [index, trackName] of trackNames.entries()) {
      const [track] = await knex()('music_tracks')
        .insert({ name: trackName, slug: trackName.toLowerCase(), number: index + 1, album_id: albumId })
        .returning('id');
      trackIds.push(Number(track.id));
      await knex()('music_track_artists').insert({ track_id: track.id, artist_id: artistId });
    }
    return { albumId, trackIds };
  };

  it('lets an artist edit, reorder and delete their albums and tracks', async () => {
    const artist = await approvedArtist('Glass Harbour');
    const { albumId, trackIds } = await albumOf(artist.artistId, 'Tidelines', ['One', 'Two', 'Three']);
    const listed = await call(artist.http, 'GET', `backstage/artists/${artist.artistId}/albums`);
    expect(listed.status).toBe(200);
    expect(listed.data.albums.map((a) => a.name)).toEqual(['Tidelines']);
    expect(listed.data.albums[0]!.tracks.map((t) => t.name)).toEqual(['One', 'Two', 'Three']);

    const edited = await call(artist.http, 'PUT', `backstage/albums/${albumId}`, {
      name: 'Tidelines (Live)',
      type: 'ep',
      release_date: '2026-03-04',
    });
    expect(edited.status).toBe(200);
    expect(edited.data.album).toMatchObject({ name: 'Tidelines (Live)', type: 'ep' });

    const reversed = [...trackIds].reverse();
    const reordered = await call(artist.http, 'PUT', `backstage/albums/${albumId}/track-order`, {
      ids: reversed,
    });
    expect(reordered.status).toBe(200);
    expect(reordered.data.album.tracks.map((t) => t.id)).toEqual(reversed);
    expect(await knex()('music_tracks').whereIn('id', trackIds).orderBy('number').pluck('id')).toEqual(
      reversed,
    );
    const partial = await call(artist.http, 'PUT', `backstage/albums/${albumId}/track-order`, {
      ids: [trackIds[0]],
    });
    expect(partial.status).toBe(422);
    expect(partial.data.errors?.ids).toEqual(['List every track of the album once.']);

    const renamed = await call(artist.http, 'PUT', `backstage/tracks/${trackIds[1]}`, {
      name: 'Two (Reprise)',
      genres: ['Post Rock'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.data.track.name).toBe('Two (Reprise)');
    expect(renamed.data.track.genres.map((g) => g.name)).toEqual(['post-rock']);

    expect((await call(artist.http, 'DELETE', `backstage/tracks/${trackIds[0]}`)).status).toBe(204);
    expect(await knex()('music_tracks').where('id', trackIds[0]).first()).toBeUndefined();
    expect((await call(artist.http, 'DELETE', `backstage/albums/${albumId}`)).status).toBe(204);
    expect(await knex()('music_albums').where('id', albumId).first()).toBeUndefined();
    expect(await knex()('music_tracks').whereIn('id', trackIds).first()).toBeUndefined();
  });

  it('replaces a cover with the artist’s own image upload, and refuses anyone else’s', async () => {
    const artist = await approvedArtist('Lamp Post');
    const stranger = await approvedArtist('Street Light');
    const { albumId } = await albumOf(artist.artistId, 'Glow', ['Wick']);
    const upload = async (http: HttpSession) => {
      const file = multipartBody('cover.png', PNG, 'image/png');
      const response = await http.request('POST', '/api/v1/file-entries', {
        body: file.body,
        headers: file.headers,
      });
      expect(response.status).toBe(201);
      return (response.data as { fileEntry: { id: number } }).fileEntry.id;
    };
    const theirs = await upload(stranger.http);
    const refused = await call(artist.http, 'PUT', `backstage/albums/${albumId}`, {
      name: 'Glow',
      type: 'album',
      image_id: theirs,
    });
    expect(refused.status).toBe(422);
    expect(refused.data.errors?.image_id).toEqual(['The image must be an image you uploaded.']);
    const mine = await upload(artist.http);
    const saved = await call(artist.http, 'PUT', `backstage/albums/${albumId}`, {
      name: 'Glow',
      type: 'album',
      image_id: mine,
    });
    expect(saved.status).toBe(200);
    expect(await knex()('music_albums').where('id', albumId).first('image_id')).toEqual({ image_id: mine });
  });

  it('answers 403 to another artist on every write route and leaves the content as it was', async () => {
    const owner = await approvedArtist('North Pier');
    const other = await approvedArtist('South Pier');
    const { albumId, trackIds } = await albumOf(owner.artistId, 'Breakwater', ['Gull', 'Tern']);
    const writes: [string, string, unknown?][] = [
      ['PUT', `backstage/albums/${albumId}`, { name: 'Stolen', type: 'album' }],
      ['PUT', `backstage/albums/${albumId}/track-order`, { ids: [...trackIds].reverse() }],
      ['DELETE', `backstage/albums/${albumId}`],
      ['PUT', `backstage/tracks/${trackIds[0]}`, { name: 'Stolen' }],
      ['DELETE', `backstage/tracks/${trackIds[0]}`],
      ['PUT', `backstage/artists/${owner.artistId}`, { name: 'Stolen' }],
    ];
    const reads = [
      `backstage/artists/${owner.artistId}/albums`,
      `backstage/artists/${owner.artistId}/insights`,
    ];
    for (const [method, path, body] of writes) {
      const answer = await call(other.http, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.data.message).toBe('You do not manage this artist.');
    }
    for (const path of reads) expect((await call(other.http, 'GET', path)).status, path).toBe(403);
    // A listener without the artist role is refused before any look-up.
    const fan = await signedInUser(server, { email: 'fan@example.com', password: PASSWORD });
    for (const [method, path, body] of writes)
      expect((await call(fan.http, method, path, body)).status, `${method} ${path}`).toBe(403);
    expect(await knex()('music_albums').where('id', albumId).first('name')).toEqual({ name: 'Breakwater' });
    expect(await knex()('music_tracks').whereIn('id', trackIds).orderBy('number').pluck('name')).toEqual([
      'Gull',
      'Tern',
    ]);
    expect(await knex()('music_artists').where('id', owner.artistId).first('name')).toEqual({
      name: 'North Pier',
    });
    // Rows that do not exist answer 404, not 403.
    expect(
      (await call(other.http, 'PUT', 'backstage/albums/999999', { name: 'X', type: 'album' })).status,
    ).toBe(404);
    expect((await call(other.http, 'DELETE', 'backstage/tracks/999999')).status).toBe(404);
  });

  it('computes insights that match the plays, likes and follows tables', async () => {
    const artist = await approvedArtist('Static Bloom');
    const { albumId, trackIds } = await albumOf(artist.artistId, 'Petals', ['Stem', 'Leaf', 'Root']);
    const now = server.app.kit.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const listeners = [];
    for (let i = 0; i < 3; i++)
      listeners.push(
        (await signedInUser(server, { email: `listener${i}-${nextUser}@example.com`, password: PASSWORD }))
          .user,
      );
    // Plays recorded by the player's route today, and older ones straight in the table.
    const player = (
      await signedInUser(server, { email: `player-${nextUser}@example.com`, password: PASSWORD })
    ).http;
    expect((await player.post(`/api/v1/tracks/${trackIds[0]}/plays`)).status).toBe(204);
    expect((await player.post(`/api/v1/tracks/${trackIds[1]}/plays`)).status).toBe(204);
    await knex()('music_plays').insert([
      { track_id: trackIds[0], user_id: listeners[0]!.id, played_at: daysAgo(2) },
      { track_id: trackIds[0], user_id: listeners[1]!.id, played_at: daysAgo(3) },
      { track_id: trackIds[0], listener: 'guest-a', played_at: daysAgo(10) },
      { track_id: trackIds[2], user_id: listeners[0]!.id, played_at: daysAgo(20) },
      { track_id: trackIds[2], user_id: listeners[2]!.id, played_at: daysAgo(60) },
      { track_id: trackIds[1], user_id: listeners[2]!.id, played_at: daysAgo(100) },
    ]);
    await knex()('music_track_likes').insert({
      user_id: listeners[0]!.id,
      track_id: trackIds[0],
      created_at: daysAgo(1),
    });
    await knex()('music_album_likes').insert({
      user_id: listeners[1]!.id,
      album_id: albumId,
      created_at: daysAgo(40),
    });
    await knex()('music_artist_follows').insert([
      { user_id: listeners[0]!.id, artist_id: artist.artistId, created_at: daysAgo(4) },
      { user_id: listeners[2]!.id, artist_id: artist.artistId, created_at: daysAgo(80) },
    ]);

    for (const days of [7, 30, 90]) {
      const answer = await call(
        artist.http,
        'GET',
        `backstage/artists/${artist.artistId}/insights?days=${days}`,
      );
      expect(answer.status).toBe(200);
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const since = new Date(today.getTime() - (days - 1) * 86_400_000);
      // The same numbers, counted straight from the tables.
      const plays = await knex()('music_plays').whereIn('track_id', trackIds).where('played_at', '>=', since);
      const distinct = new Set(plays.map((p) => (p.user_id ? `u${p.user_id}` : `g${p.listener}`)));
      const likes =
        Number(
          (
            await knex()('music_track_likes')
              .whereIn('track_id', trackIds)
              .where('created_at', '>=', since)
              .count({ n: '*' })
              .first()
          )?.n,
        ) +
        Number(
          (
            await knex()('music_album_likes')
              .where('album_id', albumId)
              .where('created_at', '>=', since)
              .count({ n: '*' })
              .first()
          )?.n,
        );
      const follows = Number(
        (
          await knex()('music_artist_follows')
            .where('artist_id', artist.artistId)
            .where('created_at', '>=', since)
            .count({ n: '*' })
            .first()
        )?.n,
      );
      expect(answer.data.totals, `${days} days`).toEqual({
        plays: plays.length,
        listeners: distinct.size,
        likes,
        follows,
      });
      expect(answer.data.series).toHaveLength(days);
      expect(answer.data.series.reduce((sum, d) => sum + d.plays, 0)).toBe(plays.length);
      expect(answer.data.followers).toBe(2);
      const perTrack = new Map<number, number>();
      for (const p of plays) perTrack.set(Number(p.track_id), (perTrack.get(Number(p.track_id)) ?? 0) + 1);
      expect(Object.fromEntries(answer.data.top_tracks.map((t) => [t.id, t.plays]))).toEqual(
        Object.fromEntries(perTrack),
      );
    }
    // The fixed expectations, so a wrong query that agrees with a wrong check still fails.
    const week = await call(artist.http, 'GET', `backstage/artists/${artist.artistId}/insights?days=7`);
    expect(week.data.totals).toEqual({ plays: 4, listeners: 3, likes: 1, follows: 1 });
    const quarter = await call(artist.http, 'GET', `backstage/artists/${artist.artistId}/insights?days=90`);
    expect(quarter.data.totals).toEqual({ plays: 7, listeners: 5, likes: 2, follows: 2 });
    expect(quarter.data.top_tracks[0]).toMatchObject({ id: trackIds[0], plays: 4 });
    const bad = await call(artist.http, 'GET', `backstage/artists/${artist.artistId}/insights?days=365`);
    expect(bad.status).toBe(422);
  });
});
