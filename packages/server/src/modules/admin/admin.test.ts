import { admin } from '@backline/core/contract';
import {
  createTestUser,
  type HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'lovelace-engine-1843';

interface Page<T> {
  pagination: { data: T[]; current_page: number; per_page: number; total: number; last_page: number };
}
interface UserAnswer {
  id: number;
  email: string;
  roles: { id: number; name: string }[];
  permissions: { name: string }[];
  banned_at: string | null;
  email_verified_at: string | null;
}
interface RoleAnswer {
  id: number;
  name: string;
  default: boolean;
  guests: boolean;
  users_count: number;
  permissions: { name: string }[];
}
interface LogAnswer {
  action: string;
  user_id: number | null;
  target_type: string | null;
  target_id: number | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip_address: string | null;
}

describe.each(testDatabases())('admin area endpoints on $name', (database) => {
  let server: RunningServer;
  let http: HttpSession;
  let adminId: number;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()] });
    const signed = await signedInUser(server, {
      email: 'root@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    http = signed.http;
    adminId = signed.user.id;
  });
  afterAll(() => server?.close());

  const users = async (query: string) => {
    const response = await http.get(`/api/v1/admin/users?${query}`);
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    return (response.data as Page<UserAnswer>).pagination;
  };
  const logs = async (query = '') =>
    ((await http.get(`/api/v1/admin/logs?perPage=100&${query}`)).data as Page<LogAnswer>).pagination.data;

  describe('the list endpoint helper', () => {
    it.each([
      ['orderBy=password', 'orderBy'],
      ['orderBy=id;drop table users', 'orderBy'],
      ['orderBy=id%3Bdrop%20table%20users', 'orderBy'],
      ['perPage=100000', 'perPage'],
      ['perPage=0', 'perPage'],
      ['perPage=abc', 'perPage'],
      ['perPage=1e1', 'perPage'],
      ['page=1.5', 'page'],
      ['page=-1', 'page'],
      ['orderDir=sideways', 'orderDir'],
      ['status=deleted', 'status'],
      ['created_from=yesterday', 'created_from'],
      ['role=1%20or%201=1', 'role'],
    ])('answers 422 for %s, naming the field', async (query, field) => {
      const response = await http.get(`/api/v1/admin/users?${query}`);
      expect(response.status).toBe(422);
      expect((response.data as { errors: Record<string, string[]> }).errors).toHaveProperty(field);
    });

    it('pages, sorts on allowed columns and reports the totals', async () => {
      for (const name of ['ann', 'bob', 'cyd'])
        await createTestUser(server.app, { email: `${name}@list.test`, password: PASSWORD });
      const first = await users('query=list.test&perPage=2&orderBy=email&orderDir=asc');
      expect(first).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
      expect(first.data.map((user) => user.email)).toEqual(['ann@list.test', 'bob@list.test']);
      const second = await users('query=list.test&perPage=2&page=2&orderBy=email&orderDir=asc');
      expect(second.data.map((user) => user.email)).toEqual(['cyd@list.test']);
      const reversed = await users('query=list.test&orderBy=email&orderDir=desc');
      expect(reversed.data.map((user) => user.email)).toEqual([
        'cyd@list.test',
        'bob@list.test',
        'ann@list.test',
      ]);
      expect((await users('perPage=100')).per_page).toBe(100);
    });

    it('searches literally: % and _ match only themselves', async () => {
      await createTestUser(server.app, { email: 'per_cent@search.test', password: PASSWORD });
      await createTestUser(server.app, { email: 'perxcent@search.test', password: PASSWORD });
      expect((await users('query=per_cent')).data.map((user) => user.email)).toEqual([
        'per_cent@search.test',
      ]);
      expect((await users('query=%25')).total).toBe(0);
    });

    it('filters by role, status and sign-up date', async () => {
      const editor = await server.app.kit.knex('roles').insert({ name: 'filter-editors' }).returning('id');
      const roleId = (editor[0] as { id: number }).id;
      const inRole = await createTestUser(server.app, {
        email: 'in-role@filter.test',
        password: PASSWORD,
        roles: ['filter-editors'],
      });
      await createTestUser(server.app, {
        email: 'unverified@filter.test',
        password: PASSWORD,
        verified: false,
      });
      const byRole = await users(`role=${roleId}`);
      expect(byRole.data.map((user) => user.id)).toEqual([inRole.id]);
      const unverified = await users('status=unverified&query=filter.test');
      expect(unverified.data.map((user) => user.email)).toEqual(['unverified@filter.test']);
      expect((await users('created_from=2000-01-01&created_to=2000-12-31')).total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await users(`created_from=${today}&query=filter.test`)).total).toBe(2);
    });
  });

  describe('users', () => {
    it('creates a user with a role and records who did it', async () => {
      const role = await http.post('/api/v1/admin/roles', {
        name: 'curators',
        permissions: [{ name: 'users.view' }],
      });
      expect(role.status, JSON.stringify(role.data)).toBe(201);
      const roleId = (role.data as { role: RoleAnswer }).role.id;
      const created = await http.post('/api/v1/admin/users', {
        email: 'New.Person@Example.com',
        password: 'a-long-password-1',
        first_name: 'New',
        roles: [roleId],
        email_verified: true,
      });
      expect(created.status, JSON.stringify(created.data)).toBe(201);
      const user = (created.data as { user: UserAnswer }).user;
      expect(user).toMatchObject({
        email: 'new.person@example.com',
        roles: [{ id: roleId, name: 'curators' }],
      });
      expect(user.email_verified_at).not.toBeNull();
      expect(user).not.toHaveProperty('password');
      const [entry] = await logs(`action=user.create&user_id=${adminId}`);
      expect(entry).toMatchObject({
        action: 'user.create',
        user_id: adminId,
        target_type: 'user',
        target_id: user.id,
      });
      expect(entry!.changes.email).toEqual({ before: null, after: 'new.person@example.com' });
      expect(JSON.stringify(entry)).not.toMatch(/a-long-password-1|argon2/);
      expect(entry!.ip_address).toBeTruthy();

      const taken = await http.post('/api/v1/admin/users', {
        email: 'new.person@example.com',
        password: 'a-long-password-1',
      });
      expect(taken.status).toBe(422);
      expect((taken.data as { errors: Record<string, string[]> }).errors.email).toEqual([
        'The email has already been taken.',
      ]);
    });

    it('edits name, roles and direct permissions, logging only the changed fields', async () => {
      const target = await createTestUser(server.app, { email: 'edit-me@example.com', password: PASSWORD });
      const response = await http.request('PUT', `/api/v1/admin/users/${target.id}`, {
        json: { first_name: 'Edited', permissions: ['logs.view'], email_verified: false },
      });
      expect(response.status, JSON.stringify(response.data)).toBe(200);
      const user = (response.data as { user: UserAnswer }).user;
      expect(user.permissions.map((permission) => permission.name)).toEqual(['logs.view']);
      expect(user.email_verified_at).toBeNull();
      const [entry] = await logs('action=user.update');
      expect(entry!.target_id).toBe(target.id);
      expect(Object.keys(entry!.changes).sort()).toEqual(['email_verified', 'first_name', 'permissions']);
      const unknown = await http.request('PUT', `/api/v1/admin/users/${target.id}`, {
        json: { permissions: ['no.such'] },
      });
      expect(unknown.status).toBe(422);
    });

    it('deletes through the account deletion path, never the caller', async () => {
      const target = await createTestUser(server.app, { email: 'delete-me@example.com', password: PASSWORD });
      expect((await http.request('DELETE', `/api/v1/admin/users/${adminId}`)).status).toBe(403);
      expect((await http.request('DELETE', `/api/v1/admin/users/${target.id}`)).status).toBe(204);
      expect(await server.app.kit.knex('users').where({ id: target.id }).first()).toBeUndefined();
      expect((await http.get(`/api/v1/admin/users/${target.id}`)).status).toBe(404);
      const [entry] = await logs('action=user.delete');
      expect(entry).toMatchObject({ target_id: target.id });
      expect(entry!.changes.email).toEqual({ before: 'delete-me@example.com', after: null });
    });

    it('gives several users a role in one request', async () => {
      const a = await createTestUser(server.app, { email: 'bulk-a@example.com', password: PASSWORD });
      const b = await createTestUser(server.app, { email: 'bulk-b@example.com', password: PASSWORD });
      const role = (await http.post('/api/v1/admin/roles', { name: 'bulk-role' })).data as {
        role: RoleAnswer;
      };
      const response = await http.post('/api/v1/admin/users/assign-role', {
        ids: [a.id, b.id],
        role: role.role.id,
      });
      expect(response.status).toBe(200);
      const listed = await users(`role=${role.role.id}&orderBy=id&orderDir=asc`);
      expect(listed.data.map((user) => user.id)).toEqual([a.id, b.id]);
    });
  });

  describe('roles', () => {
    it('creates, edits and deletes a role; the guests and default roles stay', async () => {
      const created = await http.post('/api/v1/admin/roles', {
        name: 'moderators',
        description: 'Keep the peace',
        permissions: [{ name: 'users.view' }, { name: 'logs.view' }],
      });
      expect(created.status).toBe(201);
      const role = (created.data as { role: RoleAnswer }).role;
      expect(role.permissions.map((permission) => permission.name)).toEqual(['logs.view', 'users.view']);
      const edited = await http.request('PUT', `/api/v1/admin/roles/${role.id}`, {
        json: { name: 'mods', permissions: [{ name: 'users.view' }] },
      });
      expect(edited.status).toBe(200);
      expect((edited.data as { role: RoleAnswer }).role).toMatchObject({
        name: 'mods',
        permissions: [{ name: 'users.view' }],
      });
      const duplicate = await http.post('/api/v1/admin/roles', { name: 'mods' });
      expect(duplicate.status).toBe(422);
      expect((await http.request('DELETE', `/api/v1/admin/roles/${role.id}`)).status).toBe(204);
      const list = (await http.get('/api/v1/admin/roles?perPage=100')).data as Page<RoleAnswer>;
      for (const kept of list.pagination.data.filter((row) => row.guests || row.default)) {
        const refused = await http.request('DELETE', `/api/v1/admin/roles/${kept.id}`);
        expect(refused.status).toBe(403);
      }
      expect(list.pagination.data.some((row) => row.guests)).toBe(true);
      expect(list.pagination.data.some((row) => row.default)).toBe(true);
      const actions = (await logs('target_type=role')).map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['role.create', 'role.update', 'role.delete']));
    });

    it('lists every permission with its module group', async () => {
      const response = await http.get('/api/v1/admin/permissions');
      const permissions = (response.data as { permissions: { name: string; group: string }[] }).permissions;
      expect(permissions).toEqual(
        expect.arrayContaining([{ ...permissions.find((p) => p.name === 'users.view')!, group: 'users' }]),
      );
      expect(permissions.map((permission) => permission.name)).toEqual(
        expect.arrayContaining(['admin.access', 'roles.update', 'logs.view']),
      );
    });

    it('a failed write leaves neither the change nor an audit row', async () => {
      const role = ((await http.post('/api/v1/admin/roles', { name: 'atomic' })).data as { role: RoleAnswer })
        .role;
      const before = (await server.app.kit.knex('audit_logs').count({ n: '*' }).first()) as {
        n: string | number;
      };
      // The rename runs first inside the transaction; the unknown permission then fails it.
      const failed = await http.request('PUT', `/api/v1/admin/roles/${role.id}`, {
        json: { name: 'renamed', permissions: [{ name: 'no.such.permission' }] },
      });
      expect(failed.status).toBe(422);
      const row = await server.app.kit.knex('roles').where({ id: role.id }).first('name');
      expect(row.name).toBe('atomic');
      const after = (await server.app.kit.knex('audit_logs').count({ n: '*' }).first()) as {
        n: string | number;
      };
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('permissions', () => {
    it('a normal user gets 403 from every admin route of the contract', async () => {
      const { http: normal, user } = await signedInUser(server, {
        email: 'listener@example.com',
        password: PASSWORD,
      });
      const routes = Object.values(admin).filter(
        (value): value is typeof admin.listUsers =>
          typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
      );
      expect(routes.length).toBeGreaterThan(14);
      for (const route of routes) {
        const path = `/api/v1/${route.path.replace('{id}', String(user.id))}`;
        const response = await normal.request(route.method, path, {
          json: route.method === 'GET' ? undefined : {},
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(403);
      }
    });

    it('a role with users.view but not roles.update lists users and may not edit roles', async () => {
      const role = (
        (await http.post('/api/v1/admin/roles', { name: 'viewers', permissions: [{ name: 'users.view' }] }))
          .data as { role: RoleAnswer }
      ).role;
      const { http: viewer } = await signedInUser(server, {
        email: 'viewer@example.com',
        password: PASSWORD,
        roles: ['viewers'],
      });
      expect((await viewer.get('/api/v1/admin/users')).status).toBe(200);
      expect(
        (await viewer.request('PUT', `/api/v1/admin/roles/${role.id}`, { json: { name: 'x' } })).status,
      ).toBe(403);
      // Changing the role takes effect on the very next request of its users.
      await http.request('PUT', `/api/v1/admin/roles/${role.id}`, { json: { permissions: [] } });
      expect((await viewer.get('/api/v1/admin/users')).status).toBe(403);
    });

    it('an admin without `admin` cannot hand out permissions they do not hold', async () => {
      await http.post('/api/v1/admin/roles', {
        name: 'user-managers',
        permissions: [{ name: 'users.update' }, { name: 'users.view' }],
      });
      const { http: manager, user } = await signedInUser(server, {
        email: 'manager@example.com',
        password: PASSWORD,
        roles: ['user-managers'],
      });
      const escalate = await manager.request('PUT', `/api/v1/admin/users/${user.id}`, {
        json: { permissions: ['admin'] },
      });
      expect(escalate.status).toBe(403);
      const adminRole = (await server.app.kit.knex('roles').where({ name: 'admin' }).first('id')) as {
        id: number;
      };
      const viaRole = await manager.request('PUT', `/api/v1/admin/users/${user.id}`, {
        json: { roles: [adminRole.id] },
      });
      expect(viaRole.status).toBe(403);
      const held = await server.app.kit
        .knex('user_roles')
        .where({ user_id: user.id, role_id: adminRole.id })
        .first();
      expect(held).toBeUndefined();
    });
  });
});
