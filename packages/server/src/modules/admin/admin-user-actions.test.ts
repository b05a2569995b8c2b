import {
  createTestUser,
  type HttpSession,
  type RunningServer,
  type SmtpCapture,
  signedInUser,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../kit';
import { accounts } from '../accounts';
import { ensurePermission } from '../permissions/permissions';
import { uploadsModule } from '../uploads/index';
import { User } from '../users/user-model';

const PASSWORD = 'hopper-compiler-1952';
const NEW_PASSWORD = 'cobol-committee-1959';
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

interface LogAnswer {
  action: string;
  user_id: number | null;
  target_id: number | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}
interface Errors {
  message: string;
  errors: Record<string, string[]>;
}
interface RoleAnswer {
  id: number;
  permissions: { name: string; restrictions?: { name: string; value?: unknown }[] }[];
}

/** A module declaring a permission with restrictions, the way a product's module would. */
const charts = () =>
  defineModule({
    id: 'charts',
    permissions: [
      {
        name: 'charts.view',
        description: 'See the charts',
        restrictions: [
          { name: 'max_rows', type: 'number', description: 'Rows per chart', min: 1, max: 500 },
          { name: 'export', type: 'boolean' },
        ],
      },
    ],
    async start(kit) {
      await ensurePermission(kit.knex, 'charts.view', 'See the charts');
    },
  });

describe.each(testDatabases())('admin user actions and role restrictions on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  let http: HttpSession;
  let adminId: number;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(database, {
      modules: [accounts(), uploadsModule(), charts()],
      mail: { url: smtp.url },
      baseUrl: 'https://music.example.test',
    });
    const signed = await signedInUser(server, {
      email: 'root@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    http = signed.http;
    adminId = signed.user.id;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const logs = async (query: string) =>
    (
      (await http.get(`/api/v1/admin/logs?perPage=100&${query}`)).data as {
        pagination: { data: LogAnswer[] };
      }
    ).pagination.data;
  /** A visitor's session, with the XSRF cookie a first request hands out. */
  const guest = async () => {
    const session = server.session();
    await session.get('/api/v1/health');
    return session;
  };
  /** A user holding users.view but not users.update: may look, may not act. */
  const viewer = async (email: string) => {
    await server.app.kit.knex('roles').insert({ name: `viewers-${email}` });
    const role = await server.app.kit
      .knex('roles')
      .where({ name: `viewers-${email}` })
      .first('id');
    const permission = await server.app.kit.knex('permissions').where({ name: 'users.view' }).first('id');
    await server.app.kit
      .knex('role_permissions')
      .insert({ role_id: role.id, permission_id: permission.id, restrictions: '[]' });
    return (await signedInUser(server, { email, password: PASSWORD, roles: [`viewers-${email}`] })).http;
  };

  describe("a user's avatar", () => {
    it('uploads and removes it through the account rules, audited', async () => {
      const target = await createTestUser(server.app, { email: 'portrait@admin.test', password: PASSWORD });
      const uploaded = await http.request('POST', `/api/v1/admin/users/${target.id}/avatar`, {
        body: form(PNG, 'face.png', 'image/png'),
      });
      expect(uploaded.status, JSON.stringify(uploaded.data)).toBe(200);
      const avatar = (uploaded.data as { user: { avatar: string } }).user.avatar;
      expect(avatar).toMatch(/^\/api\/v1\/file-entries\/\d+$/);
      // The file is the user's own, as if they had uploaded it on their account page.
      const entry = await server.app.kit
        .knex('file_entries')
        .where({ id: Number(avatar.split('/').pop()) })
        .first('owner_id');
      expect(entry.owner_id).toBe(target.id);
      expect((await User.query(server.app.kit.knex).findById(target.id))!.avatar).toBe(avatar);

      const removed = await http.request('DELETE', `/api/v1/admin/users/${target.id}/avatar`);
      expect(removed.status).toBe(200);
      expect((removed.data as { user: { avatar: string | null } }).user.avatar).toBeNull();
      expect((await User.query(server.app.kit.knex).findById(target.id))!.avatar).toBeNull();

      const entries = [
        ...(await logs('action=user.avatar.update')),
        ...(await logs('action=user.avatar.remove')),
      ];
      const mine = entries.filter((row) => row.target_id === target.id);
      expect(mine.map((row) => row.action).sort()).toEqual(['user.avatar.remove', 'user.avatar.update']);
      const update = mine.find((row) => row.action === 'user.avatar.update')!;
      expect(update.user_id).toBe(adminId);
      expect(update.changes.avatar).toEqual({ before: null, after: avatar });
    });

    it('answers 422 for a file that is not an image, and changes nothing', async () => {
      const target = await createTestUser(server.app, { email: 'not-image@admin.test', password: PASSWORD });
      const refused = await http.request('POST', `/api/v1/admin/users/${target.id}/avatar`, {
        body: form(Buffer.from('plain words'), 'notes.png', 'image/png'),
      });
      expect(refused.status).toBe(422);
      expect((refused.data as Errors).errors.file).toHaveLength(1);
      expect((await User.query(server.app.kit.knex).findById(target.id))!.avatar).toBeNull();
      expect((await logs('action=user.avatar.update')).some((row) => row.target_id === target.id)).toBe(
        false,
      );
    });

    it('is refused (403) without users.update, and 404 for a missing user', async () => {
      const target = await createTestUser(server.app, { email: 'guarded@admin.test', password: PASSWORD });
      const looker = await viewer('avatar-viewer@admin.test');
      const upload = await looker.request('POST', `/api/v1/admin/users/${target.id}/avatar`, {
        body: form(PNG, 'face.png', 'image/png'),
      });
      expect(upload.status).toBe(403);
      expect((await looker.request('DELETE', `/api/v1/admin/users/${target.id}/avatar`)).status).toBe(403);
      expect((await http.request('DELETE', '/api/v1/admin/users/999999/avatar')).status).toBe(404);
    });
  });

  describe('the password reset link', () => {
    it('mails the forgot-password link, which resets the password; the audit row holds no secret', async () => {
      const target = await createTestUser(server.app, { email: 'forgetful@admin.test', password: PASSWORD });
      const sent = await http.post(`/api/v1/admin/users/${target.id}/password-reset`, {});
      expect(sent.status, JSON.stringify(sent.data)).toBe(200);
      expect(sent.data).toEqual({ message: 'Password reset link sent' });

      const mail = await smtp.waitFor((message) => message.to.includes('forgetful@admin.test'));
      expect(mail.subject).toBe('Reset your Backline password');
      const link = mail.links.find((url) => url.includes('/password/reset/'))!;
      expect(link).toMatch(
        /^https:\/\/music\.example\.test\/password\/reset\/[A-Za-z0-9_-]{43}\?email=forgetful%40admin\.test$/,
      );
      const url = new URL(link);
      const token = url.pathname.split('/').pop()!;
      const reset = await (await guest()).post('/auth/reset-password', {
        token,
        email: url.searchParams.get('email'),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);

      const [row] = (await logs('action=user.password-reset.send')).filter(
        (entry) => entry.target_id === target.id,
      );
      expect(row).toMatchObject({ user_id: adminId, target_id: target.id });
      const stored = JSON.stringify(
        await server.app.kit.knex('audit_logs').where({ action: 'user.password-reset.send' }).select('*'),
      );
      expect(stored).not.toContain(token);
    });

    it('shares the forgot-password limit per address (429 after three mails a minute)', async () => {
      const target = await createTestUser(server.app, { email: 'flooded@admin.test', password: PASSWORD });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++)
        statuses.push((await http.post(`/api/v1/admin/users/${target.id}/password-reset`, {})).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Forgot-password for the same address is spent too.
      const forgot = await (await guest()).post('/auth/forgot-password', { email: 'flooded@admin.test' });
      expect(forgot.status).toBe(429);
    });

    it('is refused (403) without users.update, 404 for a missing user, 422 for a bad id', async () => {
      const target = await createTestUser(server.app, { email: 'untouched@admin.test', password: PASSWORD });
      const looker = await viewer('reset-viewer@admin.test');
      expect((await looker.post(`/api/v1/admin/users/${target.id}/password-reset`, {})).status).toBe(403);
      expect((await http.post('/api/v1/admin/users/999999/password-reset', {})).status).toBe(404);
      expect((await http.post('/api/v1/admin/users/abc/password-reset', {})).status).toBe(422);
      const rows = await server.app.kit.knex('password_reset_tokens').where({ user_id: target.id });
      expect(rows).toEqual([]);
    });
  });

  describe('permission restrictions on roles', () => {
    it('lists the restrictions a permission understands', async () => {
      const response = await http.get('/api/v1/admin/permissions');
      const permissions = (
        response.data as { permissions: { name: string; restrictions: { name: string; type?: string }[] }[] }
      ).permissions;
      expect(permissions.find((permission) => permission.name === 'charts.view')?.restrictions).toEqual([
        { name: 'max_rows', type: 'number', description: 'Rows per chart', min: 1, max: 500 },
        { name: 'export', type: 'boolean' },
      ]);
    });

    it('saves restriction values with the role, reads them back, logs them, and drops empty ones', async () => {
      const created = await http.post('/api/v1/admin/roles', {
        name: 'chart-readers',
        permissions: [
          {
            name: 'charts.view',
            restrictions: [
              { name: 'max_rows', value: 25 },
              { name: 'export', value: null },
            ],
          },
        ],
      });
      expect(created.status, JSON.stringify(created.data)).toBe(201);
      const role = (created.data as { role: RoleAnswer }).role;
      expect(role.permissions).toEqual([
        { name: 'charts.view', restrictions: [{ name: 'max_rows', value: 25 }] },
      ]);

      const edited = await http.request('PUT', `/api/v1/admin/roles/${role.id}`, {
        json: {
          permissions: [
            {
              name: 'charts.view',
              restrictions: [
                { name: 'max_rows', value: 100 },
                { name: 'export', value: true },
              ],
            },
          ],
        },
      });
      expect(edited.status).toBe(200);
      const stored = await server.app.kit
        .knex('role_permissions')
        .where({ role_id: role.id })
        .first('restrictions');
      const values =
        typeof stored.restrictions === 'string' ? JSON.parse(stored.restrictions) : stored.restrictions;
      expect(values).toEqual([
        { name: 'max_rows', value: 100 },
        { name: 'export', value: true },
      ]);
      const [update] = (await logs('action=role.update')).filter((row) => row.changes.restrictions);
      expect(update?.changes.restrictions).toEqual({
        before: { 'charts.view.max_rows': 25 },
        after: { 'charts.view.max_rows': 100, 'charts.view.export': true },
      });
    });

    it.each([
      ['an unknown restriction', [{ name: 'colour', value: 'red' }], 'restrictions.charts.view'],
      [
        'a name given twice',
        [
          { name: 'export', value: true },
          { name: 'export', value: false },
        ],
        'restrictions.charts.view',
      ],
      ['a number below its minimum', [{ name: 'max_rows', value: 0 }], 'restrictions.charts.view.max_rows'],
      ['a number above its maximum', [{ name: 'max_rows', value: 501 }], 'restrictions.charts.view.max_rows'],
      ['a fraction', [{ name: 'max_rows', value: 2.5 }], 'restrictions.charts.view.max_rows'],
      ['a number as text', [{ name: 'max_rows', value: '25' }], 'restrictions.charts.view.max_rows'],
      ['a switch given a number', [{ name: 'export', value: 1 }], 'restrictions.charts.view.export'],
    ])('answers 422 for %s, naming its field, and saves nothing', async (_case, restrictions, field) => {
      const before = await server.app.kit.knex('audit_logs').count({ n: '*' }).first();
      const response = await http.post('/api/v1/admin/roles', {
        name: `refused-${field}-${restrictions.length}-${String(restrictions[0]!.value)}`,
        permissions: [{ name: 'charts.view', restrictions }],
      });
      expect(response.status).toBe(422);
      const body = response.data as Errors;
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors)).toEqual([field]);
      const after = await server.app.kit.knex('audit_logs').count({ n: '*' }).first();
      expect(Number(after?.n)).toBe(Number(before?.n));
    });

    it('refuses a restriction on a permission that declares none', async () => {
      const response = await http.post('/api/v1/admin/roles', {
        name: 'limited-viewers',
        permissions: [{ name: 'users.view', restrictions: [{ name: 'count', value: 3 }] }],
      });
      expect(response.status).toBe(422);
      expect((response.data as Errors).errors).toHaveProperty(['restrictions.users.view']);
    });
  });
});
