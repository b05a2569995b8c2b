import {
  type HttpSession,
  multipartBody,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { uploadsModule } from '../uploads';
import { adminFilesModule } from '.';

const PASSWORD = 'turing-machine-1936';

interface Page<T> {
  pagination: { data: T[]; total: number };
}

describe.each(testDatabases())('admin files on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let member: HttpSession;
  let memberId: number;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts(), uploadsModule(), adminFilesModule()] });
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
    const signedIn = await signedInUser(server, { email: 'member@example.com', password: PASSWORD });
    member = signedIn.http;
    memberId = signedIn.user.id;
    for (const [name, type, bytes] of [
      ['notes.txt', 'text/plain', 'hello world'],
      ['more.txt', 'text/plain', 'a second, longer text file'],
    ] as const) {
      const upload = multipartBody(name, Buffer.from(bytes), type);
      const response = await member.request('POST', '/api/v1/file-entries', {
        body: upload.body,
        headers: upload.headers,
      });
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => server?.close());

  it('lists every file with its owner, and totals per user', async () => {
    const list = await admin.get('/api/v1/admin/files?orderBy=size&orderDir=asc');
    expect(list.status).toBe(200);
    const files = (list.data as Page<{ name: string; size: number; owner: { email: string } }>).pagination;
    expect(files.total).toBe(2);
    expect(files.data.map((file) => file.name)).toEqual(['notes.txt', 'more.txt']);
    expect(files.data[0]!.owner.email).toBe('member@example.com');
    const usage = await admin.get('/api/v1/admin/files/usage');
    expect((usage.data as Page<unknown>).pagination.data).toEqual([
      { user_id: memberId, email: 'member@example.com', files: 2, bytes: 11 + 26 },
    ]);
    const filtered = await admin.get('/api/v1/admin/files?kind=image');
    expect((filtered.data as Page<unknown>).pagination.total).toBe(0);
  });

  it('refuses unknown sort columns, and normal users', async () => {
    for (const query of ['orderBy=password', 'orderBy=id;drop table users', 'perPage=100000', 'kind=exe'])
      expect((await admin.get(`/api/v1/admin/files?${query}`)).status).toBe(422);
    expect((await member.get('/api/v1/admin/files')).status).toBe(403);
    expect((await member.get('/api/v1/admin/files/usage')).status).toBe(403);
    expect((await member.request('DELETE', '/api/v1/admin/files/1')).status).toBe(403);
  });

  it('deletes a file for good, with an audit row', async () => {
    const list = await admin.get('/api/v1/admin/files?query=notes');
    const [file] = (list.data as Page<{ id: number; url: string }>).pagination.data;
    expect((await admin.get(file!.url)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/v1/admin/files/${file!.id}`)).status).toBe(200);
    expect((await admin.get(file!.url)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/v1/admin/files/${file!.id}`)).status).toBe(404);
    const audit = await server.app.kit
      .knex('audit_logs')
      .where({ action: 'file.delete', target_id: file!.id });
    expect(audit).toHaveLength(1);
  });
});
