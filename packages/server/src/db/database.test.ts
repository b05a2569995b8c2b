import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackline } from '../create-backline';
import { defineModule } from '../kit';

describe.each(testDatabases())('database on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  it('answers health with the database kind and status', async () => {
    const response = await server.session().get('/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ status: 'ok', database: { kind: database.name, status: 'up' } });
  });

  it('ran the core migrations on start', async () => {
    expect(server.app.migrated).toEqual(['core/001-settings', 'core/002-themes']);
    const themes = await server.app.kit.knex('themes').select('name').orderBy('id');
    expect(themes.map((t) => t.name)).toEqual(['Light', 'Dark']);
  });

  it('runs only new migrations on the next start, module by module', async () => {
    const fresh = database.create();
    try {
      const first = await createBackline({
        logger: 'silent',
        database: fresh.options,
        dataDir: fresh.dataDir,
      });
      await first.close();
      const widgets = defineModule({
        id: 'widgets',
        migrations: {
          '001-widgets': {
            async up(knex) {
              await knex.schema.createTable('widgets', (t) => t.increments('id'));
            },
          },
        },
      });
      const second = await createBackline({
        logger: 'silent',
        database: fresh.options,
        dataDir: fresh.dataDir,
        modules: [widgets],
      });
      expect(second.migrated).toEqual(['widgets/001-widgets']);
      expect(await second.kit.knex.schema.hasTable('widgets')).toBe(true);
      await second.close();
    } finally {
      await fresh.cleanup();
    }
  });

  it('keeps settings across restarts, with the public flag', async () => {
    const fresh = database.create();
    try {
      const first = await createBackline({
        logger: 'silent',
        database: fresh.options,
        dataDir: fresh.dataDir,
      });
      await first.kit.settings.set('branding.site_name', 'Night Radio');
      await first.kit.settings.set('mail.password', 'hunter2', { public: false });
      await first.close();
      const second = await createBackline({
        logger: 'silent',
        database: fresh.options,
        dataDir: fresh.dataDir,
      });
      expect(await second.kit.settings.get('branding.site_name')).toBe('Night Radio');
      const tree = await second.kit.settings.publicTree();
      expect(tree).toMatchObject({ branding: { site_name: 'Night Radio' } });
      expect(JSON.stringify(tree)).not.toContain('hunter2');
      await second.close();
    } finally {
      await fresh.cleanup();
    }
  });
});
