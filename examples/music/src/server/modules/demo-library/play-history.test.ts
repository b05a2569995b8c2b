import { type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import type { GenerateDemoLibrary } from './catalogue-types';
import { fixtureGenerator } from './test-fixture';

/** The fixture's catalogue with the real demo library's listening history asked for. */
const withHistory: GenerateDemoLibrary = async (options) => ({
  ...(await fixtureGenerator(options)),
  playHistoryDays: 30,
});

const DAY_MS = 86_400_000;

describe.each(testDatabases())('the demo library play history on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite({ music: { demoLibrary: true, generate: withHistory } }, database);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('invents 30 days of plays, and every play counter is the count of those rows', async () => {
    const knex = server.app.kit.knex;
    const now = Date.now();
    const plays = await knex('music_plays').select('track_id', 'user_id', 'listener', 'country', 'played_at');
    expect(plays.length).toBeGreaterThan(50);
    for (const play of plays) {
      const at = new Date(play.played_at).getTime();
      expect(at).toBeLessThanOrEqual(now);
      expect(at).toBeGreaterThan(now - 31 * DAY_MS);
      // Each play is a signed-in listener's or a guest's, as the plays route records them.
      expect(play.user_id === null).toBe(play.listener !== null);
      expect(play.country === null || /^[A-Z]{2}$/.test(play.country)).toBe(true);
    }
    // Listeners from a spread of countries (backstage insights show where they come from), a few unplaced.
    expect(new Set(plays.map((play) => play.country).filter(Boolean)).size).toBeGreaterThanOrEqual(5);

    const counted = (rows: { id: number; plays: number; n: number | string }[]) =>
      rows.map((row) => [Number(row.plays), Number(row.n)]);
    const tracks = await knex('music_tracks as t').select(
      't.id',
      't.plays',
      knex.raw('(select count(*) from music_plays p where p.track_id = t.id) as n'),
    );
    for (const [stored, actual] of counted(tracks)) expect(stored).toBe(actual);
    const artists = await knex('music_artists as a').select(
      'a.id',
      'a.plays',
      knex.raw(
        '(select count(*) from music_plays p join music_track_artists ta on ta.track_id = p.track_id where ta.artist_id = a.id) as n',
      ),
    );
    for (const [stored, actual] of counted(artists)) expect(stored).toBe(actual);
    expect(artists.some((artist) => Number(artist.plays) > 0)).toBe(true);
  });

  it("fills the admin dashboard's plays chart", async () => {
    const { http } = await signedInUser(server, {
      email: 'history-admin@example.com',
      password: 'correct horse battery',
      roles: ['admin'],
    });
    const response = await http.get('/api/v1/admin/dashboard?days=30');
    expect(response.status).toBe(200);
    const { from, metrics } = response.data as {
      from: string;
      metrics: { key: string; total: number; series?: { value: number }[] }[];
    };
    const plays = metrics.find((metric) => metric.key === 'plays');
    // The chart starts at midnight (UTC) 29 days ago; the history reaches a little further back.
    const total = Number(
      (await server.app.kit
        .knex('music_plays')
        .where('played_at', '>=', new Date(`${from}T00:00:00Z`))
        .count({ n: '*' })
        .first())!.n,
    );
    expect(total).toBeGreaterThan(0);
    expect(plays?.total).toBe(total);
    // Plays on most days of the month, not one spike.
    expect(plays?.series?.filter((day) => day.value > 0).length).toBeGreaterThanOrEqual(25);
  });
});
