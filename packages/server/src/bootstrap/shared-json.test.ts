import { type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJson, encodeQuotedJson, isSharedJson, sharedJson } from './shared-json';

const samples: unknown[] = [
  { user: null, settings: { a: { b: [1, 'two', null] } }, skipped: undefined, fn: () => 1 },
  {
    when: new Date(0),
    text: 'quote " backslash \\ line\u2028 <script>',
    nested: { deep: { deeper: { x: 1 } } },
  },
  [1, { a: undefined }, 'x'],
  'plain string',
  42,
  null,
];

describe('shared JSON encoding', () => {
  it.each(samples)('encodes %j exactly as JSON.stringify does, plain and as a JSON string', (value) => {
    expect(encodeJson(value)).toBe(JSON.stringify(value));
    expect(`"${encodeQuotedJson(value)}"`).toBe(JSON.stringify(JSON.stringify(value)));
  });

  it('splices shared parts in, also nested, with the same result', () => {
    const settings = sharedJson({ branding: { site_name: 'Site "quoted"' }, menus: [{ id: 1 }] });
    const data = { user: { id: 1 }, settings, themes: { all: sharedJson([{ id: 1 }]), selectedThemeId: 1 } };
    expect(encodeJson(data)).toBe(JSON.stringify(data));
    expect(`"${encodeQuotedJson(data)}"`).toBe(JSON.stringify(JSON.stringify(data)));
  });

  it('serialises a shared object once, however many answers include it', () => {
    let reads = 0;
    const value = {
      get expensive() {
        reads++;
        return 'value';
      },
    };
    sharedJson(value);
    reads = 0;
    for (let i = 0; i < 3; i++) {
      encodeJson({ value });
      encodeQuotedJson({ value });
    }
    expect(reads).toBe(0);
  });

  it('freezes shared objects deeply, so no request can change what the next one sees', () => {
    const value = sharedJson({ nested: { list: [1] } });
    expect(isSharedJson(value)).toBe(true);
    expect(() => {
      (value.nested.list as number[]).push(2);
    }).toThrow(TypeError);
  });
});

describe.each(testDatabases())('shared settings tree on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  const settingsOf = async (headers: Record<string, string> = {}) => {
    const response = await server.session().get('/api/v1/bootstrap-data', { headers });
    return JSON.parse((response.data as { data: { data: string } }).data.data).settings;
  };

  it('shows a settings write in the next answer', async () => {
    const before = await settingsOf();
    await server.app.kit.settings.set('branding.site_name', 'Renamed', { public: true });
    const after = await settingsOf();
    expect(after.branding.site_name).toBe('Renamed');
    expect(after.base_url).toBe(before.base_url);
  });

  it('keeps one shared tree per base URL and leaves the values get() returns unfrozen', async () => {
    const kit = server.app.kit;
    await kit.settings.set('bench.list', ['a'], { public: true });
    const first = await kit.settings.sharedPublicTree('http://one.test');
    expect(await kit.settings.sharedPublicTree('http://one.test')).toBe(first);
    expect(first.base_url).toBe('http://one.test');
    expect((await kit.settings.sharedPublicTree('http://two.test')).base_url).toBe('http://two.test');
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(await kit.settings.get('bench.list'))).toBe(false);
  });

  it('stops sharing trees past the cap, so Host headers cannot grow memory', async () => {
    const kit = server.app.kit;
    for (let i = 0; i < 40; i++) await kit.settings.sharedPublicTree(`http://host-${i}.test`);
    const late = await kit.settings.sharedPublicTree('http://late.test');
    expect(late.base_url).toBe('http://late.test');
    expect(Object.isFrozen(late)).toBe(false);
  });
});
