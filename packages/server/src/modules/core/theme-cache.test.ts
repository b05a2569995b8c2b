import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateThemes } from './theme-cache';

describe.each(testDatabases())('theme cache on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  const themeNames = async () => {
    const response = await server.session().get('/api/v1/bootstrap-data');
    const data = JSON.parse((response.data as { data: { data: string } }).data.data);
    return data.themes.all.map((theme: { name: string }) => theme.name);
  };

  it('reads the themes table once, not once per bootstrap answer', async () => {
    const queries: string[] = [];
    const listen = (query: { sql: string }) => queries.push(query.sql);
    server.app.kit.knex.on('query', listen);
    try {
      for (let i = 0; i < 5; i++) expect(await themeNames()).toEqual(['Light', 'Dark']);
    } finally {
      server.app.kit.knex.off('query', listen);
    }
    expect(queries.filter((sql) => /from "themes"/.test(sql)).length).toBeLessThanOrEqual(1);
  });

  it('shows a theme edit once the writer invalidates the cache', async () => {
    await themeNames();
    await server.app.kit.knex('themes').where({ name: 'Dark' }).update({ name: 'Midnight' });
    invalidateThemes(server.app.kit.knex);
    expect(await themeNames()).toEqual(['Light', 'Midnight']);
  });
});
