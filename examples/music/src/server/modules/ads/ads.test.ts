import { decodeBootstrap, getByPath } from '@backline/core';
import { type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';
import { MUSIC_PLANS } from '../plans';

const PASSWORD = 'correct horse battery';
const AD = '<div id="ad">Buy our records</div><script>document.title = "ad"</script>';

describe.each(testDatabases())('ad slots on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite({}, database);
  }, 120_000);
  afterAll(() => server?.close());

  const saveAds = async (settings: Record<string, unknown>) => {
    const { http } = await signedInUser(server, {
      email: `owner${Math.random().toString(36).slice(2)}@example.com`,
      password: PASSWORD,
      roles: ['admin'],
    });
    return http.request('PUT', '/api/v1/admin/settings', { json: { settings } });
  };

  it('serves a slot as its own sandboxed document, with the code as the admin gave it', async () => {
    expect((await saveAds({ 'ads.general_top': AD })).status).toBe(200);
    const response = await fetch(`${server.url}/api/v1/ads/general_top/frame?v=abc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    // Opaque origin even when the URL is opened on its own: no allow-same-origin in the sandbox.
    expect(csp).toMatch(/(^|; )sandbox allow-scripts/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'self'");
    const html = await response.text();
    expect(html).toContain(AD);
    expect(html).toContain('type: \'backline:ad-size\', slot: "general_top"');
  });

  it('makes the code public to pages (so they know which slots to show) and answers 404 for an empty slot', async () => {
    const response = await server.session().get('/api/v1/bootstrap-data');
    const bootstrap = decodeBootstrap((response.data as { data: { data: string } }).data.data);
    expect(getByPath(bootstrap.settings, 'ads.general_top')).toBe(AD);
    expect(getByPath(bootstrap.settings, 'ads.album_above')).toBe('');
    const empty = await fetch(`${server.url}/api/v1/ads/album_above/frame`);
    expect(empty.status).toBe(404);
    expect(((await empty.json()) as { message: string }).message).toBe('This ad slot is empty.');
  });

  it('answers 422 for a slot that does not exist, and for code over the limit, saving nothing', async () => {
    const unknown = await fetch(`${server.url}/api/v1/ads/sidebar/frame`);
    expect(unknown.status).toBe(422);
    const tooLong = await saveAds({
      'ads.album_above': 'x'.repeat(20_001),
      'ads.general_bottom': '<b>ok</b>',
    });
    expect(tooLong.status).toBe(422);
    expect((tooLong.data as { errors: Record<string, string[]> }).errors['ads.album_above']).toEqual([
      'Ad code may be at most 20000 characters.',
    ]);
    // One request, one transaction: the valid key beside the bad one was not written either.
    expect(await server.app.kit.settings.get('ads.general_bottom', null)).toBe('');
  });

  it('lets a listener without the permission save nothing (403)', async () => {
    const { http } = await signedInUser(server, { email: 'fan@example.com', password: PASSWORD });
    const response = await http.request('PUT', '/api/v1/admin/settings', {
      json: { settings: { 'ads.general_top': '<b>mine</b>' } },
    });
    expect(response.status).toBe(403);
    expect(await server.app.kit.settings.get('ads.general_top', null)).toBe(AD);
  });
});

describe('the paid plans', () => {
  it('grant ads.disable, and the free plan does not', () => {
    const grants = Object.fromEntries(MUSIC_PLANS.map((plan) => [plan.name, plan.permissions ?? []]));
    expect(grants.Free).not.toContain('ads.disable');
    expect(grants.Pro).toContain('ads.disable');
    expect(grants.Premium).toContain('ads.disable');
  });
});
