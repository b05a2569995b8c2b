import { loginOverHttp, type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { fixtureGenerator } from '../demo-library/test-fixture';

type SavedState = {
  queue: number[];
  current_index: number;
  position_ms: number;
  shuffle: boolean;
  repeat: 'off' | 'all' | 'one';
  volume: number;
  tracks: { id: number; name: string }[];
};

// `GET|PUT me/player-state`: the player's copy per listener, so a queue continues on another device.
describe.each(testDatabases())('the player state routes on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite({ music: { demoLibrary: true, generate: fixtureGenerator } }, database);
  });
  afterAll(async () => {
    await server?.close();
  });

  const trackIds = async (...names: string[]) => {
    const rows = await server.app.kit.knex('music_tracks').whereIn('name', names).select('id', 'name');
    return names.map((name) => rows.find((row) => row.name === name)!.id as number);
  };

  it('keeps one listener’s queue, track, position, shuffle, repeat and volume for their other devices', async () => {
    const email = 'two-devices@example.com';
    const { http: laptop } = await signedInUser(server, { email, password: 'password-123' });
    const { http: other } = await signedInUser(server, {
      email: 'someone@example.com',
      password: 'password-123',
    });

    // Never saved: an empty queue.
    expect((await laptop.get('/api/v1/me/player-state')).data).toEqual({
      queue: [],
      current_index: -1,
      position_ms: 0,
      shuffle: false,
      repeat: 'off',
      volume: 100,
      tracks: [],
    });

    const queue = await trackIds('Nimbus', 'Stratus', 'Low Tide');
    const saved = { queue, current_index: 1, position_ms: 42_500, shuffle: true, repeat: 'all', volume: 65 };
    expect((await laptop.request('PUT', '/api/v1/me/player-state', { json: saved })).status).toBe(204);

    // The same listener signed in on a second device reads it back, with the tracks in queue order.
    const phone = server.session();
    expect((await loginOverHttp(phone, email, 'password-123')).status).toBe(200);
    const read = (await phone.get('/api/v1/me/player-state')).data as SavedState;
    expect(read).toMatchObject(saved);
    expect(read.tracks.map((track) => track.name)).toEqual(['Nimbus', 'Stratus', 'Low Tide']);

    // The phone moves on; the laptop sees the phone's state (the last write wins).
    const moved = { ...saved, current_index: 2, position_ms: 1_000, shuffle: false, repeat: 'one' };
    expect((await phone.request('PUT', '/api/v1/me/player-state', { json: moved })).status).toBe(204);
    expect((await laptop.get('/api/v1/me/player-state')).data).toMatchObject(moved);

    // Nobody else's.
    expect(((await other.get('/api/v1/me/player-state')).data as SavedState).queue).toEqual([]);
  });

  it('drops tracks that no longer exist from the tracks it answers, keeping the ids as saved', async () => {
    const { http } = await signedInUser(server, {
      email: 'gone-track@example.com',
      password: 'password-123',
    });
    const [stratus] = await trackIds('Stratus');
    const state = {
      queue: [stratus!, 999_999],
      current_index: 0,
      position_ms: 0,
      shuffle: false,
      repeat: 'off',
      volume: 100,
    };
    expect((await http.request('PUT', '/api/v1/me/player-state', { json: state })).status).toBe(204);
    const read = (await http.get('/api/v1/me/player-state')).data as SavedState;
    expect(read.queue).toEqual([stratus, 999_999]);
    expect(read.tracks.map((track) => track.id)).toEqual([stratus]);
  });

  it('refuses a malformed state with 422 and a guest with 401', async () => {
    const { http } = await signedInUser(server, { email: 'malformed@example.com', password: 'password-123' });
    const valid = { queue: [1], current_index: 0, position_ms: 0, shuffle: false, repeat: 'off', volume: 50 };
    for (const bad of [
      { ...valid, volume: 101 },
      { ...valid, repeat: 'sometimes' },
      { ...valid, queue: [0] },
      { ...valid, position_ms: -1 },
      { ...valid, current_index: -2 },
      { ...valid, current_index: 1 },
      { ...valid, queue: [], current_index: 0 },
      { ...valid, queue: Array.from({ length: 1001 }, (_, i) => i + 1) },
    ]) {
      const answer = await http.request('PUT', '/api/v1/me/player-state', { json: bad });
      expect(answer.status, JSON.stringify(bad).slice(0, 80)).toBe(422);
    }
    // The index past the end is named as the field at fault.
    const pastEnd = await http.request('PUT', '/api/v1/me/player-state', {
      json: { ...valid, current_index: 1 },
    });
    expect((pastEnd.data as { errors: Record<string, string[]> }).errors.current_index).toEqual([
      'The current index must point into the queue, or be -1 for none.',
    ]);
    // An empty queue with no current track is a valid state.
    const empty = { ...valid, queue: [], current_index: -1 };
    expect((await http.request('PUT', '/api/v1/me/player-state', { json: empty })).status).toBe(204);
    // Nothing of the refused states was kept.

    expect(((await http.get('/api/v1/me/player-state')).data as SavedState).queue).toEqual([]);

    const guest = server.session();
    await guest.get('/api/v1/health');
    expect((await guest.get('/api/v1/me/player-state')).status).toBe(401);
    expect((await guest.request('PUT', '/api/v1/me/player-state', { json: valid })).status).toBe(401);
  });
});
