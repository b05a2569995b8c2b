import { type HttpSession, type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';

const PASSWORD = 'correct horse battery';
// Public addresses the offline GeoIP data places: Google's resolver (US) and MaxMind's test address (GB).
const US_IP = '8.8.8.8';
const GB_IP = '81.2.69.142';
type Place = { country: string; plays: number; listeners: number };

describe.each(testDatabases())('where listeners come from, in insights, on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let nextUser = 0;
  beforeAll(async () => {
    // Behind a trusted proxy: the client IP is the `X-Forwarded-For` entry the proxy appended.
    server = await startSite({ proxy: true }, database);
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
  }, 120_000);
  afterAll(() => server?.close());

  const knex = () => server.app.kit.knex;
  const user = async () =>
    signedInUser(server, { email: `user${++nextUser}@example.com`, password: PASSWORD });
  /** A user who asked for a new artist and was approved: linked to it, holding the artist role. */
  const approvedArtist = async (name: string) => {
    const artist = await user();
    const sent = await artist.http.post('/api/v1/backstage/artist-requests', {
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
      ...artist,
      artistId: (approved.data as { request: { artist: { id: number } } }).request.artist.id,
    };
  };
  /** Tracks credited to the artist, straight in the database. */
  const tracksOf = async (artistId: number, names: string[]) => {
    const ids: number[] = [];
    for (const name of names) {
      const [track] = await knex()('music_tracks').insert({ name, slug: name.toLowerCase() }).returning('id');
      ids.push(Number(track.id));
      await knex()('music_track_artists').insert({ track_id: track.id, artist_id: artistId });
    }
    return ids;
  };
  /** A play through the player's route, from `ip` as the trusted proxy reports it (none: the socket's). */
  const play = async (http: HttpSession, trackId: number, ip?: string) => {
    const response = await http.post(`/api/v1/tracks/${trackId}/plays`, undefined, {
      headers: ip ? { 'X-Forwarded-For': ip } : {},
    });
    expect(response.status).toBe(204);
  };

  it('records the country of each play and counts listeners per country as the plays table does', async () => {
    const artist = await approvedArtist('Northern Relay');
    const [first, second] = await tracksOf(artist.artistId, ['Beacon', 'Harbour']);
    const [elsewhere] = await tracksOf((await approvedArtist('Someone Else')).artistId, ['Elsewhere']);
    const [ann, ben, cat, dan] = [await user(), await user(), await user(), await user()];

    await play(ann!.http, first!, US_IP);
    await play(ann!.http, second!, US_IP);
    await play(cat!.http, first!, US_IP);
    await play(ben!.http, first!, GB_IP);
    // From loopback (no forwarded address): no place, so left out of the countries.
    await play(dan!.http, first!);
    // Another artist's track does not count for this one.
    await play(ben!.http, elsewhere!, GB_IP);
    // An older play, recorded with its country before the period of a week or a month.
    await knex()('music_plays').insert({
      track_id: second,
      user_id: dan!.user.id,
      country: 'DE',
      played_at: new Date(server.app.kit.now().getTime() - 40 * 86_400_000),
    });

    const stored = await knex()('music_plays')
      .whereIn('track_id', [first!, second!])
      .orderBy('id')
      .select('user_id', 'country');
    expect(stored.map((row) => [Number(row.user_id), row.country])).toEqual([
      [ann!.user.id, 'US'],
      [ann!.user.id, 'US'],
      [cat!.user.id, 'US'],
      [ben!.user.id, 'GB'],
      [dan!.user.id, null],
      [dan!.user.id, 'DE'],
    ]);

    const now = server.app.kit.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const answers: Record<number, Place[]> = {};
    for (const days of [7, 30, 90]) {
      const response = await artist.http.get(
        `/api/v1/backstage/artists/${artist.artistId}/insights?days=${days}`,
      );
      expect(response.status).toBe(200);
      const countries = (response.data as { countries: Place[] }).countries;
      answers[days] = countries;
      // The same numbers, counted straight from the plays table.
      const rows = await knex()('music_plays')
        .whereIn('track_id', [first!, second!])
        .where('played_at', '>=', new Date(today - (days - 1) * 86_400_000))
        .whereNotNull('country')
        .select('country', 'user_id', 'listener');
      const counted = new Map<string, { plays: number; listeners: Set<string> }>();
      for (const row of rows) {
        const entry = counted.get(row.country) ?? { plays: 0, listeners: new Set<string>() };
        entry.plays += 1;
        entry.listeners.add(row.user_id ? `u${row.user_id}` : `g${row.listener}`);
        counted.set(row.country, entry);
      }
      expect(
        [...counted].map(([country, entry]) => ({
          country,
          plays: entry.plays,
          listeners: entry.listeners.size,
        })),
      ).toEqual(expect.arrayContaining(countries));
      expect(countries, `${days} days`).toHaveLength(counted.size);
      // The most listeners first.
      const listeners = countries.map((place) => place.listeners);
      expect(listeners).toEqual([...listeners].sort((a, b) => b - a));
    }
    // The fixed expectations, so a wrong query that agrees with a wrong check still fails.
    expect(answers[7]).toEqual([
      { country: 'US', plays: 3, listeners: 2 },
      { country: 'GB', plays: 1, listeners: 1 },
    ]);
    expect(answers[30]).toEqual(answers[7]);
    expect(answers[90]).toEqual([
      { country: 'US', plays: 3, listeners: 2 },
      { country: 'DE', plays: 1, listeners: 1 },
      { country: 'GB', plays: 1, listeners: 1 },
    ]);
  });
});
