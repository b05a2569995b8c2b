import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { storageKey } from '@backline/server';
import {
  type HttpSession,
  multipartBody,
  type RunningServer,
  signedInUser,
  tempDir,
  testDatabases,
  tusUpload,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { taggedMp3 } from '../../../../e2e/support/tagged-mp3';
import { musicUploads } from '../../../contract';
import { mp3Peaks } from './peaks';

const PASSWORD = 'correct horse battery';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

type Draft = musicUploads.TrackDraft;
type Body = { message: string; errors?: Record<string, string[]>; draft: Draft; drafts: Draft[] };

const fixtures = tempDir('music-uploads-');
const mp3 = (n: number) =>
  readFileSync(
    taggedMp3(
      path.join(fixtures.dir, `track-${n}.mp3`),
      {
        title: ['First Light', 'Overpass', 'Last Exit'][n - 1]!,
        artist: 'Velvet Static',
        album: 'Night Drive',
        track: `${n}/3`,
        year: 2024,
        genre: 'Synthwave',
        replayGain: n === 1 ? '-6.50 dB' : undefined,
      },
      { frequency: 220 * n, seconds: 2, color: '3366cc' },
    ),
  );

/**
 * The tag and the first frame header of `mp3`, then zeros for the rest (a file whose audio was wiped). Zeros, not
 * random bytes: random bytes hold MPEG sync words by chance, and some runs decoded enough garbage frames to pass.
 */
function damaged(mp3: Buffer): Buffer {
  // ID3v2's size is a 28-bit "syncsafe" integer: 7 bits in each of four bytes.
  const tagEnd = 10 + ((mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!);
  return Buffer.concat([mp3.subarray(0, tagEnd + 4), Buffer.alloc(mp3.length - tagEnd - 4)]);
}

describe.each(testDatabases())('music uploads: tags, refusals and publishing on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let nextUser = 0;
  beforeAll(async () => {
    server = await startSite({}, database);
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fixtures.cleanup();
  });

  const knex = () => server.app.kit.knex;
  const listener = async () =>
    signedInUser(server, { email: `fan${++nextUser}@example.com`, password: PASSWORD });
  const upload = async (http: HttpSession, name: string, bytes: Buffer, type = 'audio/mpeg') => {
    const form = multipartBody(name, bytes, type);
    const response = await http.request('POST', '/api/v1/file-entries', {
      body: form.body,
      headers: form.headers,
    });
    expect(response.status).toBe(201);
    return (response.data as { fileEntry: { id: number } }).fileEntry.id;
  };
  /** A user who asked for a new artist and was approved: linked to it, holding the artist role. */
  const approvedArtist = async (name: string) => {
    const user = await listener();
    const sent = await user.http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name,
      proof: 'My label page lists me.',
    });
    expect(sent.status).toBe(201);
    const id = (sent.data as { request: { id: number } }).request.id;
    const approved = await admin.post(`/api/v1/admin/artist-requests/${id}/approve`);
    expect(approved.status).toBe(200);
    return {
      ...user,
      artistId: (approved.data as { request: { artist: { id: number } } }).request.artist.id,
    };
  };
  const analyze = (http: HttpSession, artistId: number, fileId: number) =>
    http.post(`/api/v1/backstage/artists/${artistId}/uploads`, { file_id: fileId });
  const storedKeyOf = async (fileId: number) => {
    const row = await knex()('file_entries').where({ id: fileId }).first('file_name');
    return storageKey(row.file_name);
  };

  it('reads the tags, the embedded cover, ReplayGain and waveform peaks of a tagged MP3', async () => {
    const { http, artistId } = await approvedArtist('Velvet Static');
    const fileId = await upload(http, 'night-drive/01 First Light.mp3', mp3(1));
    const response = await analyze(http, artistId, fileId);
    expect(response.status).toBe(201);
    const { draft } = response.data as Body;
    expect(draft).toMatchObject({
      artist_id: artistId,
      file_id: fileId,
      title: 'First Light',
      artists: ['Velvet Static'],
      album: 'Night Drive',
      album_artist: 'Velvet Static',
      track_number: 1,
      track_total: 3,
      disc_number: 1,
      year: 2024,
      genres: ['Synthwave'],
      mime: 'audio/mpeg',
    });
    expect(draft.replay_gain?.track_gain).toBe(-6.5);
    // Two seconds of tone, give or take the encoder's padding.
    expect(draft.duration_ms).toBeGreaterThan(1900);
    expect(draft.duration_ms).toBeLessThan(2200);
    expect(draft.peaks).toHaveLength(musicUploads.WAVEFORM_PEAKS);
    // ffmpeg's sine has an amplitude of 1/8, steady but for the encoder's quiet edges.
    expect(Math.max(...draft.peaks)).toBeGreaterThan(0.11);
    expect(Math.max(...draft.peaks)).toBeLessThan(0.14);
    expect(draft.peaks.filter((p) => p > 0.1).length).toBeGreaterThan(musicUploads.WAVEFORM_PEAKS * 0.8);
    // The cover is a stored JPEG the browser can show.
    expect(draft.cover_id).toEqual(expect.any(Number));
    const cover = await knex()('file_entries').where({ id: draft.cover_id }).first('mime', 'owner_id');
    expect(cover).toMatchObject({ mime: 'image/jpeg' });
    const art = await http.get(draft.cover_url!);
    expect(art.status).toBe(200);

    const listed = await http.get(`/api/v1/backstage/artists/${artistId}/uploads`);
    expect((listed.data as Body).drafts.map((d) => d.id)).toEqual([draft.id]);
    // Reading a file twice is refused.
    expect((await analyze(http, artistId, fileId)).status).toBe(422);
  });

  it('refuses a renamed non-audio file and a damaged MP3, leaving no rows and no stored objects', async () => {
    const { http, artistId } = await approvedArtist('Broken Tapes');
    const cases = [
      { name: 'notes.mp3', bytes: Buffer.from('These are my lyrics, not a song.\n'.repeat(200)) },
      {
        name: 'photo.mp3',
        bytes: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(4000)]),
      },
      // A real MP3's tag and first frame header (so it sniffs as MP3), then noise where the frames were.
      { name: 'damaged.mp3', bytes: damaged(mp3(2)) },
    ];
    for (const { name, bytes } of cases) {
      const before = Number((await knex()('file_entries').count({ n: '*' }))[0]!.n);
      const fileId = await upload(http, name, bytes);
      const key = await storedKeyOf(fileId);
      expect(await server.app.kit.storage.stat(key)).not.toBeNull();
      const response = await analyze(http, artistId, fileId);
      expect(response.status, name).toBe(422);
      const message = (response.data as Body).errors?.file?.[0];
      expect(message).toBe(
        `${name}: ${name === 'damaged.mp3' ? musicUploads.CORRUPT_AUDIO_MESSAGE : musicUploads.NOT_AUDIO_MESSAGE}`,
      );
      expect(await knex()('file_entries').where({ id: fileId }).first()).toBeUndefined();
      expect(Number((await knex()('file_entries').count({ n: '*' }))[0]!.n)).toBe(before);
      expect(await server.app.kit.storage.stat(key)).toBeNull();
    }
    expect(await knex()('music_upload_drafts').where({ artist_id: artistId })).toEqual([]);
  });

  it('publishes an album of drafts in one transaction, and rolls all of it back on a bad track', async () => {
    const { http, artistId } = await approvedArtist('Night Drivers');
    const drafts: Draft[] = [];
    for (const n of [1, 2, 3]) {
      const fileId = await upload(http, `0${n}.mp3`, mp3(n));
      drafts.push(((await analyze(http, artistId, fileId)).data as Body).draft);
    }
    const albumsBefore = Number((await knex()('music_albums').count({ n: '*' }))[0]!.n);
    const tracksBefore = Number((await knex()('music_tracks').count({ n: '*' }))[0]!.n);
    const body = {
      album: {
        name: 'Night Drive',
        type: 'album',
        release_date: '2024-01-01',
        image_id: drafts[0]!.cover_id,
      },
      tracks: drafts.map((d) => ({ draft_id: d.id, name: d.title, number: d.track_number! })),
    };
    // A draft of nobody's fails the whole publish: no album, no track.
    const bad = await http.post(`/api/v1/backstage/artists/${artistId}/publish`, {
      ...body,
      tracks: [...body.tracks, { draft_id: 2_000_000, name: 'Ghost', number: 4 }],
    });
    expect(bad.status).toBe(422);
    expect(Number((await knex()('music_albums').count({ n: '*' }))[0]!.n)).toBe(albumsBefore);
    expect(Number((await knex()('music_tracks').count({ n: '*' }))[0]!.n)).toBe(tracksBefore);

    const published = await http.post(`/api/v1/backstage/artists/${artistId}/publish`, body);
    expect(published.status).toBe(201);
    const album = (published.data as { album: { id: number; path: string } }).album;
    expect(album.path).toBe(`/album/${album.id}/night-drivers/night-drive`);
    const tracks = await knex()('music_tracks').where({ album_id: album.id }).orderBy('number');
    expect(tracks.map((t) => [t.name, t.number])).toEqual([
      ['First Light', 1],
      ['Overpass', 2],
      ['Last Exit', 3],
    ]);
    expect(tracks.map((t) => Number(t.file_id))).toEqual(drafts.map((d) => d.file_id));
    expect(await knex()('music_upload_drafts').where({ artist_id: artistId })).toEqual([]);
    // The album page and the waveform are public; a guest streams the first track.
    const guest = server.session();
    const page = await guest.get(`/api/v1/albums/${album.id}`);
    expect(page.status).toBe(200);
    const wave = await guest.get(`/api/v1/tracks/${tracks[0].id}/waveform`);
    expect((wave.data as { peaks: number[] }).peaks).toEqual(drafts[0]!.peaks);
    // A track without peaks answers an empty list; an unknown track is a 404.
    await knex()('music_track_waveforms').where({ track_id: tracks[1].id }).delete();
    const none = await guest.get(`/api/v1/tracks/${tracks[1].id}/waveform`);
    expect([none.status, none.data]).toEqual([200, { peaks: [] }]);
    const missing = await guest.get(`/api/v1/tracks/${Number(tracks[2].id) + 1000}/waveform`);
    expect(missing.status).toBe(404);
    const stored = await knex()('music_albums').where({ id: album.id }).first('image_id');
    expect(Number(stored.image_id)).toBe(drafts[0]!.cover_id);
    // The covers that did not become the album's went with the drafts.
    expect(await knex()('file_entries').where({ id: drafts[1]!.cover_id! }).first()).toBeUndefined();
  });

  it('answers 403 to users who are not this artist, on every route', async () => {
    const owner = await approvedArtist('Owner Band');
    const other = await approvedArtist('Other Band');
    const fan = await listener();
    const fileId = await upload(owner.http, 'mine.mp3', mp3(1));
    const draft = ((await analyze(owner.http, owner.artistId, fileId)).data as Body).draft;
    for (const intruder of [other.http, fan.http]) {
      const theirFile = await upload(intruder, 'theirs.mp3', mp3(2));
      const base = `/api/v1/backstage/artists/${owner.artistId}`;
      expect((await analyze(intruder, owner.artistId, theirFile)).status).toBe(403);
      expect((await intruder.get(`${base}/uploads`)).status).toBe(403);
      expect((await intruder.request('DELETE', `${base}/uploads/${draft.id}`)).status).toBe(403);
      const publish = await intruder.post(`${base}/publish`, {
        album: { name: 'Stolen', type: 'album' },
        tracks: [{ draft_id: draft.id, name: 'Stolen', number: 1 }],
      });
      expect(publish.status).toBe(403);
    }
    // Another artist cannot read the owner's file into their own drafts either.
    expect((await analyze(other.http, other.artistId, fileId)).status).toBe(422);
    expect(await knex()('music_upload_drafts').where({ id: draft.id }).first('id')).toBeDefined();
    const discarded = await owner.http.request(
      'DELETE',
      `/api/v1/backstage/artists/${owner.artistId}/uploads/${draft.id}`,
    );
    expect(discarded.status).toBe(200);
    expect(await knex()('file_entries').where({ id: fileId }).first()).toBeUndefined();
  });

  it("replaces a published track's audio: new bytes, duration and waveform; a refused file or a stranger changes nothing", async () => {
    const { http, artistId } = await approvedArtist('Second Takes');
    const draft = ((await analyze(http, artistId, await upload(http, 'take-1.mp3', mp3(1)))).data as Body)
      .draft;
    const published = await http.post(`/api/v1/backstage/artists/${artistId}/publish`, {
      album: { name: 'Second Takes', type: 'single' },
      tracks: [{ draft_id: draft.id, name: 'First Light', number: 1 }],
    });
    expect(published.status).toBe(201);
    const track = await knex()('music_tracks').where({ file_id: draft.file_id }).first('id');
    const trackId = Number(track.id);
    const oldKey = await storedKeyOf(draft.file_id);
    const replaceWith = (session: HttpSession, fileId: number) =>
      session.request('PUT', `/api/v1/backstage/tracks/${trackId}/audio`, { json: { file_id: fileId } });

    // A stranger (another artist, a listener) gets 403 and the track keeps its audio.
    const other = await approvedArtist('Other Takes');
    const fan = await listener();
    for (const intruder of [other.http, fan.http]) {
      const theirs = await upload(intruder, 'theirs.mp3', mp3(2));
      expect((await replaceWith(intruder, theirs)).status).toBe(403);
    }
    // A text file named .mp3 is refused, deleted, and the track is as it was.
    const notes = await upload(http, 'notes.mp3', Buffer.from('Not a song.\n'.repeat(200)));
    const notesKey = await storedKeyOf(notes);
    const refused = await replaceWith(http, notes);
    expect(refused.status).toBe(422);
    expect((refused.data as Body).errors?.file?.[0]).toBe(`notes.mp3: ${musicUploads.NOT_AUDIO_MESSAGE}`);
    expect(await knex()('file_entries').where({ id: notes }).first()).toBeUndefined();
    expect(await server.app.kit.storage.stat(notesKey)).toBeNull();
    expect(Number((await knex()('music_tracks').where({ id: trackId }).first('file_id')).file_id)).toBe(
      draft.file_id,
    );
    // The track's own file again is not a replacement.
    expect((await replaceWith(http, draft.file_id)).status).toBe(422);

    // A longer, higher take: the track streams the new bytes, with its length and waveform; the old bytes are gone.
    const longer = readFileSync(
      taggedMp3(
        path.join(fixtures.dir, 'take-2.mp3'),
        {
          title: 'First Light (take 2)',
          artist: 'Second Takes',
          album: 'Second Takes',
          track: '1/1',
          year: 2025,
          genre: 'Synthwave',
        },
        { frequency: 880, seconds: 4, color: 'cc6633' },
      ),
    );
    const newId = await upload(http, 'take-2.mp3', longer);
    // Both takes are steady tones with the same peaks: the old row goes first, so the new one must be written.
    await knex()('music_track_waveforms').where({ track_id: trackId }).delete();
    const replaced = await replaceWith(http, newId);
    expect(replaced.status).toBe(200);
    const answered = (replaced.data as { track: { id: number; name: string; duration_ms: number } }).track;
    expect(answered.id).toBe(trackId);
    // The name stays the artist's; the length is the new file's.
    expect(answered.name).toBe('First Light');
    expect(Math.abs(answered.duration_ms - 4000)).toBeLessThan(150);
    const row = await knex()('music_tracks').where({ id: trackId }).first('file_id', 'duration_ms');
    expect(Number(row.file_id)).toBe(newId);
    expect(await knex()('file_entries').where({ id: draft.file_id }).first()).toBeUndefined();
    expect(await server.app.kit.storage.stat(oldKey)).toBeNull();
    const streamed = await fetch(new URL(`/api/v1/tracks/${trackId}/stream`, server.url));
    expect(streamed.status).toBe(200);
    expect(sha256(Buffer.from(await streamed.arrayBuffer()))).toBe(sha256(longer));
    const newPeaks = ((await http.get(`/api/v1/tracks/${trackId}/waveform`)).data as { peaks: number[] })
      .peaks;
    const expected = await mp3Peaks(Readable.from([longer]), musicUploads.WAVEFORM_PEAKS);
    expect(newPeaks).toEqual(expected.peaks);
  });

  it('reads a file sent through tus that was cut off and resumed, byte for byte', async () => {
    const { http, artistId } = await approvedArtist('Resumers');
    const data = mp3(3);
    let chunks = 0;
    const first = await tusUpload(http, data, {
      chunkSize: 8 * 1024,
      metadata: { name: 'resumed.mp3', mime: 'audio/mpeg' },
      onChunk: () => ++chunks === 1,
    });
    expect(first.aborted).toBe(true);
    const second = await tusUpload(http, data, {
      chunkSize: 8 * 1024,
      uploadUrl: first.url,
      metadata: { name: 'resumed.mp3', mime: 'audio/mpeg' },
    });
    expect(second.aborted).toBe(false);
    const claimed = await http.post('/api/v1/tus/entries', { uploadKey: first.key });
    expect(claimed.status).toBe(201);
    const entry = (claimed.data as { fileEntry: { id: number; url: string } }).fileEntry;
    const served = await fetch(new URL(entry.url, server.url), { headers: { Cookie: http.cookieHeader() } });
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(data));
    const response = await analyze(http, artistId, entry.id);
    expect(response.status).toBe(201);
    expect((response.data as Body).draft.title).toBe('Last Exit');
  });
});
