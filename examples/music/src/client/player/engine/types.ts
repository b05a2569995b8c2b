/** A track as the player knows it: enough to play it and to show and link it. */
export interface PlayerTrack {
  id: number;
  name: string;
  durationMs: number;
  /** The stream URL (`/api/v1/tracks/{id}/stream`). */
  src: string;
  /** The track page URL. */
  path: string;
  image: string | null;
  artists: { id: number; name: string; path: string }[];
  album: { id: number; name: string; path: string } | null;
}

/** Where a list of tracks was played from; the queue panel names it ("Next from: …"). */
export interface PlayContext {
  type: 'album' | 'playlist' | 'artist' | 'search' | 'liked' | 'track' | 'queue' | 'genre' | 'channel';
  id?: number | string;
  name?: string;
  path?: string;
}

export type RepeatMode = 'off' | 'all' | 'one';

/**
 * One place in the queue. The same track can sit in the queue twice, so entries, not tracks, carry the identity
 * (React keys, drag and drop, "is this the entry that is prepared").
 */
export interface QueueEntry {
  key: string;
  track: PlayerTrack;
  /** `queue`: added by the listener (play next, add to queue); `context`: from the list that was played. */
  source: 'context' | 'queue';
}
