import {
  createTestUser,
  type HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackline } from '../../create-backline';
import { defineModule } from '../../kit';
import { accounts } from '../accounts';
import { uploadsModule } from '../uploads';
import { adminDashboardModule } from '.';

const PASSWORD = 'turing-machine-1936';
/** The dashboard's clock: noon UTC, so "today" is unambiguous. */
const NOW = new Date('2026-03-15T12:00:00Z');
const daysAgo = (days: number, hour = 10) => new Date(Date.UTC(2026, 2, 15 - days, hour, 0, 0));

/** A table of the app's own, like the music site's plays. */
const listens = defineModule({
  id: 'listens',
  migrations: {
    '001-listens': {
      up: (knex) =>
        knex.schema.createTable('test_listens', (t) => {
          t.increments('id');
          t.timestamp('heard_at', { useTz: true }).notNullable();
        }),
    },
  },
});

interface Metric {
  key: string;
  total: number;
  series?: { date: string; value: number }[];
}

describe.each(testDatabases())('admin dashboard on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let member: HttpSession;
  const metricsOf = async (days: number) => {
    const response = await admin.get(`/api/v1/admin/dashboard?days=${days}`);
    expect(response.status).toBe(200);
    const data = response.data as { days: number; from: string; metrics: Metric[] };
    return { ...data, byKey: Object.fromEntries(data.metrics.map((metric) => [metric.key, metric])) };
  };

  beforeAll(async () => {
    server = await startTestServer(database, {
      now: () => NOW,
      modules: [
        accounts(),
        uploadsModule(),
        listens,
        adminDashboardModule({
          metrics: [{ key: 'listens', label: 'Listens', table: 'test_listens', dateColumn: 'heard_at' }],
        }),
      ],
    });
    const knex = server.app.kit.knex;
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
    const signedIn = await signedInUser(server, { email: 'member@example.com', password: PASSWORD });
    member = signedIn.http;
    // Users: the two above (created "now" by the database clock, i.e. the real date), plus dated ones.
    await knex('users').update({ created_at: daysAgo(40) });
    for (const [email, when] of [
      ['today@example.com', daysAgo(0)],
      ['yesterday@example.com', daysAgo(1)],
      ['week@example.com', daysAgo(6)],
      ['eight@example.com', daysAgo(7)],
      ['month@example.com', daysAgo(29)],
      ['old@example.com', daysAgo(120)],
    ] as const) {
      const user = await createTestUser(server.app, { email, password: PASSWORD });
      await knex('users').where({ id: user.id }).update({ created_at: when });
    }
    const owner = signedIn.user.id;
    const entry = (name: string, size: number, created: Date, deleted: Date | null = null) => ({
      name,
      file_name: name,
      mime: 'audio/mpeg',
      size,
      disk: 'local',
      owner_id: owner,
      created_at: created,
      updated_at: created,
      deleted_at: deleted,
    });
    await knex('file_entries').insert([
      entry('a', 1000, daysAgo(0)),
      entry('b', 2500, daysAgo(3)),
      entry('c', 4000, daysAgo(50)),
      entry('gone', 99_999, daysAgo(2), daysAgo(1)),
    ]);
    // Sessions: the two logins are live at the real clock's time; one more expired long ago.
    await knex('sessions').update({ expires_at: new Date(NOW.getTime() + 3600_000) });
    await knex('sessions').insert({
      token_hash: 'x'.repeat(64),
      user_id: owner,
      last_active: daysAgo(10),
      expires_at: daysAgo(9),
      created_at: daysAgo(10),
    });
    await knex('test_listens').insert([
      { heard_at: daysAgo(0, 1) },
      { heard_at: daysAgo(0, 23) },
      { heard_at: daysAgo(8) },
    ]);
  });
  afterAll(() => server?.close());

  it('counts new users per UTC day over 7, 30 and 90 days, today included', async () => {
    const week = await metricsOf(7);
    expect(week.from).toBe('2026-03-09');
    const users = week.byKey.new_users!;
    expect(users.series).toHaveLength(7);
    expect(users.series![0]).toEqual({ date: '2026-03-09', value: 1 });
    expect(users.series![6]).toEqual({ date: '2026-03-15', value: 1 });
    expect(users.series![5]).toEqual({ date: '2026-03-14', value: 1 });
    expect(users.total).toBe(3);
    expect((await metricsOf(30)).byKey.new_users!.total).toBe(5);
    const quarter = await metricsOf(90);
    expect(quarter.byKey.new_users!.total).toBe(7);
    expect(quarter.byKey.new_users!.series).toHaveLength(90);
  });

  it('counts live sessions, uploads, storage (deleted files left out) and the app’s own figures', async () => {
    const { byKey } = await metricsOf(7);
    expect(byKey.active_sessions!.total).toBe(2);
    expect(byKey.uploads!.total).toBe(2);
    expect(byKey.storage_used!.total).toBe(7500);
    expect(byKey.listens!.total).toBe(2);
    expect(byKey.listens!.series!.at(-1)).toEqual({ date: '2026-03-15', value: 2 });
    expect((await metricsOf(30)).byKey.listens!.total).toBe(3);
  });

  it('refuses other ranges with 422 and normal users with 403', async () => {
    for (const days of ['8', '0', '-7', 'all', '30;drop table users']) {
      const response = await admin.get(`/api/v1/admin/dashboard?days=${encodeURIComponent(days)}`);
      expect(response.status).toBe(422);
      expect((response.data as { errors: Record<string, string[]> }).errors.days).toEqual([
        'Choose 7, 30 or 90 days.',
      ]);
    }
    expect((await member.get('/api/v1/admin/dashboard')).status).toBe(403);
  });

  it('refuses a metric whose table name is not a plain identifier', () => {
    expect(() =>
      adminDashboardModule({
        metrics: [{ key: 'x', label: 'X', table: 'users; drop table users', dateColumn: 'created_at' }],
      }),
    ).toThrow(/not a plain table or column name/);
  });
});

describe('admin dashboard without the uploads module', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(testDatabases()[0]!, {
      now: () => NOW,
      modules: [accounts(), adminDashboardModule()],
    });
  });
  afterAll(() => server?.close());

  it('shows the figures of the modules it declares only when they are installed', async () => {
    const { http } = await signedInUser(server, {
      email: 'owner@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    const response = await http.get('/api/v1/admin/dashboard?days=7');
    expect(response.status).toBe(200);
    const keys = (response.data as { metrics: Metric[] }).metrics.map((metric) => metric.key);
    expect(keys).toEqual(['new_users', 'active_sessions']);
  });

  it('refuses to start without a module it requires, naming it', async () => {
    await expect(createBackline({ logger: 'silent', modules: [adminDashboardModule()] })).rejects.toThrow(
      'The "admin-dashboard" module requires the "users" module',
    );
  });
});
