import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { FIXTURE_PEAKS, fixtureGenerator } from '../demo-library/test-fixture';

type Page<T> = { pagination: { data: T[]; total: number; last_page: number } };
type Named = { id: number; name: string; path: string };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('music catalogue on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite(
      {
        music: { demoLibrary: true, generate: fixtureGenerator },
        logger: { info() {}, warn() {}, error: (message, error) => console.error(message, error) },
      },
      database,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => server.session().get(url, { headers });

  it('seeds the demo catalogue once, with artwork and audio stored as file entries', async () => {
    const knex = server.app.kit.knex;
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          [
            'music_artists',
            'music_albums',
            'music_tracks',
            'music_genres',
            'music_playlists',
            'music_channels',
          ].map(async (table) => [table, Number((await knex(table).count({ c: '*' }))[0]!.c)]),
        ),
      );
    const first = await counts();
    expect(first).toMatchObject({
      music_artists: 3,
      music_albums: 2,
      music_tracks: 5,
      music_genres: 2,
      music_playlists: 1,
    });
    const { seedDemoLibrary } = await import('../demo-library/seed');
    const again = await seedDemoLibrary(server.app.kit, { generate: fixtureGenerator });
    expect(again.seeded).toBe(false);
    expect(await counts()).toEqual(first);
    const audio = await knex('music_tracks as t')
      .join('file_entries as f', 'f.id', 't.file_id')
      .select('f.mime');
    expect(audio.map((a) => a.mime)).toEqual(Array(5).fill('audio/mpeg'));
    // The generator's waveforms go with their tracks; a track it made none for answers an empty list.
    const tracks = await knex('music_tracks').orderBy('id').select('id', 'name');
    const waveform = async (name: string) => {
      const id = tracks.find((t) => t.name === name)!.id;
      return ((await get(`/api/v1/tracks/${id}/waveform`)).data as { peaks: number[] }).peaks;
    };
    expect(await waveform('Cirrus Drift')).toEqual(FIXTURE_PEAKS(2));
    expect(await waveform('Nimbus')).toEqual(FIXTURE_PEAKS(3));
    expect(await waveform('Low Tide')).toEqual([]);
  });

  it('lets a guest browse: artist with discography, album tracks, channels, trending', async () => {
    const artists = (await get('/api/v1/artists?orderBy=name&orderDir=asc')).data as Page<Named>;
    expect(artists.pagination.data.map((a) => a.name)).toEqual([
      'Continental Drift Society',
      'Nebula Drift',
      'Neon Harbor',
    ]);
    const nebula = artists.pagination.data.find((a) => a.name === 'Nebula Drift')!;
    expect(nebula.path).toBe(`/artist/${nebula.id}/nebula-drift`);
    const show = await get(`/api/v1/artists/${nebula.id}`);
    expect(show.status).toBe(200);
    const artist = (
      show.data as { artist: { albums: { name: string; tracks: Named[] }[]; image_small: string } }
    ).artist;
    expect(artist.albums.map((a) => a.name)).toEqual(['Harbor Lights', 'Cloud Atlas Sketches']);
    expect(artist.albums[1]!.tracks.map((t) => t.name)).toEqual(['Stratus', 'Cirrus Drift', 'Nimbus']);
    const art = await get(artist.image_small);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toBe('image/jpeg');
    const channels = (await get('/api/v1/channels')).data as {
      channels: { slug: string; items: unknown[] }[];
    };
    expect(channels.channels.map((c) => c.slug)).toContain('new-releases');
    const trending = (await get('/api/v1/landing/artists')).data as { artists: Named[] };
    expect(trending.artists.length).toBe(3);
  });

  it('answers artist, album, track and playlist pages with their own head for crawlers', async () => {
    const knex = server.app.kit.knex;
    const album = await knex('music_albums').where({ name: 'Harbor Lights' }).first('id');
    const html = String(
      (await get(`/album/${album.id}/neon-harbor/harbor-lights`, { Accept: 'text/html' })).data,
    );
    expect(html).toContain('<title>Harbor Lights - Neon Harbor, Nebula Drift - Backline Music</title>');
    expect(html).toContain('<meta property="og:title" content="Harbor Lights - Neon Harbor, Nebula Drift">');
    expect(html).toContain('<meta name="description" content="Lights.">');
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/v1\/artwork\/\d+">/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const ld = (page: string) =>
      [...page.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
    const [albumLd] = ld(html);
    expect(albumLd).toMatchObject({
      '@type': 'MusicAlbum',
      name: 'Harbor Lights',
      numTracks: 2,
      datePublished: '2025-06-15',
    });
    expect(albumLd.track.map((t: { name: string }) => t.name)).toEqual(['Pier Seven', 'Low Tide']);

    const artist = await knex('music_artists').where({ name: 'Nebula Drift' }).first('id');
    const artistPage = String((await get(`/artist/${artist.id}/nebula-drift`)).data);
    expect(ld(artistPage)[0]).toMatchObject({ '@type': 'MusicGroup', name: 'Nebula Drift' });
    expect(artistPage).toContain('<meta name="description" content="Slow-moving clouds of sound.">');
    const track = await knex('music_tracks').where({ name: 'Stratus' }).first('id');
    const trackLd = ld(String((await get(`/track/${track.id}/stratus`)).data))[0];
    expect(trackLd).toMatchObject({ '@type': 'MusicRecording', name: 'Stratus', duration: 'PT0M4S' });
    const playlist = await knex('music_playlists').where({ name: 'Evening Calm' }).first('id');
    const playlistLd = ld(String((await get(`/playlist/${playlist.id}/evening-calm`)).data))[0];
    expect(playlistLd).toMatchObject({ '@type': 'MusicPlaylist', name: 'Evening Calm', numTracks: 2 });
    // A page that is not the catalogue's keeps the site's defaults.
    expect(String((await get('/artist/999999/nobody')).data)).not.toContain('og:title');
  });

  it('refuses a sort that is not allow-listed with 422, and pages without overlap', async () => {
    const bad = await get('/api/v1/tracks?orderBy=password');
    expect(bad.status).toBe(422);
    expect((bad.data as { errors: Record<string, string[]> }).errors.orderBy).toBeDefined();
    expect((await get('/api/v1/albums?orderDir=sideways')).status).toBe(422);
    const first = (await get('/api/v1/tracks?orderBy=name&orderDir=asc&perPage=2&page=1'))
      .data as Page<Named>;
    const second = (await get('/api/v1/tracks?orderBy=name&orderDir=asc&perPage=2&page=2'))
      .data as Page<Named>;
    expect(first.pagination.total).toBe(5);
    expect(first.pagination.last_page).toBe(3);
    expect(first.pagination.data.map((t) => t.name)).toEqual(['Cirrus Drift', 'Low Tide']);
    expect(second.pagination.data.map((t) => t.name)).toEqual(['Nimbus', 'Pier Seven']);
  });

  it('searches ranked, forgiving typos', async () => {
    const typo = (await get('/api/v1/search/artists?query=Nebul%20Drift')).data as Page<Named>;
    expect(typo.pagination.data[0]?.name).toBe('Nebula Drift');
    const misspelt = (await get('/api/v1/search/artists?query=Nebulla')).data as Page<Named>;
    expect(misspelt.pagination.data[0]?.name).toBe('Nebula Drift');
    // An exact name outranks a name that merely contains the word.
    const drift = (await get('/api/v1/search/artists?query=Nebula%20Drift')).data as Page<Named>;
    expect(drift.pagination.data.map((a) => a.name)[0]).toBe('Nebula Drift');
    const all = (await get('/api/v1/search?query=cirrus')).data as { results: { tracks: Named[] } };
    expect(all.results.tracks.map((t) => t.name)).toEqual(['Cirrus Drift']);
    const suggestions = (await get('/api/v1/search/suggestions?query=harbr')).data as {
      suggestions: { model_type: string; name: string }[];
    };
    expect(suggestions.suggestions.map((s) => `${s.model_type}:${s.name}`)).toContain('artist:Neon Harbor');
    expect((await get('/api/v1/search?query=')).status).toBe(422);
  });

  it('streams byte ranges that stitch back into the exact file', async () => {
    const knex = server.app.kit.knex;
    const track = await knex('music_tracks').where({ name: 'Stratus' }).first('id', 'file_id');
    const entry = await knex('file_entries').where({ id: track.file_id }).first('file_name', 'size');
    const original = await readFile(
      path.join(server.app.kit.storage.capabilities.localDirectory!, 'uploads', entry.file_name),
    );
    const url = `/api/v1/tracks/${track.id}/stream`;
    const full = await fetch(new URL(url, server.url));
    const whole = new Uint8Array(await full.arrayBuffer());
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/mpeg');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(sha256(whole)).toBe(sha256(original));
    const size = whole.length;
    expect(size).toBe(Number(entry.size));
    const etag = full.headers.get('etag')!;
    const lastModified = full.headers.get('last-modified')!;
    expect(etag).toMatch(/^"/);
    const parts: Uint8Array[] = [];
    const step = 7919;
    for (let start = 0; start < size; start += step) {
      const end = Math.min(start + step, size) - 1;
      const part = await fetch(new URL(url, server.url), { headers: { Range: `bytes=${start}-${end}` } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      parts.push(new Uint8Array(await part.arrayBuffer()));
    }
    expect(sha256(Buffer.concat(parts))).toBe(sha256(whole));
    const suffix = await fetch(new URL(url, server.url), { headers: { Range: 'bytes=-100' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(Buffer.from(whole.subarray(size - 100)));
    // If-Range: a matching validator keeps the range, a stale one gets the whole file.
    const fresh = await fetch(new URL(url, server.url), {
      headers: { Range: 'bytes=0-9', 'If-Range': etag },
    });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
    const freshDate = await fetch(new URL(url, server.url), {
      headers: { Range: 'bytes=0-9', 'If-Range': lastModified },
    });
    expect(freshDate.status).toBe(206);
    await freshDate.arrayBuffer();
    const stale = await fetch(new URL(url, server.url), {
      headers: { Range: 'bytes=0-9', 'If-Range': '"other"' },
    });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(size);
    const notModified = await fetch(new URL(url, server.url), { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    const unsatisfiable = await fetch(new URL(url, server.url), { headers: { Range: `bytes=${size}-` } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe(`bytes */${size}`);
    await unsatisfiable.arrayBuffer();
    const head = await fetch(new URL(url, server.url), { method: 'HEAD', headers: { Range: 'bytes=10-19' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('10');
    expect(head.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
    expect((await fetch(new URL('/api/v1/tracks/999999/stream', server.url))).status).toBe(404);
  });

  it('enforces music.play: a role without it gets 403, guests only while their role has it', async () => {
    const knex = server.app.kit.knex;
    const track = await knex('music_tracks').first('id');
    const url = `/api/v1/tracks/${track.id}/stream`;
    expect((await get(url)).status).toBe(200);
    const guests = await knex('roles').where({ name: 'guests' }).first('id');
    const play = await knex('permissions').where({ name: 'music.play' }).first('id');
    await knex('role_permissions').where({ role_id: guests.id, permission_id: play.id }).delete();
    try {
      expect((await get(url)).status).toBe(403);
      expect((await server.session().post(`/api/v1/tracks/${track.id}/plays`)).status).not.toBe(204);
    } finally {
      await knex('role_permissions').insert({
        role_id: guests.id,
        permission_id: play.id,
        restrictions: '[]',
      });
    }
    const users = await knex('roles').where({ name: 'users' }).first('id');
    await knex('role_permissions').where({ role_id: users.id, permission_id: play.id }).delete();
    try {
      const { http } = await signedInUser(server, { email: 'no-play@example.com', password: 'password-123' });
      expect((await http.get(url)).status).toBe(403);
    } finally {
      await knex('role_permissions').insert({
        role_id: users.id,
        permission_id: play.id,
        restrictions: '[]',
      });
    }
  });

  it('counts a play once per listen and feeds trending', async () => {
    const knex = server.app.kit.knex;
    const track = await knex('music_tracks').where({ name: 'Low Tide' }).first('id');
    const guest = server.session();
    await guest.get('/api/v1/health');
    expect((await guest.post(`/api/v1/tracks/${track.id}/plays`)).status).toBe(204);
    expect((await guest.post(`/api/v1/tracks/${track.id}/plays`)).status).toBe(204);
    const row = await knex('music_tracks').where({ id: track.id }).first('plays');
    expect(Number(row.plays)).toBe(1);
    const top = (await get('/api/v1/charts/top-50')).data as { tracks: Named[] };
    expect(top.tracks[0]?.name).toBe('Low Tide');
    const trending = (await get('/api/v1/trending/artists')).data as { artists: Named[] };
    expect(trending.artists[0]?.name).toBe('Neon Harbor');
  });

  it('keeps private playlists private and reorders tracks', async () => {
    const { http: owner } = await signedInUser(server, {
      email: 'owner@example.com',
      password: 'password-123',
    });
    const { http: other } = await signedInUser(server, {
      email: 'other@example.com',
      password: 'password-123',
    });
    const tracks = ((await get('/api/v1/tracks?orderBy=name&orderDir=asc')).data as Page<Named>).pagination
      .data;
    const created = await owner.post('/api/v1/playlists', { name: 'Mine' });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = (created.data as { playlist: { id: number } }).playlist.id;
    const ids = tracks.slice(0, 3).map((t) => t.id);
    expect((await owner.post(`/api/v1/playlists/${id}/tracks/add`, { track_ids: ids })).status).toBe(200);
    expect(
      (
        await owner.post(`/api/v1/playlists/${id}/tracks/reorder`, {
          track_ids: [ids[2]],
          target_id: ids[0],
          drop_position: 'before',
        })
      ).status,
    ).toBe(204);
    const order = (
      (await owner.get(`/api/v1/playlists/${id}/tracks`)).data as Page<Named>
    ).pagination.data.map((t) => t.id);
    expect(order).toEqual([ids[2], ids[0], ids[1]]);
    expect((await other.get(`/api/v1/playlists/${id}`)).status).toBe(404);
    expect((await owner.request('PUT', `/api/v1/playlists/${id}`, { json: { public: true } })).status).toBe(
      200,
    );
    expect((await other.get(`/api/v1/playlists/${id}`)).status).toBe(200);
    expect((await other.post(`/api/v1/playlists/${id}/tracks/add`, { track_ids: [ids[0]] })).status).toBe(
      403,
    );
  });

  it('deleting a track or a user leaves nothing behind', async () => {
    const knex = server.app.kit.knex;
    const { user, http } = await signedInUser(server, {
      email: 'leaver@example.com',
      password: 'password-123',
    });
    const track = await knex('music_tracks').where({ name: 'Nimbus' }).first('id', 'file_id');
    const created = await http.post('/api/v1/playlists', { name: 'Doomed', public: true });
    const playlistId = (created.data as { playlist: { id: number } }).playlist.id;
    await http.post(`/api/v1/playlists/${playlistId}/tracks/add`, { track_ids: [track.id] });
    expect((await http.post(`/api/v1/me/likes/track/${track.id}`)).status).toBe(204);
    await http.post(`/api/v1/tracks/${track.id}/plays`);
    const ids = (await http.get('/api/v1/me/library-ids')).data as { tracks: number[] };
    expect(ids.tracks).toEqual([track.id]);

    const { http: admin } = await signedInUser(server, {
      email: 'boss@example.com',
      password: 'password-123',
      roles: ['admin'],
    });
    expect((await http.request('DELETE', `/api/v1/tracks/${track.id}`)).status).toBe(403);
    // Streamed just before: the route remembers the track's file for a few seconds, and the deletion must
    // make it forget.
    expect((await get(`/api/v1/tracks/${track.id}/stream`, { Range: 'bytes=0-9' })).status).toBe(206);
    expect((await admin.request('DELETE', `/api/v1/tracks/${track.id}`)).status).toBe(204);
    expect((await get(`/api/v1/tracks/${track.id}/stream`, { Range: 'bytes=0-9' })).status).toBe(404);
    // An admin write: audited in the deletion's transaction; a second try finds nothing and logs nothing.
    const logged = await knex('audit_logs').where({ action: 'track.delete', target_id: track.id });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0].changes)).toContain('Nimbus');
    expect((await admin.request('DELETE', `/api/v1/tracks/${track.id}`)).status).toBe(404);
    expect(await knex('audit_logs').where({ action: 'track.delete' })).toHaveLength(1);
    for (const table of [
      'music_playlist_tracks',
      'music_track_likes',
      'music_plays',
      'music_track_artists',
      'music_track_genres',
    ])
      expect(await knex(table).where({ track_id: track.id }).first()).toBeUndefined();
    expect(await knex('file_entries').where({ id: track.file_id }).first()).toBeUndefined();
    expect((await knex('music_playlists').where({ id: playlistId }).first('tracks_count')).tracks_count).toBe(
      0,
    );

    const album = await knex('music_albums').where({ name: 'Harbor Lights' }).first('id');
    await http.post(`/api/v1/me/likes/album/${album.id}`);
    await http.post(`/api/v1/me/follows/artist/${(await knex('music_artists').first('id')).id}`);
    await http.post(
      `/api/v1/me/likes/track/${(await knex('music_tracks').where({ name: 'Stratus' }).first('id')).id}`,
    );
    await http.post(
      `/api/v1/tracks/${(await knex('music_tracks').where({ name: 'Stratus' }).first('id')).id}/plays`,
    );
    const mine = [
      ['music_playlists', 'owner_id'],
      ['music_track_likes', 'user_id'],
      ['music_album_likes', 'user_id'],
      ['music_artist_follows', 'user_id'],
      ['music_plays', 'user_id'],
    ] as const;
    // Something of each kind is there to be removed, so the checks below cannot pass on an empty table.
    for (const [table, column] of mine)
      expect(await knex(table).where(column, user.id).first(), table).toBeDefined();
    // The listener deletes their own account through the account route, as the account page does (with the
    // password confirmed first): the music module's part runs in that route's transaction.
    expect((await http.post('/auth/user/confirm-password', { password: 'password-123' })).status).toBe(200);
    const deleted = await http.request('DELETE', `/api/v1/users/${user.id}?deleteCurrentUser=true`);
    expect(deleted.status, JSON.stringify(deleted.data)).toBe(200);
    expect(await knex('users').where({ id: user.id }).first('id')).toBeUndefined();
    for (const [table, column] of mine)
      expect(await knex(table).where(column, user.id).first()).toBeUndefined();
    expect((await knex('music_albums').where({ id: album.id }).first('likes_count')).likes_count).toBe(0);
  });
  it('audits an admin deleting an album and an artist, with what went with them', async () => {
    const knex = server.app.kit.knex;
    const { http: admin } = await signedInUser(server, {
      email: 'curator@example.com',
      password: 'password-123',
      roles: ['admin'],
    });
    const album = await knex('music_albums').where({ name: 'Cloud Atlas Sketches' }).first('id');
    expect((await admin.request('DELETE', `/api/v1/albums/${album.id}`)).status).toBe(204);
    const [albumRow] = await knex('audit_logs').where({ action: 'album.delete', target_id: album.id });
    const albumChanges =
      typeof albumRow.changes === 'string' ? JSON.parse(albumRow.changes) : albumRow.changes;
    expect(albumChanges.name).toEqual({ before: 'Cloud Atlas Sketches', after: null });
    expect(albumChanges.tracks.before).toBeGreaterThan(0);

    const artist = await knex('music_artists').where({ name: 'Neon Harbor' }).first('id');
    expect((await admin.request('DELETE', `/api/v1/artists/${artist.id}`)).status).toBe(204);
    expect(await knex('audit_logs').where({ action: 'artist.delete', target_id: artist.id })).toHaveLength(1);
    expect((await admin.request('DELETE', `/api/v1/artists/${artist.id}`)).status).toBe(404);
    expect(await knex('audit_logs').where({ action: 'artist.delete' })).toHaveLength(1);
  });
});
