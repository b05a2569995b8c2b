import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

describe.each(testDatabases())('value lists on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts({ localizations: [{ language: 'es', name: 'Español', lines: {} }] })],
    });
  });
  afterAll(() => server?.close());

  it('answers timezones grouped by region, countries and localizations', async () => {
    const http = server.session();
    const response = await http.get('/api/v1/value-lists/timezones,countries,localizations');
    expect(response.status).toBe(200);
    const lists = response.data as {
      timezones: Record<string, { value: string; text: string }[]>;
      countries: { code: string; name: string }[];
      localizations: { language: string; name: string }[];
    };
    expect(Object.keys(lists).sort()).toEqual(['countries', 'localizations', 'timezones']);
    expect(lists.timezones.Europe).toContainEqual({
      value: 'Europe/Madrid',
      text: expect.stringMatching(/^\(UTC\+0[12]:00\) Madrid$/),
    });
    expect(lists.timezones.America).toContainEqual({
      value: 'America/New_York',
      text: expect.stringMatching(/^\(UTC-0[45]:00\) New York$/),
    });
    expect(lists.timezones.Asia).toContainEqual({ value: 'Asia/Tokyo', text: '(UTC+09:00) Tokyo' });
    expect(lists.timezones.UTC).toEqual([{ value: 'UTC', text: '(UTC+00:00) UTC' }]);
    const all = Object.values(lists.timezones).flat();
    expect(all.length).toBe(Intl.supportedValuesOf('timeZone').length + 1);
    for (const [region, zones] of Object.entries(lists.timezones))
      for (const zone of zones)
        if (zone.value !== 'UTC') expect(zone.value.startsWith(`${region}/`)).toBe(true);
    expect(lists.countries).toContainEqual({ code: 'ES', name: 'Spain' });
    expect(lists.countries).toContainEqual({ code: 'US', name: 'United States of America' });
    expect(lists.countries.length).toBeGreaterThan(240);
    for (const country of lists.countries) expect(country.code).toMatch(/^[A-Z]{2}$/);
    expect(lists.localizations).toEqual([
      { language: 'en', name: 'English' },
      { language: 'es', name: 'Español' },
    ]);
  });

  it('answers only the lists asked for, with an ETag the client may cache on', async () => {
    const http = server.session();
    const response = await http.get('/api/v1/value-lists/localizations');
    expect(Object.keys(response.data as object)).toEqual(['localizations']);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(response.headers.get('cache-control')).toContain('max-age=');
    const again = await http.get('/api/v1/value-lists/localizations', {
      headers: { 'If-None-Match': etag! },
    });
    expect(again.status).toBe(304);
    const other = await http.get('/api/v1/value-lists/countries');
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('refuses unknown list names with 422', async () => {
    const http = server.session();
    for (const names of ['planets', 'timezones,planets', ',']) {
      const response = await http.get(`/api/v1/value-lists/${names}`);
      expect(response.status).toBe(422);
      expect((response.data as { errors: Record<string, string[]> }).errors.names).toHaveLength(1);
    }
  });
});
