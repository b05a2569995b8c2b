import { type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { fixtureGenerator } from '../demo-library/test-fixture';

type Page<T> = { pagination: { data: T[] } };

/** Playlists made in a workspace belong to it: its members list and edit them; outsiders are refused. */
describe.each(testDatabases())('playlists in workspaces on $name', (database) => {
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

  it('lets the members of a playlist’s workspace list and edit it, and no one else', async () => {
    const password = 'password-123';
    const a = await signedInUser(server, { email: 'ws-owner@example.com', password });
    const b = await signedInUser(server, { email: 'ws-member@example.com', password });
    const c = await signedInUser(server, { email: 'ws-outsider@example.com', password });
    const workspace = (
      (await a.http.post('/api/v1/workspace', { name: 'Band' })).data as { workspace: { id: number } }
    ).workspace.id;
    const invite = (
      (await a.http.post(`/api/v1/workspace/${workspace}/invite`, { emails: [b.user.email] })).data as {
        invites: { id: string }[];
      }
    ).invites[0]!.id;
    expect((await b.http.get(`/api/v1/workspace/join/${invite}`)).status).toBe(200);

    const created = await a.http.post(`/api/v1/playlists?workspaceId=${workspace}`, { name: 'Setlist' });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = (created.data as { playlist: { id: number } }).playlist.id;
    const personal = await a.http.post('/api/v1/playlists', { name: 'Just mine' });
    const personalId = (personal.data as { playlist: { id: number } }).playlist.id;

    // In the workspace, both members see its playlist and only it; in Default, A sees A's own.
    const inWorkspace = (who: typeof a) =>
      who.http
        .get(`/api/v1/me/playlists?workspaceId=${workspace}`)
        .then((r) => (r.data as Page<{ id: number }>).pagination.data.map((p) => p.id));
    expect(await inWorkspace(a)).toEqual([id]);
    expect(await inWorkspace(b)).toEqual([id]);
    const inDefault = ((await a.http.get('/api/v1/me/playlists')).data as Page<{ id: number }>).pagination
      .data;
    expect(inDefault.map((p) => p.id)).toContain(personalId);

    const track = await server.app.kit.knex('music_tracks').first('id');
    expect(
      (
        await b.http.post(`/api/v1/playlists/${id}/tracks/add?workspaceId=${workspace}`, {
          track_ids: [track.id],
        })
      ).status,
    ).toBe(200);
    // The outsider: the workspace is refused, and the private playlist stays hidden and read-only.
    expect((await c.http.get(`/api/v1/me/playlists?workspaceId=${workspace}`)).status).toBe(403);
    expect((await c.http.get(`/api/v1/playlists/${id}`)).status).toBe(404);
    expect((await c.http.post(`/api/v1/playlists/${id}/tracks/add`, { track_ids: [track.id] })).status).toBe(
      404,
    );
    // A member who leaves loses the right to edit it.
    await b.http.request('DELETE', `/api/v1/workspace/${workspace}/member/${b.user.id}`);
    expect((await b.http.post(`/api/v1/playlists/${id}/tracks/add`, { track_ids: [track.id] })).status).toBe(
      404,
    );
  });
});
