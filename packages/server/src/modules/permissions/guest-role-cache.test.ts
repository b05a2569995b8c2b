import { route } from '@backline/core/contract';
import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineModule } from '../../kit';
import { accounts } from '../accounts';
import { forgetGuestRole, grantToRole } from './permissions';

const charts = defineModule({
  id: 'charts',
  routes(router) {
    router
      .route(
        route({
          method: 'GET',
          path: 'charts',
          tag: 'charts',
          summary: 'Holders of charts.view only',
          permission: 'charts.view',
          response: z.object({ ok: z.boolean() }),
        }),
      )
      .handle(() => ({ ok: true }));
  },
});

describe.each(testDatabases())('guestRoleCacheMs on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    // Long enough that nothing expires during the test: only a forget makes a change visible.
    server = await startTestServer(database, { modules: [accounts(), charts], guestRoleCacheMs: 600_000 });
  });
  afterAll(() => server?.close());

  it('reuses the guests role across requests until the kit is told it changed', async () => {
    const knex = server.app.kit.knex;
    const visitor = server.session();
    const guests = (await knex('roles').where({ name: 'guests' }).first('id')).id as number;
    expect((await visitor.get('/api/v1/charts')).status).toBe(403);

    // Written straight to the database, past the kit: the reused role does not know yet.
    const permission = await knex('permissions')
      .insert({ name: 'charts.view', restrictions: '[]' })
      .returning('id');
    await knex('role_permissions').insert({
      role_id: guests,
      permission_id: permission[0].id,
      restrictions: '[]',
    });
    expect((await visitor.get('/api/v1/charts')).status).toBe(403);
    forgetGuestRole();
    expect((await visitor.get('/api/v1/charts')).status).toBe(200);

    // A revocation the same way, then a grant through the kit, which forgets on its own.
    await knex('role_permissions').where({ role_id: guests, permission_id: permission[0].id }).delete();
    expect((await visitor.get('/api/v1/charts')).status).toBe(200);
    await grantToRole(knex, guests, 'reports.view');
    expect((await visitor.get('/api/v1/charts')).status).toBe(403);
  });
});
