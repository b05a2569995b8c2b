import { route } from '@backline/core/contract';
import {
  bootstrapOf,
  createTestUser,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineModule } from '../../kit';
import { accounts } from '../accounts';
import { grantToRole, grantToUser } from './permissions';

const PASSWORD = 'liskov-substitution-87';

/** Routes that only declare what they need; the accounts guard enforces it. */
const guarded = defineModule({
  id: 'guarded',
  routes(router) {
    router
      .route(
        route({
          method: 'GET',
          path: 'members-only',
          tag: 'guarded',
          summary: 'Signed-in users only',
          auth: true,
          response: z.object({ id: z.number() }),
        }),
      )
      .handle(({ ctx }) => ({ id: ctx.state.user!.id }));
    for (const [path, permission] of [
      ['reports', 'reports.view'],
      ['charts', 'charts.view'],
    ] as const)
      router
        .route(
          route({
            method: 'GET',
            path,
            tag: 'guarded',
            summary: `Holders of ${permission} only`,
            permission,
            response: z.object({ ok: z.boolean() }),
          }),
        )
        .handle(() => ({ ok: true }));
  },
});

describe.each(testDatabases())('roles, permissions and guards on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts(), guarded] });
  });
  afterAll(() => server?.close());

  const as = async (email: string, roles: string[] = []) => {
    await createTestUser(server.app, { email, password: PASSWORD, roles });
    const http = server.session();
    await loginOverHttp(http, email, PASSWORD);
    return http;
  };
  const roleId = async (name: string) =>
    (await server.app.kit.knex('roles').where({ name }).first()).id as number;

  it('seeds the users (default), guests and admin roles, admin holding admin', async () => {
    const roles = await server.app.kit.knex('roles').orderBy('id').select('name', 'default', 'guests');
    expect(roles).toEqual([
      { name: 'users', default: true, guests: false },
      { name: 'guests', default: false, guests: true },
      { name: 'admin', default: false, guests: false },
    ]);
    const admin = await server.app.kit
      .knex('role_permissions as rp')
      .join('permissions as p', 'p.id', 'rp.permission_id')
      .where('rp.role_id', await roleId('admin'))
      .select('p.name');
    expect(admin).toEqual([{ name: 'admin' }]);
  });

  it('answers 401 to visitors on auth routes and 403 on permission routes the guests role lacks', async () => {
    const visitor = server.session();
    expect((await visitor.get('/api/v1/members-only')).status).toBe(401);
    expect((await visitor.get('/api/v1/members-only')).data).toEqual({ message: 'Unauthenticated.' });
    expect((await visitor.get('/api/v1/reports')).status).toBe(403);
  });

  it('lets visitors through when the guests role holds the permission, and shows it in bootstrap data', async () => {
    await grantToRole(server.app.kit.knex, await roleId('guests'), 'charts.view', [
      { name: 'max', value: 10 },
    ]);
    const visitor = server.session();
    expect((await visitor.get('/api/v1/charts')).status).toBe(200);
    await visitor.get('/api/v1/health');
    const out = bootstrapOf((await visitor.post('/auth/logout')).data);
    expect(out.guest_role).toEqual({
      id: await roleId('guests'),
      name: 'guests',
      permissions: [{ name: 'charts.view', restrictions: [{ name: 'max', value: 10 }] }],
    });
  });

  it('answers 403 to a user without the permission, and lets it through from a role or a direct grant', async () => {
    const http = await as('plain@example.com');
    expect((await http.get('/api/v1/members-only')).status).toBe(200);
    expect((await http.get('/api/v1/reports')).status).toBe(403);
    expect((await http.get('/api/v1/reports')).data).toEqual({
      message: 'You do not have permission to do this.',
    });

    await grantToRole(server.app.kit.knex, await roleId('users'), 'reports.view');
    expect((await http.get('/api/v1/reports')).status).toBe(200);

    const direct = await as('direct@example.com');
    const user = await server.app.kit.knex('users').where({ email: 'direct@example.com' }).first();
    await grantToUser(server.app.kit.knex, user.id, 'charts.view', [{ name: 'max', value: 50 }]);
    expect((await direct.get('/api/v1/charts')).status).toBe(200);
    const login = bootstrapOf((await loginOverHttp(direct, 'direct@example.com', PASSWORD)).data);
    // The user's own restrictions win over the guests role's; role grants are merged in.
    expect(login.user?.permissions).toEqual(
      expect.arrayContaining([
        { name: 'charts.view', restrictions: [{ name: 'max', value: 50 }] },
        { name: 'reports.view', restrictions: [] },
      ]),
    );
    expect(login.guest_role).toBeNull();
  });

  it('stops honouring a revoked permission at the next request, in the guard and in bootstrap data', async () => {
    const email = 'revoked@example.com';
    const http = await as(email);
    const knex = server.app.kit.knex;
    const user = await knex('users').where({ email }).first();
    await grantToUser(knex, user.id, 'charts.view');
    expect((await http.get('/api/v1/charts')).status).toBe(200);
    const granted = bootstrapOf((await loginOverHttp(http, email, PASSWORD)).data);
    expect(granted.user?.permissions).toContainEqual({ name: 'charts.view', restrictions: [] });

    // Revoked in the database (by any process): nothing kept from an earlier request lets it through.
    await knex('user_permissions').where({ user_id: user.id }).delete();
    expect((await http.get('/api/v1/charts')).status).toBe(403);
    const revoked = bootstrapOf((await loginOverHttp(http, email, PASSWORD)).data);
    expect(revoked.user?.permissions).not.toContainEqual({ name: 'charts.view', restrictions: [] });
  });

  it('grants everything to a holder of admin', async () => {
    const admin = await as('boss@example.com', ['admin']);
    expect((await admin.get('/api/v1/charts')).status).toBe(200);
    expect((await admin.get('/api/v1/reports')).status).toBe(200);
  });
});
