import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  capturePlayer,
  debounce,
  fromServerState,
  PLAYER_STORAGE_KEY,
  readLocalPlayer,
  toServerState,
  writeLocalPlayer,
} from './persistence';
import { ListenTracker, PLAY_REPORT_AFTER_MS } from './play-report';
import { QueueModel } from './queue';
import type { PlayerTrack } from './types';

function track(id: number): PlayerTrack {
  return {
    id,
    name: `Track ${id}`,
    durationMs: 60_000,
    src: `/api/v1/tracks/${id}/stream`,
    path: `/track/${id}/t`,
    image: `/images/${id}.jpg`,
    artists: [{ id: 1, name: 'Artist', path: '/artist/1/artist' }],
    album: null,
  };
}

/** localStorage's interface over a Map (node has no localStorage). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('player persistence', () => {
  it('round-trips queue, current track, position, shuffle, repeat, volume and crossfade through storage', () => {
    const queue = new QueueModel();
    queue.playList([1, 2, 3, 4].map(track), 2, { type: 'album', id: 5, name: 'Album', path: '/album/5/a/b' });
    queue.playNext([track(9)]);
    queue.setRepeat('one');
    const storage = memoryStorage();
    writeLocalPlayer(
      storage,
      capturePlayer(queue, { positionMs: 42_345.6, volume: 0.6, muted: true, crossfadeSeconds: 4 }),
    );
    const stored = readLocalPlayer(storage);
    expect(stored).toMatchObject({ positionMs: 42_346, volume: 0.6, muted: true, crossfadeSeconds: 4 });
    const restored = new QueueModel();
    expect(restored.restore(stored!.queue)).toBe(true);
    const s = restored.getSnapshot();
    expect([s.current?.track.id, s.repeat, s.context?.name]).toEqual([3, 'one', 'Album']);
    expect(s.queue.map((e) => e.track.id)).toEqual([9]);
    expect(restored.upcomingContext().map((e) => e.track.id)).toEqual([4]);
  });

  it('ignores a stored value of another shape, or one that is not JSON', () => {
    const storage = memoryStorage();
    storage.setItem(PLAYER_STORAGE_KEY, '{"queue": 1}');
    expect(readLocalPlayer(storage)).toBeNull();
    storage.setItem(PLAYER_STORAGE_KEY, 'not json');
    expect(readLocalPlayer(storage)).toBeNull();
    expect(readLocalPlayer(undefined)).toBeNull();
  });

  it('maps to the server copy (ids in play order, the queue after the current track) and back', () => {
    const queue = new QueueModel();
    queue.playList([1, 2, 3, 4].map(track), 1);
    queue.addToQueue([track(9)]);
    const local = capturePlayer(queue, { positionMs: 5000, volume: 0.5, muted: false, crossfadeSeconds: 0 });
    const server = toServerState(local);
    expect(server).toEqual({
      queue: [1, 2, 9, 3, 4],
      current_index: 1,
      position_ms: 5000,
      shuffle: false,
      repeat: 'off',
      volume: 50,
    });
    // Another device that knows the tracks rebuilds the same play order, at the same track and second.
    const back = fromServerState(server, [1, 2, 3, 4, 9].map(track), { muted: false, crossfadeSeconds: 0 });
    const other = new QueueModel();
    other.restore(back!.queue);
    const ids = [other.getSnapshot().current!.track.id];
    for (let e = other.next('manual'); e; e = other.next('manual')) ids.push(e.track.id);
    expect(ids).toEqual([2, 9, 3, 4]);
    expect(back!.positionMs).toBe(5000);
    expect(back!.volume).toBe(0.5);
  });

  it('drops ids it cannot resolve and starts a missing current track from the top of the next', () => {
    const server = {
      queue: [1, 2, 3],
      current_index: 1,
      position_ms: 9000,
      shuffle: false,
      repeat: 'off' as const,
      volume: 80,
    };
    const back = fromServerState(server, [track(1), track(3)], { muted: false, crossfadeSeconds: 0 });
    expect(back!.queue.contextTracks.map((t) => t.id)).toEqual([1, 3]);
    expect(back!.positionMs).toBe(0);
    expect(fromServerState(server, [], { muted: false, crossfadeSeconds: 0 })).toBeNull();
  });

  it('debounces saves but still saves while changes keep coming (max wait)', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const save = debounce(fn, 1000, 3000);
    for (let i = 0; i < 10; i++) {
      save();
      vi.advanceTimersByTime(400);
    }
    expect(fn).toHaveBeenCalledTimes(1);
    save();
    save.flush();
    expect(fn).toHaveBeenCalledTimes(2);
    save.flush();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('play reports', () => {
  it('reports once after 30 s of listening, not of position, and once at the end of a short track', () => {
    const reports: number[] = [];
    const listen = new ListenTracker((t) => reports.push(t.id));
    listen.start(track(1));
    listen.progress(PLAY_REPORT_AFTER_MS - 1);
    expect(reports).toEqual([]);
    listen.progress(1);
    listen.progress(10_000);
    listen.ended();
    expect(reports).toEqual([1]);
    listen.start(track(2));
    listen.progress(2000);
    listen.ended();
    listen.ended();
    expect(reports).toEqual([1, 2]);
    listen.start(track(3));
    listen.progress(29_000);
    listen.stop();
    listen.ended();
    expect(reports).toEqual([1, 2]);
  });
});
