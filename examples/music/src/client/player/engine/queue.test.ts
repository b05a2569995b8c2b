import { describe, expect, it } from 'vitest';
import { QueueModel } from './queue';
import type { PlayerTrack } from './types';

function track(id: number): PlayerTrack {
  return {
    id,
    name: `Track ${id}`,
    durationMs: 60_000,
    src: `/api/v1/tracks/${id}/stream`,
    path: `/track/${id}/track-${id}`,
    image: null,
    artists: [{ id: 1, name: 'Artist', path: '/artist/1/artist' }],
    album: { id: 1, name: 'Album', path: '/album/1/artist/album' },
  };
}

const album = Array.from({ length: 10 }, (_, i) => track(i + 1));

/** A seeded generator (mulberry32), so a failing shuffle can be replayed. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays through to the end of the list with skips, answering the ids in play order. */
function playThrough(queue: QueueModel, reason: 'auto' | 'manual' = 'manual'): number[] {
  const ids = [queue.getSnapshot().current!.track.id];
  for (let entry = queue.next(reason); entry; entry = queue.next(reason)) ids.push(entry.track.id);
  return ids;
}

describe('queue model', () => {
  it('plays a list in order from the start index and stops at the end with repeat off', () => {
    const queue = new QueueModel();
    queue.playList(album, 3, { type: 'album', id: 1 });
    expect(playThrough(queue)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(queue.next('manual')).toBeNull();
    expect(queue.getSnapshot().current?.track.id).toBe(10);
  });

  it('shuffle keeps the current track and plays every other track once, without repeats', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const queue = new QueueModel({ random: seeded(seed) });
      queue.playList(album, 4);
      queue.setShuffle(true);
      expect(queue.getSnapshot().current?.track.id).toBe(5);
      const ids = playThrough(queue);
      expect(ids[0]).toBe(5);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
    }
  });

  it('shuffle actually changes the order (for some seed) and a shuffled start plays the chosen track first', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed <= 5; seed++) {
      const queue = new QueueModel({ random: seeded(seed) });
      queue.setShuffle(true);
      queue.playList(album, 2);
      const ids = playThrough(queue);
      expect(ids[0]).toBe(3);
      orders.add(ids.join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('un-shuffle restores the list order and continues after the current track', () => {
    const queue = new QueueModel({ random: seeded(7) });
    queue.playList(album, 0);
    queue.setShuffle(true);
    queue.next('manual');
    queue.next('manual');
    const playing = queue.getSnapshot().current!.track.id;
    queue.setShuffle(false);
    expect(queue.getSnapshot().current!.track.id).toBe(playing);
    expect(queue.getSnapshot().order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(queue.upcomingContext().map((e) => e.track.id)).toEqual(album.slice(playing).map((t) => t.id));
  });

  it('repeat one replays the track when it ends but a skip moves on', () => {
    const queue = new QueueModel();
    queue.playList(album, 0);
    queue.setRepeat('one');
    expect(queue.next('auto')?.track.id).toBe(1);
    expect(queue.next('auto')?.track.id).toBe(1);
    expect(queue.next('manual')?.track.id).toBe(2);
  });

  it('repeat all wraps around to the first track, in both directions', () => {
    const queue = new QueueModel();
    queue.playList(album, 9);
    expect(queue.next('auto')).toBeNull();
    queue.setRepeat('all');
    expect(queue.peek('auto')?.track.id).toBe(1);
    expect(queue.next('auto')?.track.id).toBe(1);
    expect(queue.previous(0)).toMatchObject({ restart: false, entry: { track: { id: 10 } } });
  });

  it('cycles repeat off → all → one → off', () => {
    const queue = new QueueModel();
    expect([queue.cycleRepeat(), queue.cycleRepeat(), queue.cycleRepeat()]).toEqual(['all', 'one', 'off']);
  });

  it('previous restarts after 3 seconds of play, else goes back', () => {
    const queue = new QueueModel();
    queue.playList(album, 4);
    expect(queue.previous(3000)).toEqual({ restart: true });
    expect(queue.getSnapshot().current?.track.id).toBe(5);
    expect(queue.previous(2999)).toMatchObject({ restart: false, entry: { track: { id: 4 } } });
    expect(queue.getSnapshot().current?.track.id).toBe(4);
  });

  it('previous on the first track with repeat off restarts it', () => {
    const queue = new QueueModel();
    queue.playList(album, 0);
    expect(queue.previous(0)).toEqual({ restart: true });
  });

  it('play next inserts before the queue and the context; next from queue comes before next from context', () => {
    const queue = new QueueModel();
    queue.playList(album, 0);
    queue.addToQueue([track(50)]);
    queue.playNext([track(40), track(41)]);
    expect(queue.getSnapshot().queue.map((e) => e.track.id)).toEqual([40, 41, 50]);
    expect(playThrough(queue).slice(0, 6)).toEqual([1, 40, 41, 50, 2, 3]);
  });

  it('previous from a queue entry puts it back in front of the queue and returns to the context track', () => {
    const queue = new QueueModel();
    queue.playList(album, 2);
    queue.playNext([track(40)]);
    queue.next('manual');
    expect(queue.getSnapshot().current?.track.id).toBe(40);
    expect(queue.previous(0)).toMatchObject({ restart: false, entry: { track: { id: 3 } } });
    expect(queue.getSnapshot().queue.map((e) => e.track.id)).toEqual([40]);
  });

  it('reorders within the queue and within the upcoming context', () => {
    const queue = new QueueModel();
    queue.playList(album, 0);
    queue.addToQueue([track(40), track(41), track(42)]);
    const [a, , c] = queue.getSnapshot().queue;
    queue.move([c!.key], a!.key, 'before');
    expect(queue.getSnapshot().queue.map((e) => e.track.id)).toEqual([42, 40, 41]);
    const upcoming = queue.upcomingContext();
    queue.move([upcoming[0]!.key], upcoming[3]!.key, 'after');
    expect(queue.upcomingContext().map((e) => e.track.id)).toEqual([3, 4, 5, 2, 6, 7, 8, 9, 10]);
  });

  it('moving between sections converts entries, and a moved entry is not played twice', () => {
    const queue = new QueueModel();
    queue.playList(album.slice(0, 4), 0);
    queue.addToQueue([track(40)]);
    const toQueue = queue.upcomingContext()[2]!; // track 4
    queue.move([toQueue.key], queue.getSnapshot().queue[0]!.key, 'after');
    expect(queue.getSnapshot().queue.map((e) => [e.track.id, e.source])).toEqual([
      [40, 'queue'],
      [4, 'queue'],
    ]);
    const q40 = queue.getSnapshot().queue[0]!;
    queue.move([q40.key], queue.upcomingContext()[0]!.key, 'before');
    expect(queue.upcomingContext().map((e) => [e.track.id, e.source])).toEqual([
      [40, 'context'],
      [2, 'context'],
      [3, 'context'],
    ]);
    expect(playThrough(queue)).toEqual([1, 4, 40, 2, 3]);
  });

  it('moves upcoming context entries to the end of the queue, even an empty one, and plays them once', () => {
    const queue = new QueueModel();
    queue.playList(album.slice(0, 4), 0);
    queue.moveToQueue([queue.upcomingContext()[1]!.key]); // track 3
    expect(queue.getSnapshot().queue.map((e) => [e.track.id, e.source])).toEqual([[3, 'queue']]);
    queue.addToQueue([track(40)]);
    queue.moveToQueue([queue.upcomingContext()[1]!.key]); // track 4
    expect(queue.getSnapshot().queue.map((e) => e.track.id)).toEqual([3, 40, 4]);
    expect(queue.upcomingContext().map((e) => e.track.id)).toEqual([2]);
    // A key that is not upcoming context (a queue entry) changes nothing.
    queue.moveToQueue([queue.getSnapshot().queue[0]!.key]);
    expect(queue.getSnapshot().queue.map((e) => e.track.id)).toEqual([3, 40, 4]);
    expect(playThrough(queue)).toEqual([1, 3, 40, 4, 2]);
  });

  it('removes upcoming entries and clears the queue', () => {
    const queue = new QueueModel();
    queue.playList(album.slice(0, 4), 0);
    queue.addToQueue([track(40), track(41)]);
    queue.remove([queue.getSnapshot().queue[1]!.key, queue.upcomingContext()[0]!.key]);
    expect(playThrough(new QueueModelView(queue))).toEqual([1, 40, 3, 4]);
    queue.addToQueue([track(42)]);
    queue.clearQueue();
    expect(queue.getSnapshot().queue).toEqual([]);
  });

  it('jumps to an upcoming queue entry, skipping those before it', () => {
    const queue = new QueueModel();
    queue.playList(album, 0);
    queue.addToQueue([track(40), track(41), track(42)]);
    queue.jumpTo(queue.getSnapshot().queue[1]!.key);
    expect(queue.getSnapshot().current?.track.id).toBe(41);
    expect(queue.getSnapshot().queue.map((e) => e.track.id)).toEqual([42]);
  });

  it('survives a persistence round trip: order, position, queue, current, shuffle and repeat', () => {
    const queue = new QueueModel({ random: seeded(3) });
    queue.playList(album, 1, { type: 'playlist', id: 9, name: 'Mix', path: '/playlist/9/mix' });
    queue.setShuffle(true);
    queue.next('manual');
    queue.addToQueue([track(40), track(41)]);
    queue.next('manual');
    queue.setRepeat('all');
    const stored = JSON.parse(JSON.stringify(queue.serialize())) as unknown;

    const restored = new QueueModel({ random: seeded(99) });
    expect(restored.restore(stored)).toBe(true);
    const a = queue.getSnapshot();
    const b = restored.getSnapshot();
    expect(b.current?.track.id).toBe(40);
    expect(b.current?.source).toBe('queue');
    expect(b.context).toEqual(a.context);
    expect([b.shuffle, b.repeat]).toEqual([true, 'all']);
    expect(b.queue.map((e) => e.track.id)).toEqual([41]);
    // With repeat all a play-through never ends; compare one pass.
    restored.setRepeat('off');
    queue.setRepeat('off');
    expect(playThrough(restored)).toEqual(playThrough(queue));
    // Keys made after a restore never collide with restored ones.
    restored.addToQueue([track(60)]);
    const keys = [...restored.getSnapshot().contextEntries, ...restored.getSnapshot().queue].map(
      (e) => e.key,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses a stored value that does not fit and keeps its state', () => {
    const queue = new QueueModel();
    queue.playList(album, 0);
    expect(queue.restore({ version: 1, contextTracks: [], order: [3], queue: [] })).toBe(false);
    expect(queue.restore('nonsense')).toBe(false);
    expect(queue.getSnapshot().current?.track.id).toBe(1);
  });
});

/** Plays through a copy, so the test above can check the original afterwards. */
class QueueModelView extends QueueModel {
  constructor(source: QueueModel) {
    super();
    this.restore(source.serialize());
  }
}
