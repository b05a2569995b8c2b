import { type RunningServer, signedInUser, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from '../uploads/index';
import { User } from '../users/user-model';
import { rowsReferencing } from './user-references';

const PASSWORD = 'liskov-substitution-1987';
// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const form = (bytes: Buffer, name: string, type: string) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
};

interface UserAnswer {
  user: { id: number; avatar: string | null };
}

describe.each(testDatabases())('avatars on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts(), uploadsModule()] });
  });
  afterAll(() => server?.close());

  const signedIn = async (email: string) => {
    return signedInUser(server, { email, password: PASSWORD });
  };

  it('uploads an image as the avatar, then removes it', async () => {
    const { user, http } = await signedIn('portrait@example.com');
    const response = await http.request('POST', `/api/v1/users/${user.id}/avatar`, {
      body: form(PNG, 'me.png', 'image/png'),
    });
    expect(response.status).toBe(200);
    const avatar = (response.data as UserAnswer).user.avatar!;
    expect(avatar).toMatch(/^\/api\/v1\/file-entries\/\d+$/);
    const entry = await server.app.kit
      .knex('file_entries')
      .where({ id: Number(avatar.split('/').pop()) })
      .first();
    expect(entry).toMatchObject({ owner_id: user.id, mime: 'image/png' });
    expect((await User.query(server.app.kit.knex).findById(user.id))!.avatar).toBe(avatar);
    const image = await http.get(avatar);
    expect(image.status).toBe(200);

    const removed = await http.request('DELETE', '/api/v1/users/me/avatar');
    expect(removed.status).toBe(200);
    expect((removed.data as UserAnswer).user.avatar).toBeNull();
    expect((await User.query(server.app.kit.knex).findById(user.id))!.avatar).toBeNull();
  });

  it('refuses files that are not images, and images over 2 MB, with a file error', async () => {
    const { user, http } = await signedIn('not-a-picture@example.com');
    const text = await http.request('POST', '/api/v1/users/me/avatar', {
      body: form(Buffer.from('hello, world'), 'notes.png', 'image/png'),
    });
    expect(text.status).toBe(422);
    expect((text.data as { errors: Record<string, string[]> }).errors.file).toHaveLength(1);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const tooBig = await http.request('POST', '/api/v1/users/me/avatar', {
      body: form(big, 'big.png', 'image/png'),
    });
    expect(tooBig.status).toBe(422);
    expect((tooBig.data as { errors: Record<string, string[]> }).errors.file).toEqual([
      'The file exceeds maximum allowed size of 2 MB',
    ]);
    const empty = await http.request('POST', '/api/v1/users/me/avatar', { body: new FormData() });
    expect(empty.status).toBe(422);
    expect((await User.query(server.app.kit.knex).findById(user.id))!.avatar).toBeNull();
    expect(await server.app.kit.knex('file_entries').where({ owner_id: user.id })).toEqual([]);
  });

  it('takes the url of the user’s own uploaded image, never a remote url or another user’s file', async () => {
    const owner = await signedIn('url-owner@example.com');
    const uploaded = await owner.http.request('POST', '/api/v1/file-entries', {
      body: form(PNG, 'pic.png', 'image/png'),
    });
    expect(uploaded.status).toBe(201);
    const url = (uploaded.data as { fileEntry: { url: string } }).fileEntry.url;
    const ok = await owner.http.post('/api/v1/users/me/avatar', { url });
    expect(ok.status).toBe(200);
    expect((ok.data as UserAnswer).user.avatar).toBe(url);
    expect((await owner.http.post('/api/v1/users/me/avatar', { url: `${server.url}${url}` })).status).toBe(
      200,
    );

    const thief = await signedIn('url-thief@example.com');
    for (const candidate of [
      url,
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:5432/',
      'https://example.com/cat.png',
      'file:///etc/passwd',
      `//evil.example${url}`,
    ]) {
      const response = await thief.http.post('/api/v1/users/me/avatar', { url: candidate });
      expect(response.status).toBe(422);
      expect(Object.keys((response.data as { errors: object }).errors)).toEqual(['url']);
    }
    expect((await User.query(server.app.kit.knex).findById(thief.user.id))!.avatar).toBeNull();
    // Nor may the thief set the owner's avatar.
    expect(
      (
        await thief.http.request('POST', `/api/v1/users/${owner.user.id}/avatar`, {
          body: form(PNG, 'x.png', 'image/png'),
        })
      ).status,
    ).toBe(403);
    expect((await thief.http.request('DELETE', `/api/v1/users/${owner.user.id}/avatar`)).status).toBe(403);
    expect((await User.query(server.app.kit.knex).findById(owner.user.id))!.avatar).not.toBeNull();
  });

  it('deletes the user’s files with the account', async () => {
    const { user, http } = await signedIn('with-files@example.com');
    await http.request('POST', '/api/v1/users/me/avatar', { body: form(PNG, 'me.png', 'image/png') });
    const entries = await server.app.kit.knex('file_entries').where({ owner_id: user.id });
    expect(entries).toHaveLength(1);
    const key = `uploads/${entries[0].file_name}`;
    expect(await server.app.kit.storage.stat(key)).not.toBeNull();
    expect(
      Object.keys(await rowsReferencing(server.app.kit.knex, user.id, 'with-files@example.com')),
    ).toContain('file_entries.owner_id');
    await http.post('/auth/user/confirm-password', { password: PASSWORD });
    const response = await http.request('DELETE', '/api/v1/users/me?deleteCurrentUser=true');
    expect(response.status).toBe(200);
    expect(await rowsReferencing(server.app.kit.knex, user.id, 'with-files@example.com')).toEqual({});
    await expect.poll(() => server.app.kit.storage.stat(key)).toBeNull();
  });
});
