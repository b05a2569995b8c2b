import {
  type AuthorizationWalkOptions,
  createTestUser,
  loginOverHttp,
  multipartBody,
  type RunningServer,
  tusUpload,
  type WalkUser,
} from '@internal/testing';

/**
 * What the music site's route parameters name, for the authorization walk (`walkAuthorization` in
 * @internal/testing), and how to make one of each user-owned resource through the API, as its owner would.
 * `pnpm security` walks every route with it; `authorization-walk.test.ts` walks a budget of them in CI. A route
 * added with a path parameter no prefix here covers is reported as unclassified until it is added.
 */

const PASSWORD = 'authorization walk 1234';

async function json<T>(answer: Promise<Response & { data: unknown }>, what: string): Promise<T> {
  const done = await answer;
  if (done.status >= 300)
    throw new Error(`${what}: ${done.status} ${JSON.stringify(done.data).slice(0, 300)}`);
  return done.data as T;
}

/** An admin session, for the steps only an admin takes (approving an artist request). */
async function adminSession(server: RunningServer) {
  const email = `walk-admin-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}@example.com`;
  await createTestUser(server.app, { email, password: PASSWORD, roles: ['admin'] });
  const http = server.session();
  await http.get('/api/v1/health');
  await loginOverHttp(http, email, PASSWORD);
  return http;
}

/** The owner becomes an artist: a request, approved by an admin; the artist's id. */
async function ownArtist(owner: WalkUser, server: RunningServer): Promise<number> {
  const { request } = await json<{ request: { id: number } }>(
    owner.http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name: `Walk artist ${owner.userId}`,
      proof: 'My band page.',
    }),
    'artist request',
  );
  const admin = await adminSession(server);
  await json(admin.post(`/api/v1/admin/artist-requests/${request.id}/approve`, {}), 'approve');
  const row = await server.app.kit
    .knex('music_artists')
    .where({ name: `Walk artist ${owner.userId}` })
    .first('id');
  return row.id as number;
}

