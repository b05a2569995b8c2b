import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { grantToRole, storageKey } from '@backline/server';
import {
  type HttpSession,
  multipartBody,
  type RunningServer,
  signedInUser,
  tempDir,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { taggedMp3 } from '../../../../e2e/support/tagged-mp3';
import { musicUploads } from '../../../contract';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const fixtures = tempDir('catalogue-admin-');
const TAGS = { title: 'Hum', artist: 'Tape Hiss', album: 'Hum', track: '1/1', year: 2025, genre: 'Ambient' };

const PASSWORD = 'correct horse battery';
type Answer = {
  message: string;
  errors?: Record<string, string[]>;
  pagination: { data: { id: number; name: string }[]; total: number; last_page: number };
  deleted: number;
  artist: { id: number; name: string; verified: boolean; genres: { name: string }[] };
  album: { id: number; name: string; type: string; artists: { id: number }[] };
  track: {
    id: number;
    name: string;
    number: number;
    album: { id: number } | null;
    artists: { id: number }[];
  };
  genre: { id: number; name: string; display_name: string };
};

describe.each(testDatabases())('admin catalogue CRUD on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let listener: HttpSession;
  let editor: HttpSession;
  beforeAll(async () => {
    server = await startSite({}, database);
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
    listener = (await signedInUser(server, { email: 'fan@example.com', password: PASSWORD })).http;
    // An editor role: may list and edit, not create or delete.
    const knex = server.app.kit.knex;
    const [role] = await knex('roles').insert({ name: 'editor' }).returning('id');
    await grantToRole(knex, Number(role.id), 'music.update');
    editor = (
      await signedInUser(server, { email: 'editor@example.com', password: PASSWORD, roles: ['editor'] })
    ).http;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fixtures.cleanup();
  });

  const knex = () => server.app.kit.knex;
  const call = async (http: HttpSession, method: string, path: string, json?: unknown) => {
    const response = await http.request(method, `/api/v1/admin/music/${path}`, json ? { json } : {});
    return { status: response.status, data: response.data as Answer };
  };

  it('creates, lists, edits and bulk-deletes artists, albums and tracks', async () => {
    const artist = await call(admin, 'POST', 'artists', {
      name: 'Night Tides',
      bio: 'Surf rock.',
      verified: true,
      genres: ['Surf Rock'],
    });
    expect(artist.status).toBe(201);
    expect(artist.data.artist).toMatchObject({ name: 'Night Tides', verified: true });
    expect(artist.data.artist.genres.map((g) => g.name)).toEqual(['surf-rock']);
    const artistId = artist.data.artist.id;

    const album = await call(admin, 'POST', 'albums', {
      name: 'Low Water',
      type: 'ep',
      release_date: '2026-01-02',
      artist_ids: [artistId],
    });
    expect(album.status).toBe(201);
    expect(album.data.album).toMatchObject({ name: 'Low Water', type: 'ep', artists: [{ id: artistId }] });
    const albumId = album.data.album.id;

    const tracks = [];
    for (const [index, name] of ['First Light', 'Undertow', 'Harbour'].entries()) {
      const track = await call(admin, 'POST', 'tracks', {
        name,
        album_id: albumId,
        number: index + 1,
        duration_ms: 180_000,
        artist_ids: [artistId],
      });
      expect(track.status).toBe(201);
      tracks.push(track.data.track.id);
    }

    const search = await call(admin, 'GET', 'tracks?query=under');
    expect(search.data.pagination.data.map((t) => t.name)).toEqual(['Undertow']);
    const byAlbum = await call(admin, 'GET', `tracks?album_id=${albumId}&orderBy=number&orderDir=desc`);
    expect(byAlbum.data.pagination.data.map((t) => t.name)).toEqual(['Harbour', 'Undertow', 'First Light']);
    const paged = await call(admin, 'GET', `tracks?album_id=${albumId}&orderBy=name&perPage=2&page=2`);
    expect(paged.data.pagination).toMatchObject({ total: 3, last_page: 2 });
    expect(paged.data.pagination.data.map((t) => t.name)).toEqual(['Undertow']);
    const eps = await call(admin, 'GET', `albums?type=ep&artist_id=${artistId}`);
    expect(eps.data.pagination.data.map((a) => a.id)).toEqual([albumId]);
    const singles = await call(admin, 'GET', `albums?type=single&artist_id=${artistId}`);
    expect(singles.data.pagination.total).toBe(0);
    const verified = await call(admin, 'GET', 'artists?verified=yes&genre=surf-rock');
    expect(verified.data.pagination.data.map((a) => a.id)).toEqual([artistId]);

    const renamed = await call(admin, 'PUT', `albums/${albumId}`, {
      name: 'Low Water (Deluxe)',
      type: 'album',
      artist_ids: [artistId],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.data.album).toMatchObject({ name: 'Low Water (Deluxe)', type: 'album' });
    const moved = await call(admin, 'PUT', `tracks/${tracks[2]}`, {
      name: 'Harbour Lights',
      album_id: albumId,
      number: 7,
      duration_ms: 200_000,
      artist_ids: [artistId],
      genres: ['Ambient'],
    });
    expect(moved.data.track).toMatchObject({ name: 'Harbour Lights', number: 7 });

    const deleted = await call(admin, 'POST', 'tracks/bulk-delete', { ids: [tracks[0], tracks[1]] });
    expect(deleted.data.deleted).toBe(2);
    expect(await knex()('music_tracks').where('album_id', albumId).pluck('id')).toEqual([tracks[2]]);
    const albumGone = await call(admin, 'POST', 'albums/bulk-delete', { ids: [albumId] });
    expect(albumGone.data.deleted).toBe(1);
    expect(await knex()('music_tracks').where('id', tracks[2]).first()).toBeUndefined();
    const artistGone = await call(admin, 'POST', 'artists/bulk-delete', { ids: [artistId, 999_999] });
    expect(artistGone.data.deleted).toBe(1);
    expect(await knex()('music_artists').where('id', artistId).first()).toBeUndefined();
    // Each write left its audit row.
    const actions = await knex()('audit_logs').whereLike('action', 'album.%').orderBy('id').pluck('action');
    expect(actions).toEqual(['album.create', 'album.update', 'album.delete']);
  });

  /** Uploads `bytes` as `who`'s file entry (the admin's by default); answers its id. */
  const upload = async (name: string, bytes: Buffer, who: HttpSession = admin) => {
    const form = multipartBody(name, bytes, 'audio/mpeg');
    const response = await who.request('POST', '/api/v1/file-entries', {
      body: form.body,
      headers: form.headers,
    });
    expect(response.status).toBe(201);
    return (response.data as { fileEntry: { id: number } }).fileEntry.id;
  };

  it('reads an upload’s tags for the track form: names matched to the catalogue, a non-audio file refused', async () => {
    const tags = {
      title: 'Low Tide',
      artist: 'Salt Flats',
      album: 'Estuary',
      track: '4/9',
      year: 2024,
      genre: 'Dream Pop',
    };
    const file = readFileSync(
      taggedMp3(path.join(fixtures.dir, 'low-tide.mp3'), tags, {
        frequency: 262,
        seconds: 2,
        color: '669933',
      }),
    );
    const read = async (fileId: number, who: HttpSession = admin) => {
      const response = await who.request('POST', '/api/v1/admin/music/tracks/audio-tags', {
        json: { file_id: fileId },
      });
      return {
        status: response.status,
        data: response.data as {
          tags: {
            title: string;
            artists: { name: string; id: number | null }[];
            album: { name: string; id: number | null } | null;
            track_number: number;
            genres: string[];
            duration_ms: number;
          };
          errors?: Record<string, string[]>;
        },
      };
    };
    // Nothing of that name yet: the names come back without ids.
    const unknown = await read(await upload('low-tide.mp3', file));
    expect(unknown.status).toBe(200);
    expect(unknown.data.tags).toMatchObject({
      title: 'Low Tide',
      artists: [{ name: 'Salt Flats', id: null }],
      album: { name: 'Estuary', id: null },
      track_number: 4,
      genres: ['Dream Pop'],
    });
    expect(Math.abs(unknown.data.tags.duration_ms - 2000)).toBeLessThan(150);

    // The artist (case aside) and their album are picked; an album of that name by someone else is not.
    const [other] = await knex()('music_artists')
      .insert({ name: 'Someone Else', slug: 'someone-else' })
      .returning('id');
    const [theirs] = await knex()('music_albums')
      .insert({ name: 'Estuary', slug: 'estuary-2' })
      .returning('id');
    await knex()('music_album_artists').insert({ album_id: theirs.id, artist_id: other.id });
    const artist = (await call(admin, 'POST', 'artists', { name: 'SALT FLATS' })).data.artist.id;
    const byOther = await read(await upload('low-tide-2.mp3', file));
    expect(byOther.data.tags.artists).toEqual([{ name: 'Salt Flats', id: artist }]);
    expect(byOther.data.tags.album).toEqual({ name: 'Estuary', id: null });
    const album = (
      await call(admin, 'POST', 'albums', { name: 'estuary', type: 'album', artist_ids: [artist] })
    ).data.album.id;
    const matched = await read(await upload('low-tide-3.mp3', file));
    expect(matched.data.tags.album).toEqual({ name: 'Estuary', id: album });

    // A text file named .mp3 is refused on `file` and deleted; someone else's file, or a listener, gets nothing.
    const notes = await upload('notes.mp3', Buffer.from('Not a song.\n'.repeat(200)));
    const refused = await read(notes);
    expect(refused.status).toBe(422);
    expect(refused.data.errors?.file).toEqual([`notes.mp3: ${musicUploads.NOT_AUDIO_MESSAGE}`]);
    expect(await knex()('file_entries').where({ id: notes }).first()).toBeUndefined();
    const fans = await upload('fan.mp3', file, listener);
    expect((await read(fans)).status).toBe(422);
    expect((await read(fans, listener)).status).toBe(403);
    expect(await knex()('file_entries').where({ id: fans }).first('id')).toBeDefined();
  });

  it('gives a track audio from an upload: read like a backstage upload, refused when it is not audio', async () => {
    const artist = (await call(admin, 'POST', 'artists', { name: 'Tape Hiss' })).data.artist.id;
    const first = readFileSync(
      taggedMp3(path.join(fixtures.dir, 'hiss-1.mp3'), TAGS, { frequency: 330, seconds: 3, color: '336699' }),
    );
    const created = await call(admin, 'POST', 'tracks', {
      name: 'Hum',
      number: 1,
      duration_ms: 1,
      artist_ids: [artist],
      file_id: await upload('hum.mp3', first),
    });
    expect(created.status).toBe(201);
    const id = created.data.track.id;
    // The file's own length wins over the typed one; the track streams the uploaded bytes and has a waveform.
    expect(
      Math.abs((created.data.track as unknown as { duration_ms: number }).duration_ms - 3000),
    ).toBeLessThan(150);
    const stream = async () => {
      const response = await fetch(new URL(`/api/v1/tracks/${id}/stream`, server.url));
      expect(response.status).toBe(200);
      return sha256(Buffer.from(await response.arrayBuffer()));
    };
    expect(await stream()).toBe(sha256(first));
    const wave = await server.session().get(`/api/v1/tracks/${id}/waveform`);
    expect((wave.data as { peaks: number[] }).peaks).toHaveLength(musicUploads.WAVEFORM_PEAKS);
    const firstEntry = Number((await knex()('music_tracks').where({ id }).first('file_id')).file_id);

    // A text file named .mp3 is refused on `file`, deleted, and nothing about the track changes.
    const notes = await upload('notes.mp3', Buffer.from('Not a song.\n'.repeat(200)));
    const refused = await call(admin, 'PUT', `tracks/${id}`, {
      name: 'Hum (renamed)',
      number: 1,
      duration_ms: 3000,
      artist_ids: [artist],
      file_id: notes,
    });
    expect(refused.status).toBe(422);
    expect(refused.data.errors?.file).toEqual([`notes.mp3: ${musicUploads.NOT_AUDIO_MESSAGE}`]);
    expect(await knex()('file_entries').where({ id: notes }).first()).toBeUndefined();
    expect(await knex()('music_tracks').where({ id }).first('name', 'file_id')).toMatchObject({
      name: 'Hum',
      file_id: firstEntry,
    });

    // A new take replaces the audio; the old entry and its bytes go, and the audit row names both files.
    const second = readFileSync(
      taggedMp3(path.join(fixtures.dir, 'hiss-2.mp3'), TAGS, { frequency: 660, seconds: 5, color: '336699' }),
    );
    const secondEntry = await upload('hum-take-2.mp3', second);
    const oldKey = storageKey(
      (await knex()('file_entries').where({ id: firstEntry }).first('file_name')).file_name,
    );
    const updated = await call(admin, 'PUT', `tracks/${id}`, {
      name: 'Hum',
      number: 1,
      duration_ms: 3000,
      artist_ids: [artist],
      file_id: secondEntry,
    });
    expect(updated.status).toBe(200);
    expect(
      Math.abs((updated.data.track as unknown as { duration_ms: number }).duration_ms - 5000),
    ).toBeLessThan(150);
    expect(await stream()).toBe(sha256(second));
    expect(await knex()('file_entries').where({ id: firstEntry }).first()).toBeUndefined();
    expect(await server.app.kit.storage.stat(oldKey)).toBeNull();
    const audit = await knex()('audit_logs')
      .where({ action: 'track.update', target_id: id })
      .orderBy('id', 'desc')
      .first('changes');
    const changes = typeof audit.changes === 'string' ? JSON.parse(audit.changes) : audit.changes;
    expect(changes.file_id).toEqual({ before: firstEntry, after: secondEntry });
  });

  /** The changes of the one `<type>.delete` audit row of a target. */
  async function deletedAudit(type: string, id: number) {
    const rows = await knex()('audit_logs')
      .where({ action: `${type}.delete`, target_id: id })
      .pluck('changes');
    expect(rows).toHaveLength(1);
    return typeof rows[0] === 'string' ? JSON.parse(rows[0]) : rows[0];
  }

  it('creates, renames and deletes genres; a taken name answers 422', async () => {
    const created = await call(admin, 'POST', 'genres', { display_name: 'Dream Pop', popularity: 5 });
    expect(created.status).toBe(201);
    expect(created.data.genre).toMatchObject({ name: 'dream-pop', display_name: 'Dream Pop' });
    const again = await call(admin, 'POST', 'genres', { display_name: 'dream pop' });
    expect(again.status).toBe(422);
    expect(again.data.errors?.name).toEqual(['A genre with this name already exists.']);
    const renamed = await call(admin, 'PUT', `genres/${created.data.genre.id}`, {
      name: 'shoegaze',
      display_name: 'Shoegaze',
    });
    expect(renamed.data.genre).toMatchObject({ name: 'shoegaze', display_name: 'Shoegaze' });
    const listed = await call(admin, 'GET', 'genres?query=shoe&orderBy=popularity&orderDir=desc');
    expect(listed.data.pagination.data.map((g) => g.name)).toEqual(['shoegaze']);
    const gone = await call(admin, 'POST', 'genres/bulk-delete', { ids: [created.data.genre.id] });
    expect(gone.data.deleted).toBe(1);
    expect(await knex()('music_genres').where('name', 'shoegaze').first()).toBeUndefined();
    expect(await deletedAudit('genre', created.data.genre.id)).toEqual({
      name: { before: 'shoegaze', after: null },
    });
  });

  it('lists every playlist (private ones too), edits and deletes them', async () => {
    const owner = await knex()('users').where('email', 'fan@example.com').first('id');
    const rows = await knex()('music_playlists')
      .insert([
        { owner_id: owner.id, name: 'Road Trip', slug: 'road-trip', public: true },
        { owner_id: owner.id, name: 'Secret Mix', slug: 'secret-mix', public: false },
      ])
      .returning('id');
    const both = rows.map((row) => Number(row.id));
    const [roadTrip, secret] = both as [number, number];
    const privates = await call(admin, 'GET', 'playlists?public=no');
    expect(privates.data.pagination.data.map((p) => p.id)).toEqual([secret]);
    const found = await call(admin, 'GET', 'playlists?query=road&orderBy=tracks_count');
    expect(found.data.pagination.data.map((p) => p.id)).toEqual([roadTrip]);
    const edited = await call(admin, 'PUT', `playlists/${roadTrip}`, {
      name: 'Road Trip 2',
      description: 'Long drives.',
      public: false,
    });
    expect(edited.status).toBe(200);
    expect(await knex()('music_playlists').where('id', roadTrip).first('name', 'public')).toEqual({
      name: 'Road Trip 2',
      public: false,
    });
    expect((await call(admin, 'GET', 'playlists?orderBy=owner_id')).status).toBe(422);
    expect((await call(listener, 'GET', 'playlists')).status).toBe(403);
    expect((await call(listener, 'PUT', `playlists/${secret}`, { name: 'Mine', public: true })).status).toBe(
      403,
    );
    expect((await call(editor, 'POST', 'playlists/bulk-delete', { ids: [secret] })).status).toBe(403);
    const gone = await call(admin, 'POST', 'playlists/bulk-delete', { ids: [roadTrip, secret] });
    expect(gone.data.deleted).toBe(2);
    expect(await knex()('music_playlists').whereIn('id', both).first()).toBeUndefined();
    expect(await deletedAudit('playlist', secret)).toEqual({
      name: { before: 'Secret Mix', after: null },
      owner_id: { before: owner.id, after: null },
    });
  });

  it('refuses sorts and filters that are not on the allow-list, and bad bodies, with 422', async () => {
    for (const path of [
      'artists?orderBy=bio',
      'albums?orderBy=image_id',
      'tracks?orderBy=file_id',
      'genres?orderBy=image_id',
      'albums?type=mixtape',
      'tracks?album_id=abc',
      'artists?verified=maybe',
      'artists?perPage=500',
      'tracks?orderDir=sideways',
    ]) {
      const answer = await call(admin, 'GET', path);
      expect(answer.status, path).toBe(422);
      expect(answer.data.message, path).toBeTruthy();
      expect(Object.keys(answer.data.errors ?? {}).length, path).toBeGreaterThan(0);
    }
    const blank = await call(admin, 'POST', 'artists', { name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.data.errors?.name).toEqual(['The name field is required.']);
    const noArtist = await call(admin, 'POST', 'albums', { name: 'X', type: 'album', artist_ids: [999_999] });
    expect(noArtist.status).toBe(422);
    expect(noArtist.data.errors?.artist_ids).toEqual(['One of the selected artists does not exist.']);
    const noAlbum = await call(admin, 'POST', 'tracks', {
      name: 'X',
      album_id: 999_999,
      number: 1,
      duration_ms: 1000,
      artist_ids: [],
    });
    expect(noAlbum.status).toBe(422);
    expect(noAlbum.data.errors?.artist_ids).toEqual(['Choose at least one artist.']);
    const missing = await call(admin, 'PUT', 'artists/999999', { name: 'Nobody' });
    expect(missing.status).toBe(404);
    const empty = await call(admin, 'POST', 'albums/bulk-delete', { ids: [] });
    expect(empty.status).toBe(422);
  });

  it('a failed write leaves nothing behind (the album, its artists and its audit row land together)', async () => {
    const [artist] = await knex()('music_artists').insert({ name: 'Atomic', slug: 'atomic' }).returning('id');
    // A real failure inside the transaction: the database refuses the album's audit row, the last write.
    await knex().raw(`create or replace function refuse_album_audit() returns trigger language plpgsql as $$
      begin if new.action = 'album.create' then raise exception 'audit refused'; end if; return new; end $$`);
    await knex().raw(
      'create trigger refuse_album_audit before insert on audit_logs for each row execute function refuse_album_audit()',
    );
    try {
      const answer = await call(admin, 'POST', 'albums', {
        name: 'Half Written',
        type: 'album',
        artist_ids: [Number(artist.id)],
      });
      expect(answer.status).toBe(500);
    } finally {
      await knex().raw('drop trigger refuse_album_audit on audit_logs');
      await knex().raw('drop function refuse_album_audit()');
    }
    expect(await knex()('music_albums').where({ name: 'Half Written' }).first('id')).toBeUndefined();
    expect(
      await knex()('music_album_artists').where({ artist_id: artist.id }).first('album_id'),
    ).toBeUndefined();
    // And it goes through once the fault is gone.
    const again = await call(admin, 'POST', 'albums', {
      name: 'Half Written',
      type: 'album',
      artist_ids: [Number(artist.id)],
    });
    expect(again.status).toBe(201);
  });

  it('checks the permission of every route: listeners get 403, an editor may edit but not create or delete', async () => {
    const [artist] = await knex()('music_artists')
      .insert({ name: 'Guarded', slug: 'guarded' })
      .returning('id');
    const id = Number(artist.id);
    const routes: [string, string, unknown?][] = [
      ['GET', 'artists'],
      ['GET', 'albums'],
      ['GET', 'tracks'],
      ['GET', 'genres'],
      ['POST', 'artists', { name: 'X' }],
      ['PUT', `artists/${id}`, { name: 'X' }],
      ['POST', 'artists/bulk-delete', { ids: [id] }],
      ['POST', 'albums', { name: 'X', type: 'album', artist_ids: [id] }],
      ['POST', 'albums/bulk-delete', { ids: [id] }],
      ['POST', 'tracks', { name: 'X', number: 1, duration_ms: 1, artist_ids: [id] }],
      ['POST', 'tracks/bulk-delete', { ids: [id] }],
      ['POST', 'genres', { display_name: 'X' }],
      ['POST', 'genres/bulk-delete', { ids: [id] }],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(listener, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect((await call(editor, 'GET', 'artists')).status).toBe(200);
    expect((await call(editor, 'PUT', `artists/${id}`, { name: 'Guarded Again' })).status).toBe(200);
    expect((await call(editor, 'POST', 'artists', { name: 'New' })).status).toBe(403);
    expect((await call(editor, 'POST', 'artists/bulk-delete', { ids: [id] })).status).toBe(403);
    expect(await knex()('music_artists').where({ id }).first('name')).toEqual({ name: 'Guarded Again' });
    const guest = await server.session().request('GET', '/api/v1/admin/music/artists');
    expect(guest.status).toBe(401);
  });
});
