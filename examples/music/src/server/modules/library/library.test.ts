import { type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { fixtureGenerator } from '../demo-library/test-fixture';
import { PLAYS_LIMIT } from '../plays/routes';

type Page<T> = { pagination: { data: T[]; total: number } };
type Named = { id: number; name: string };
type Played = Named & { added_at: string };
type PlaylistBody = { playlist: { id: number; name: string; description: string | null; public: boolean } };

// The listener's own routes (`me/...`): the library lists, likes and follows, listening history, editing a
// playlist, and the plays rate limit, each through HTTP as the web player calls them.
describe.each(testDatabases())('the listener’s library routes on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite({ music: { demoLibrary: true, generate: fixtureGenerator } }, database);
  });
  afterAll(async () => {
    await server?.close();
  });

  const ids = async (name: string) =>
    (await server.app.kit.knex('music_tracks').where({ name }).first('id')).id as number;

  it('lists liked tracks and albums and followed artists, newest first, until unliked', async () => {
    const knex = server.app.kit.knex;
    const { http } = await signedInUser(server, { email: 'liker@example.com', password: 'password-123' });
    const [stratus, nimbus] = [await ids('Stratus'), await ids('Nimbus')];
    const album = await knex('music_albums').where({ name: 'Harbor Lights' }).first('id');
    const artist = await knex('music_artists').where({ name: 'Nebula Drift' }).first('id');
    expect((await http.post(`/api/v1/me/likes/track/${stratus}`)).status).toBe(204);
    expect((await http.post(`/api/v1/me/likes/track/${nimbus}`)).status).toBe(204);
    // Liking twice is still one like.
    expect((await http.post(`/api/v1/me/likes/track/${nimbus}`)).status).toBe(204);
    expect((await http.post(`/api/v1/me/likes/album/${album.id}`)).status).toBe(204);
    expect((await http.post(`/api/v1/me/follows/artist/${artist.id}`)).status).toBe(204);

    const names = async (path: string) =>
      ((await http.get(path)).data as Page<Named>).pagination.data.map((item) => item.name);
    expect(await names('/api/v1/me/library/tracks')).toEqual(['Nimbus', 'Stratus']);
    expect(await names('/api/v1/me/library/albums')).toEqual(['Harbor Lights']);
    expect(await names('/api/v1/me/library/artists')).toEqual(['Nebula Drift']);
    expect((await http.get('/api/v1/me/library-ids')).data).toMatchObject({
      tracks: [stratus, nimbus].sort((a, b) => a - b),
      albums: [album.id],
      artists: [artist.id],
    });

    expect((await http.request('DELETE', `/api/v1/me/likes/track/${nimbus}`)).status).toBe(204);
    expect((await http.request('DELETE', `/api/v1/me/follows/artist/${artist.id}`)).status).toBe(204);
    expect(await names('/api/v1/me/library/tracks')).toEqual(['Stratus']);
    expect(await names('/api/v1/me/library/artists')).toEqual([]);

    // A guest has no library.
    const guest = server.session();
    expect((await guest.get('/api/v1/me/library/tracks')).status).toBe(401);
    expect((await guest.get('/api/v1/me/library-ids')).status).toBe(401);
  });

  it('keeps a listening history per listener, newest first, and clears it without touching play counts', async () => {
    const knex = server.app.kit.knex;
    const { http } = await signedInUser(server, { email: 'history@example.com', password: 'password-123' });
    const { http: other } = await signedInUser(server, {
      email: 'history-other@example.com',
      password: 'password-123',
    });
    const [stratus, nimbus] = [await ids('Stratus'), await ids('Nimbus')];
    expect(((await http.get('/api/v1/me/history')).data as Page<Played>).pagination.data).toEqual([]);
    expect((await http.post(`/api/v1/tracks/${stratus}/plays`)).status).toBe(204);
    expect((await http.post(`/api/v1/tracks/${nimbus}/plays`)).status).toBe(204);
    expect((await other.post(`/api/v1/tracks/${stratus}/plays`)).status).toBe(204);

    const history = ((await http.get('/api/v1/me/history')).data as Page<Played>).pagination;
    expect(history.data.map((track) => track.name)).toEqual(['Nimbus', 'Stratus']);
    expect(history.total).toBe(2);
    for (const track of history.data) expect(Number.isNaN(Date.parse(track.added_at))).toBe(false);
    const paged = ((await http.get('/api/v1/me/history?perPage=1&page=2')).data as Page<Played>).pagination;
    expect(paged.data.map((track) => track.name)).toEqual(['Stratus']);

    const plays = async () =>
      Number((await knex('music_tracks').where({ id: stratus }).first('plays')).plays);
    const before = await plays();
    expect((await http.request('DELETE', '/api/v1/me/history')).status).toBe(204);
    expect(((await http.get('/api/v1/me/history')).data as Page<Played>).pagination.data).toEqual([]);
    // Clearing forgets who listened, not that the track was played (trending keeps its count)…
    expect(await plays()).toBe(before);
    // …and leaves the other listener's history alone.
    const theirs = ((await other.get('/api/v1/me/history')).data as Page<Played>).pagination.data;
    expect(theirs.map((track) => track.name)).toEqual(['Stratus']);
    expect((await server.session().get('/api/v1/me/history')).status).toBe(401);
  });

  it('lets the owner rename, describe and publish a playlist, and no one else', async () => {
    const { http: owner } = await signedInUser(server, {
      email: 'editor@example.com',
      password: 'password-123',
    });
    const { http: other } = await signedInUser(server, {
      email: 'not-editor@example.com',
      password: 'password-123',
    });
    const created = await owner.post('/api/v1/playlists', { name: 'Draft' });
    expect(created.status).toBe(201);
    const { id, public: initiallyPublic } = (created.data as PlaylistBody).playlist;
    expect(initiallyPublic).toBe(false);

    const edited = await owner.request('PUT', `/api/v1/playlists/${id}`, {
      json: { name: 'Sunday morning', description: 'Slow coffee, slower songs.', public: true },
    });
    expect(edited.status).toBe(200);
    expect((edited.data as PlaylistBody).playlist).toMatchObject({
      id,
      name: 'Sunday morning',
      description: 'Slow coffee, slower songs.',
      public: true,
    });
    // Only what is sent changes.
    const described = await owner.request('PUT', `/api/v1/playlists/${id}`, {
      json: { description: 'Quiet.' },
    });
    expect((described.data as PlaylistBody).playlist).toMatchObject({
      name: 'Sunday morning',
      description: 'Quiet.',
    });
    const read = (await other.get(`/api/v1/playlists/${id}`)).data as PlaylistBody;
    expect(read.playlist).toMatchObject({ name: 'Sunday morning', description: 'Quiet.', public: true });

    expect((await owner.request('PUT', `/api/v1/playlists/${id}`, { json: { name: '' } })).status).toBe(422);
    expect(
      (await other.request('PUT', `/api/v1/playlists/${id}`, { json: { name: 'Hijacked' } })).status,
    ).toBe(403);
    expect((await other.request('DELETE', `/api/v1/playlists/${id}`)).status).toBe(403);
    // A guest (with the XSRF cookie, so the refusal is about who, not the missing token).
    const guest = server.session();
    await guest.get('/api/v1/health');
    expect((await guest.request('PUT', `/api/v1/playlists/${id}`, { json: { name: 'x' } })).status).toBe(401);
    expect(((await owner.get(`/api/v1/playlists/${id}`)).data as PlaylistBody).playlist.name).toBe(
      'Sunday morning',
    );

    // Made private again, it answers like a missing one to anyone else; mine lists it either way.
    await owner.request('PUT', `/api/v1/playlists/${id}`, { json: { public: false } });
    expect((await other.get(`/api/v1/playlists/${id}`)).status).toBe(404);
    const mine = ((await owner.get('/api/v1/me/playlists')).data as Page<Named>).pagination.data;
    expect(mine.map((playlist) => playlist.name)).toContain('Sunday morning');
    expect((await owner.request('DELETE', `/api/v1/playlists/${id}`)).status).toBe(204);
    expect((await owner.get(`/api/v1/playlists/${id}`)).status).toBe(404);
  });

  it('limits the plays one listener may post in a minute', async () => {
    const { http } = await signedInUser(server, { email: 'spammer@example.com', password: 'password-123' });
    const track = await ids('Low Tide');
    for (let i = 0; i < PLAYS_LIMIT.points; i++)
      expect((await http.post(`/api/v1/tracks/${track}/plays`)).status).toBe(204);
    const refused = await http.post(`/api/v1/tracks/${track}/plays`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another listener is not held back by it.
    const { http: other } = await signedInUser(server, {
      email: 'calm@example.com',
      password: 'password-123',
    });
    expect((await other.post(`/api/v1/tracks/${track}/plays`)).status).toBe(204);
  });
});