export const MUSIC_AUTHORIZATION: Omit<AuthorizationWalkOptions, 'server'> = {
  resources: {
    user: { create: async (owner) => owner.userId },
    playlist: {
      // Private: only its owner (and collaborators) may see or change it.
      create: async (owner) =>
        (
          await json<{ playlist: { id: number } }>(
            owner.http.post('/api/v1/playlists', { name: 'Private mix', description: 'Mine', public: false }),
            'playlist',
          )
        ).playlist.id,
    },
    accessToken: {
      create: async (owner) => {
        await json(
          owner.http.post('/auth/user/confirm-password', { password: PASSWORD }),
          'confirm password',
        );
        const { token } = await json<{ token: { id: number } }>(
          owner.http.post('/api/v1/access-tokens', { tokenName: 'Walk token' }),
          'access token',
        );
        return token.id;
      },
    },
    fileEntry: {
      create: async (owner) => {
        const { body, headers } = multipartBody('notes.txt', Buffer.from('private notes'), 'text/plain');
        const { fileEntry } = await json<{ fileEntry: { id: number } }>(
          owner.http.request('POST', '/api/v1/file-entries', { body, headers }),
          'file entry',
        );
        return fileEntry.id;
      },
    },
    tusUpload: {
      // An upload cut after its first chunk: still open, and its key is the owner's alone.
      create: async (owner) =>
        (
          await tusUpload(owner.http, Buffer.alloc(4096, 1), {
            chunkSize: 1024,
            metadata: { filename: 'half.bin', filetype: 'application/octet-stream' },
            onChunk: () => true,
          })
        ).key,
    },
    workspace: {
      create: async (owner) =>
        (
          await json<{ workspace: { id: number } }>(
            owner.http.post('/api/v1/workspace', { name: 'Walk band' }),
            'workspace',
          )
        ).workspace.id,
    },
    workspaceInvite: {
      create: async (owner) => {
        const { workspace } = await json<{ workspace: { id: number } }>(
          owner.http.post('/api/v1/workspace', { name: 'Walk label' }),
          'workspace',
        );
        const { invites } = await json<{ invites: { id: number | string }[] }>(
          owner.http.post(`/api/v1/workspace/${workspace.id}/invite`, { emails: ['friend@example.com'] }),
          'invite',
        );
        return invites[0]!.id;
      },
    },
    notification: {
      // Someone follows the owner: the owner's "Someone follows me" notification.
      create: async (owner, server) => {
        const email = `walk-fan-${owner.userId}-${Date.now().toString(36)}@example.com`;
        await createTestUser(server.app, { email, password: PASSWORD });
        const fan = server.session();
        await fan.get('/api/v1/health');
        await loginOverHttp(fan, email, PASSWORD);
        await json(fan.post(`/api/v1/me/follows/user/${owner.userId}`, {}), 'follow');
        for (let tries = 0; tries < 50; tries++) {
          const { pagination } = await json<{ pagination: { data: { id: string | number }[] } }>(
            owner.http.get('/api/v1/notifications'),
            'notifications',
          );
          if (pagination.data[0]) return pagination.data[0].id;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the follow made no notification');
      },
    },
    artist: { create: ownArtist },
  },
  params: {
    // The signed-in user's own account.
    'users/{id}': { id: 'user' },
    'access-tokens/{id}': { id: 'accessToken' },
    'file-entries/{id}': { id: 'fileEntry' },
    'tus/upload/{uploadKey}': { uploadKey: 'tusUpload' },
    'secure/auth/social/{service}': { service: null },
    'workspace/join/{inviteId}': { inviteId: 'workspaceInvite' },
    'workspace/invite/{inviteId}': { inviteId: 'workspaceInvite' },
    'workspace/{id}': { id: 'workspace', inviteId: 'workspaceInvite', userId: 'user' },
    'notifications/{id}': { id: 'notification' },
    'playlists/{id}': { id: 'playlist', userId: 'user' },
    // Public profiles: the reads are open by design (see publicReads).
    'profiles/{id}': { id: 'user' },
    'backstage/artists/{id}': { id: 'artist', draft: null },
    // An artist's albums and tracks: the attacker holds no backstage.access, so the permission check answers.
    'backstage/albums/{id}': { id: null },
    'backstage/tracks/{id}': { id: null },
    // The catalogue belongs to the site: guests may read it; writing it is the permission check's.
    artists: { id: null },
    albums: { id: null },
    tracks: { id: null },
    genres: { name: null },
    channels: { slug: null },
    artwork: { id: null },
    'me/likes': { type: null, id: null },
    'me/follows': { type: null, id: null },
    // Admin areas: no user owns these; only the permission check applies.
    admin: { id: null, language: null },
    'custom-pages': { id: null },
    'error-reports': { id: null },
    'billing/admin': { id: null },
  },
  publicReads: {
    'GET profiles/{id}': 'a public profile',
    'GET profiles/{id}/playlists': "a profile's public playlists",
    'GET profiles/{id}/followers': "a profile's followers",
    'GET profiles/{id}/following': 'whom a profile follows',
  },
  bodies: {
    'PUT playlists/{id}': () => ({ name: 'Taken over' }),
    // Any valid track id: the playlist is someone else's, so the answer is 403 or 404 before a track is looked up.
    'POST playlists/{id}/tracks/add': () => ({ track_ids: [1] }),
    'POST playlists/{id}/tracks/remove': () => ({ track_ids: [1] }),
    'POST playlists/{id}/collaborators': () => ({ email: 'attacker@example.com' }),
    'PUT workspace/{id}': () => ({ name: 'Taken over' }),
    'POST workspace/{id}/invite': () => ({ emails: ['attacker@example.com'] }),
    'PUT workspace/{id}/member/{userId}': () => ({ role: 'admin' }),
    'PUT users/{id}': () => ({ first_name: 'Taken' }),
  },
  skip: {
    'GET notifications/stream': 'an event stream: its 401 is checked by notifications.security.test.ts',
  },
};
