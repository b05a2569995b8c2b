import {
  type HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineModule } from '../../kit';
import { accounts } from '../accounts';
import { DEFAULT_THEMES } from '../core/themes';
import { appearanceModule } from './index';

const PASSWORD = 'ada-lovelace-1815';

interface ThemeRow {
  id: number;
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  colors: Record<string, string>;
}
interface State {
  values: Record<string, unknown>;
  themes: ThemeRow[];
  menus: { id: string; name?: string; positions: string[]; items: { id: string; label: string }[] }[];
  menuPositions?: string[];
  created?: Record<string, number>;
}

const HTML = { headers: { Accept: 'text/html' } };

const put = (http: HttpSession, path: string, body: unknown) =>
  http.post(path, body, { headers: { 'X-HTTP-Method-Override': 'PUT' } });
const del = (http: HttpSession, path: string) =>
  http.post(path, {}, { headers: { 'X-HTTP-Method-Override': 'DELETE' } });

async function bootstrap(http: HttpSession) {
  const response = await http.get('/api/v1/bootstrap-data');
  return JSON.parse((response.data as { data: { data: string } }).data.data) as {
    settings: Record<string, unknown> & { menus?: State['menus'] };
    themes: { all: ThemeRow[]; selectedThemeId: number | null };
  };
}

const theme = (name: string, extra: Partial<ThemeRow> = {}) => ({
  name,
  is_dark: false,
  colors: { '--bl-bg': '#ffffff', '--bl-fg': '#111111' },
  ...extra,
});

describe.each(testDatabases())('appearance on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let member: HttpSession;
  let editorRoleId: number;

  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [
        accounts(),
        // A product's own editor section: it saves `discover.intro` (rule here, default in its module) and places a
        // menu at a position of its own.
        defineModule({ id: 'product', settings: { 'discover.intro': { value: '', public: true } } }),
        appearanceModule({
          menuPositions: ['player-sidebar'],
          settings: { 'discover.intro': z.string().check(z.maxLength(40, 'Enter at most 40 characters.')) },
        }),
      ],
      spa: {
        html: async () =>
          '<!doctype html><html lang="en"><head><title>Site</title></head><body><div id="root"></div></body></html>',
      },
    });
    const [role] = await server.app.kit.knex('roles').insert({ name: 'editors' }).returning('id');
    editorRoleId = Number(typeof role === 'object' ? role.id : role);
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
    member = (await signedInUser(server, { email: 'member@example.com', password: PASSWORD })).http;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses members (403) and visitors (401) on every appearance route', async () => {
    expect((await member.get('/api/v1/admin/appearance')).status).toBe(403);
    expect((await member.post('/api/v1/admin/appearance', { settings: {} })).status).toBe(403);
    expect((await member.get('/api/v1/admin/themes')).status).toBe(403);
    expect((await member.post('/api/v1/admin/themes', theme('Mine'))).status).toBe(403);
    const visitor = server.session();
    await visitor.get('/api/v1/health');
    expect((await visitor.get('/api/v1/admin/appearance')).status).toBe(401);
    expect((await visitor.post('/api/v1/admin/themes', theme('Mine'))).status).toBe(401);
    const list = (await admin.get('/api/v1/admin/themes')).data as { themes: ThemeRow[] };
    expect(list.themes.map((row) => row.name)).toEqual(['Light', 'Dark']);
  });

  it('creates, updates and deletes themes, keeps one default light and one default dark, and validates', async () => {
    const created = await admin.post('/api/v1/admin/themes', theme('Sepia', { default_light: true }));
    expect(created.status).toBe(201);
    const sepia = (created.data as { theme: ThemeRow }).theme;
    expect(sepia).toMatchObject({ name: 'Sepia', is_dark: false, default_light: true });
    let all = ((await admin.get('/api/v1/admin/themes')).data as { themes: ThemeRow[] }).themes;
    expect(all.filter((row) => row.default_light).map((row) => row.name)).toEqual(['Sepia']);

    const updated = await put(admin, `/api/v1/admin/themes/${sepia.id}`, {
      ...theme('Sepia 2'),
      colors: { '--bl-bg': 'rgb(250 240 220)' },
    });
    expect(updated.status).toBe(200);
    expect((updated.data as { theme: ThemeRow }).theme.colors).toEqual({ '--bl-bg': 'rgb(250 240 220)' });

    // A colour that could end the style declaration, and a name that is no CSS variable, are refused.
    const bad = await admin.post('/api/v1/admin/themes', {
      ...theme('Evil'),
      colors: { '--bl-bg': 'red; background: url(https://evil.test)', color: '#fff' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.data as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'colors.--bl-bg',
      'colors.color',
    ]);
    expect((await admin.post('/api/v1/admin/themes', { ...theme(''), name: '  ' })).status).toBe(422);
    expect((await put(admin, '/api/v1/admin/themes/999999', theme('Ghost'))).status).toBe(404);

    expect((await del(admin, `/api/v1/admin/themes/${sepia.id}`)).status).toBe(204);
    expect((await del(admin, `/api/v1/admin/themes/${sepia.id}`)).status).toBe(404);
    all = ((await admin.get('/api/v1/admin/themes')).data as { themes: ThemeRow[] }).themes;
    expect(all.map((row) => row.name)).toEqual(['Light', 'Dark']);
    // The bootstrap data of a visitor sees the change at once (the theme cache was refreshed).
    expect((await bootstrap(server.session())).themes.all.map((row) => row.name)).toEqual(['Light', 'Dark']);
  });

  it('saves settings, themes and menus in one request, and a failing part saves nothing', async () => {
    const before = (await admin.get('/api/v1/admin/appearance')).data as State;
    const light = before.themes.find((row) => row.name === 'Light')!;
    const menus = [
      {
        id: 'main',
        name: 'Main',
        positions: ['navbar'],
        items: [{ id: 'discover', label: 'Discover', type: 'route', action: '/discover' }],
      },
    ];

    // The theme update names a theme that does not exist: the valid settings, menus and new theme roll back.
    const failing = await admin.post('/api/v1/admin/appearance', {
      settings: { 'cookie_notice.enable': true, 'custom_code.css': 'body { color: red }' },
      themes: { create: [{ ...theme('Ocean'), key: 'new-1' }], update: [{ ...theme('Light'), id: 999999 }] },
      menus,
    });
    expect(failing.status).toBe(422);
    expect((failing.data as { errors: Record<string, string[]> }).errors).toHaveProperty([
      'themes.update.0.id',
    ]);
    const after = (await admin.get('/api/v1/admin/appearance')).data as State;
    expect(after).toEqual(before);

    // Deleting every theme fails the same way.
    const all = await admin.post('/api/v1/admin/appearance', {
      settings: { 'seo.default_title': 'Never saved' },
      themes: { delete: before.themes.map((row) => row.id) },
    });
    expect(all.status).toBe(422);
    expect((await admin.get('/api/v1/admin/appearance')).data).toEqual(before);

    const saved = await admin.post('/api/v1/admin/appearance', {
      settings: {
        'cookie_notice.enable': true,
        'cookie_notice.position': 'top',
        'custom_code.css': 'body { outline: 1px solid red }',
        'seo.default_title': 'Night Owl Radio',
        'homepage.appearance': { headerTitle: 'Hello listeners' },
      },
      themes: {
        create: [{ ...theme('Ocean', { is_dark: true, default_dark: true }), key: 'new-1' }],
        update: [{ ...theme('Light'), id: light.id, colors: { ...light.colors, '--bl-primary': '#1d4ed8' } }],
      },
      menus,
    });
    expect(saved.status).toBe(200);
    const state = saved.data as State;
    const oceanId = state.created!['new-1']!;
    expect(state.themes.find((row) => row.id === oceanId)).toMatchObject({
      name: 'Ocean',
      default_dark: true,
    });
    expect(state.themes.filter((row) => row.default_dark).map((row) => row.id)).toEqual([oceanId]);
    expect(state.themes.find((row) => row.id === light.id)!.colors['--bl-primary']).toBe('#1d4ed8');
    expect(state.values).toMatchObject({
      'cookie_notice.enable': true,
      'cookie_notice.position': 'top',
      'seo.default_title': 'Night Owl Radio',
      'homepage.appearance': { headerTitle: 'Hello listeners' },
    });
    expect(state.menus).toEqual(menus);
    const visitor = await bootstrap(server.session());
    expect(visitor.settings.cookie_notice).toMatchObject({ enable: true, position: 'top' });
    // Custom code is rendered into the page by the server, never handed out in bootstrap data.
    expect(visitor.settings).not.toHaveProperty('custom_code');
  });

  it('refuses settings outside the editor, bad values, unsafe menu actions and unknown roles (422)', async () => {
    const before = (await admin.get('/api/v1/admin/appearance')).data as State;
    const outside = await admin.post('/api/v1/admin/appearance', {
      settings: { 'registration.disable': true },
    });
    expect(outside.status).toBe(422);
    expect((outside.data as { errors: Record<string, string[]> }).errors).toHaveProperty([
      'settings.registration.disable',
    ]);
    const position = await admin.post('/api/v1/admin/appearance', {
      settings: { 'cookie_notice.position': 'left' },
    });
    expect(position.status).toBe(422);
    const script = await admin.post('/api/v1/admin/appearance', {
      menus: [
        {
          id: 'x',
          name: 'X',
          positions: ['navbar'],
          items: [{ id: 'a', label: 'Go', type: 'link', action: 'javascript:alert(1)' }],
        },
      ],
    });
    expect(script.status).toBe(422);
    const role = await admin.post('/api/v1/admin/appearance', {
      menus: [
        {
          id: 'x',
          name: 'X',
          positions: ['navbar'],
          items: [{ id: 'a', label: 'Go', type: 'route', action: '/go', roles: [987654] }],
        },
      ],
    });
    expect(role.status).toBe(422);
    expect((role.data as { errors: Record<string, string[]> }).errors).toHaveProperty([
      'menus.0.items.0.roles',
    ]);
    expect((await admin.get('/api/v1/admin/appearance')).data).toEqual(before);
  });

  it('sends each viewer only the menu items their roles and permissions allow', async () => {
    const menus = [
      {
        id: 'main',
        name: 'Main',
        positions: ['navbar'],
        items: [
          { id: 'all', label: 'Everyone', type: 'route', action: '/discover' },
          { id: 'editors', label: 'Editors', type: 'route', action: '/edit', roles: [editorRoleId] },
          {
            id: 'admins',
            label: 'Admin',
            type: 'route',
            action: '/admin',
            permissions: ['appearance.update'],
          },
        ],
      },
    ];
    expect((await admin.post('/api/v1/admin/appearance', { menus })).status).toBe(200);
    const editor = (
      await signedInUser(server, { email: 'ed@example.com', password: PASSWORD, roles: ['editors'] })
    ).http;
    const labels = async (http: HttpSession) =>
      (await bootstrap(http)).settings.menus![0]!.items.map((item) => item.id);
    expect(await labels(server.session())).toEqual(['all']);
    expect(await labels(member)).toEqual(['all']);
    expect(await labels(editor)).toEqual(['all', 'editors']);
    expect(await labels(admin)).toEqual(['all', 'admins']);
    // The editor still gets every item, unfiltered.
    expect(((await admin.get('/api/v1/admin/appearance')).data as State).menus[0]!.items).toHaveLength(3);
  });

  it('renders the active theme and custom code into the page, with the CSP nonce', async () => {
    const themes = ((await admin.get('/api/v1/admin/themes')).data as { themes: ThemeRow[] }).themes;
    const dark = themes.find((row) => row.name === 'Dark')!;
    const light = themes.find((row) => row.name === 'Light')!;
    await admin.post('/api/v1/admin/appearance', {
      settings: {
        'themes.user_change': true,
        'themes.default_id': light.id,
        'custom_code.css': 'body { outline: 1px solid red } </style><script>alert(1)</script>',
        'custom_code.html': '<p class="promo">Hi</p><script>window.customRan = true</script>',
      },
    });

    const page = await server.session().get('/', HTML);
    const html = String(page.data);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
      String(page.headers.get('content-security-policy')),
    )![1]!;
    expect(html).toMatch(/<html lang="en" style="[^"]*--bl-primary: /);
    expect(html).not.toMatch(/<html[^>]*class="dark"/);
    expect(html).toContain(
      `<style id="be-custom-code" nonce="${nonce}">body { outline: 1px solid red } <\\/style>`,
    );
    expect(html).toContain(
      `<div id="be-custom-code"><p class="promo">Hi</p><script nonce="${nonce}">window.customRan = true</script></div></body>`,
    );

    // The `be-active-theme` cookie picks the dark theme only while users may change themes.
    const chooser = server.session();
    chooser.cookies.set('be-active-theme', String(dark.id));
    expect(String((await chooser.get('/', HTML)).data)).toMatch(
      /<html lang="en" class="dark" style="[^"]*--bl-bg: #121317/,
    );
    await admin.post('/api/v1/admin/appearance', {
      settings: { 'themes.user_change': false, 'custom_code.html': '' },
    });
    const locked = String((await chooser.get('/', HTML)).data);
    expect(locked).not.toContain('class="dark"');
    expect(locked).not.toContain('<div id="be-custom-code">');
  });

  it('writes the SEO default title and description into the head of pages without their own, escaped', async () => {
    const saved = await admin.post('/api/v1/admin/appearance', {
      settings: {
        'branding.site_name': 'Night Owl',
        'seo.default_title': 'Night Owl </title><script>alert(1)</script>',
        'seo.default_description': 'Late "radio" & <b>records</b>',
        // An earlier test leaves a script-like text in the custom CSS; this one looks for scripts in the head.
        'custom_code.css': '',
      },
    });
    expect(saved.status).toBe(200);
    const html = String((await server.session().get('/', HTML)).data);
    const title = 'Night Owl &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;';
    const description = 'Late &#34;radio&#34; &#38; &#60;b&#62;records&#60;/b&#62;';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta name="description" content="${description}">`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(`<meta property="og:description" content="${description}">`);
    expect(html).toContain('<meta property="og:site_name" content="Night Owl">');
    expect(html).toContain(`<meta name="twitter:description" content="${description}">`);
    expect(html).not.toContain('<script>alert');

    // Without a default title the site name is the title; without either SEO value the template's head stays.
    await admin.post('/api/v1/admin/appearance', { settings: { 'seo.default_title': '' } });
    expect(String((await server.session().get('/login', HTML)).data)).toContain('<title>Night Owl</title>');
    await admin.post('/api/v1/admin/appearance', { settings: { 'seo.default_description': '' } });
    const plain = String((await server.session().get('/login', HTML)).data);
    expect(plain).not.toContain('og:title');
    expect(plain).not.toContain('name="description"');
  });

  it('creates, renames, places and deletes menus in the one save; unknown or shared positions and empty names get 422', async () => {
    const before = (await admin.get('/api/v1/admin/appearance')).data as State;
    // The shipped positions and the product's own, for the editor to offer.
    expect(before.menuPositions).toEqual(
      expect.arrayContaining(['navbar', 'footer', 'footer-secondary', 'auth-dropdown', 'player-sidebar']),
    );
    const errorsOf = (answer: { data: unknown }) =>
      Object.keys((answer.data as { errors: Record<string, string[]> }).errors);
    const refused = async (menus: unknown[], field: string) => {
      const answer = await admin.post('/api/v1/admin/appearance', {
        settings: { 'seo.default_title': 'Never saved' },
        menus,
      });
      expect(answer.status).toBe(422);
      expect(errorsOf(answer)).toEqual([field]);
    };
    const menu = (id: string, name: string, positions: string[]) => ({ id, name, positions, items: [] });
    await refused([menu('a', 'A', ['sidebar-of-nowhere'])], 'menus.0.positions');
    await refused([menu('a', '  ', ['navbar'])], 'menus.0.name');
    // A position shows the first menu placed there, so a second menu at it is refused rather than hidden.
    await refused([menu('a', 'A', ['navbar']), menu('b', 'B', ['footer', 'navbar'])], 'menus.1.positions');
    await refused([menu('a', 'A', ['navbar']), menu('a', 'B', ['footer'])], 'menus.1.id');
    expect((await admin.get('/api/v1/admin/appearance')).data).toEqual(before);

    const main = before.menus.find((candidate) => candidate.id === 'main')!;
    const menus = [
      // Renamed, and a position listed twice is kept once.
      { ...main, name: ' Top bar ', positions: ['navbar', 'navbar'] },
      {
        id: 'player',
        name: 'Player links',
        positions: ['player-sidebar', 'footer'],
        items: [{ id: 'queue', label: 'Queue', type: 'route', action: '/queue' }],
      },
    ];
    // A failing theme part takes the new menu down with it.
    const failing = await admin.post('/api/v1/admin/appearance', {
      menus,
      themes: { update: [{ ...theme('Ghost'), id: 999999 }] },
    });
    expect(failing.status).toBe(422);
    expect((await admin.get('/api/v1/admin/appearance')).data).toEqual(before);

    const saved = await admin.post('/api/v1/admin/appearance', { menus });
    expect(saved.status).toBe(200);
    expect((saved.data as State).menus.map(({ id, name, positions }) => ({ id, name, positions }))).toEqual([
      { id: 'main', name: 'Top bar', positions: ['navbar'] },
      { id: 'player', name: 'Player links', positions: ['player-sidebar', 'footer'] },
    ]);
    const visitor = (await bootstrap(server.session())).settings.menus!;
    expect(visitor.find((candidate) => candidate.id === 'player')?.items.map((item) => item.label)).toEqual([
      'Queue',
    ]);

    // Deleting a menu is saving the list without it.
    expect((await admin.post('/api/v1/admin/appearance', { menus: [menus[0]] })).status).toBe(200);
    expect((await bootstrap(server.session())).settings.menus!.map((candidate) => candidate.id)).toEqual([
      'main',
    ]);
  });

  it('paints themes.default_id unless users may choose and chose; an unknown default gets 422, 0 means the first theme', async () => {
    const themes = ((await admin.get('/api/v1/admin/themes')).data as { themes: ThemeRow[] }).themes;
    const light = themes.find((row) => row.name === 'Light')!;
    const dark = themes.find((row) => row.name === 'Dark')!;
    const before = (await admin.get('/api/v1/admin/appearance')).data as State;

    const unknown = await admin.post('/api/v1/admin/appearance', {
      settings: { 'themes.default_id': 999999, 'seo.default_title': 'Never saved' },
    });
    expect(unknown.status).toBe(422);
    expect((unknown.data as { errors: Record<string, string[]> }).errors).toHaveProperty([
      'settings.themes.default_id',
    ]);
    // Naming a theme the same save deletes fails inside the transaction, and the delete rolls back with it.
    const spare = ((await admin.post('/api/v1/admin/themes', theme('Spare'))).data as { theme: ThemeRow })
      .theme;
    const deleting = await admin.post('/api/v1/admin/appearance', {
      settings: { 'themes.default_id': spare.id },
      themes: { delete: [spare.id] },
    });
    expect(deleting.status).toBe(422);
    expect((await admin.get('/api/v1/admin/appearance')).data).toEqual({
      ...before,
      themes: [...before.themes, spare],
    });
    expect((await del(admin, `/api/v1/admin/themes/${spare.id}`)).status).toBe(204);

    const chooser = server.session();
    chooser.cookies.set('be-active-theme', String(light.id));
    const shown = async () => {
      const html = String((await chooser.get('/', HTML)).data);
      return {
        selected: (await bootstrap(chooser)).themes.selectedThemeId,
        dark: html.includes('class="dark"'),
      };
    };
    const save = async (settings: Record<string, unknown>) =>
      expect((await admin.post('/api/v1/admin/appearance', { settings })).status).toBe(200);

    // Users may not choose: the cookie is ignored and the default theme is painted.
    await save({ 'themes.user_change': false, 'themes.default_id': dark.id });
    expect(await shown()).toEqual({ selected: dark.id, dark: true });
    // Users may choose: the cookie wins.
    await save({ 'themes.user_change': true });
    expect(await shown()).toEqual({ selected: light.id, dark: false });
    // No default (0) and no choice allowed: the first theme.
    await save({ 'themes.user_change': false, 'themes.default_id': 0 });
    chooser.cookies.set('be-active-theme', String(dark.id));
    expect(await shown()).toEqual({ selected: themes[0]!.id, dark: themes[0]!.is_dark });
    await save({ 'themes.user_change': true });
  });

  it('saves a product section’s own setting by its rule, with the rest, audited, all or nothing', async () => {
    const before = (await admin.get('/api/v1/admin/appearance')).data as State;
    expect(before.values['discover.intro']).toBe('');
    const tooLong = await admin.post('/api/v1/admin/appearance', {
      settings: { 'discover.intro': 'x'.repeat(41), 'seo.default_title': 'Never saved' },
    });
    expect(tooLong.status).toBe(422);
    expect((tooLong.data as { errors: Record<string, string[]> }).errors).toEqual({
      'settings.discover.intro': ['Enter at most 40 characters.'],
    });
    const failing = await admin.post('/api/v1/admin/appearance', {
      settings: { 'discover.intro': 'Fresh picks' },
      themes: { update: [{ ...theme('Ghost'), id: 999999 }] },
    });
    expect(failing.status).toBe(422);
    expect((await admin.get('/api/v1/admin/appearance')).data).toEqual(before);

    const saved = await admin.post('/api/v1/admin/appearance', {
      settings: { 'discover.intro': 'Fresh picks', 'seo.default_title': 'With the intro' },
    });
    expect(saved.status).toBe(200);
    expect((saved.data as State).values['discover.intro']).toBe('Fresh picks');
    expect((await bootstrap(server.session())).settings.discover).toEqual({ intro: 'Fresh picks' });
    const [audit] = await server.app.kit
      .knex('audit_logs')
      .where({ action: 'appearance.update' })
      .orderBy('id', 'desc')
      .limit(1);
    const changes = typeof audit.changes === 'string' ? JSON.parse(audit.changes) : audit.changes;
    expect(changes['discover.intro']).toEqual({ before: '', after: 'Fresh picks' });
  });

  it('refuses product rules that would replace a shipped one, and malformed positions, at start-up', () => {
    expect(() => appearanceModule({ settings: { 'custom_code.html': z.string() } })).toThrow(
      /already has a rule/,
    );
    expect(() => appearanceModule({ settings: { menus: z.array(z.unknown()) } })).toThrow(
      /already has a rule/,
    );
    expect(() => appearanceModule({ menuPositions: ['Side Bar'] })).toThrow(/not a menu position/);
  });

  describe('audit log', () => {
    interface AuditRow {
      action: string;
      user_id: number | null;
      target_type: string | null;
      target_id: number | null;
      changes: Record<string, { before: unknown; after: unknown }>;
      ip_address: string | null;
    }
    const auditRows = async (action: string): Promise<AuditRow[]> =>
      (await server.app.kit.knex('audit_logs').where({ action }).orderBy('id')).map((row: AuditRow) => ({
        ...row,
        changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
      }));
    const auditCount = async () =>
      Number(((await server.app.kit.knex('audit_logs').count({ n: '*' }).first()) as { n: string }).n);

    it('records theme create, update and delete with the changed fields, who and from where', async () => {
      const ownerId = Number(
        (await server.app.kit.knex('users').where({ email: 'owner@example.com' }).first('id')).id,
      );
      const created = (await admin.post('/api/v1/admin/themes', theme('Audited'))).data as {
        theme: ThemeRow;
      };
      const id = created.theme.id;
      const [create] = (await auditRows('theme.create')).filter((row) => row.target_id === id);
      expect(create).toMatchObject({ user_id: ownerId, target_type: 'theme' });
      expect(create!.ip_address).toBeTruthy();
      expect(create!.changes).toMatchObject({
        name: { before: null, after: 'Audited' },
        'colors.--bl-bg': { before: null, after: '#ffffff' },
      });

      await put(admin, `/api/v1/admin/themes/${id}`, {
        ...theme('Audited'),
        colors: { '--bl-bg': '#fafafa', '--bl-fg': '#111111' },
      });
      const [update] = (await auditRows('theme.update')).filter((row) => row.target_id === id);
      // Only the colour that changed is logged, not the whole palette.
      expect(update!.changes).toEqual({ 'colors.--bl-bg': { before: '#ffffff', after: '#fafafa' } });

      expect((await del(admin, `/api/v1/admin/themes/${id}`)).status).toBe(204);
      const [deleted] = (await auditRows('theme.delete')).filter((row) => row.target_id === id);
      expect(deleted!.changes.name).toEqual({ before: 'Audited', after: null });
    });

    it('records an editor save: changed settings and menus in one row, each theme in its own', async () => {
      const before = (await admin.get('/api/v1/admin/appearance')).data as State;
      const light = before.themes.find((row) => row.name === 'Light')!;
      const title = `Audited title ${before.themes.length}`;
      const saved = await admin.post('/api/v1/admin/appearance', {
        settings: {
          'seo.default_title': title,
          // Unchanged: not in the log.
          'cookie_notice.position': before.values['cookie_notice.position'],
        },
        themes: {
          create: [{ ...theme('Saved in editor'), key: 'k' }],
          update: [{ ...theme(light.name), id: light.id, colors: { ...light.colors, '--bl-fg': '#000000' } }],
        },
        menus: [{ id: 'audit', name: 'Audit', positions: ['footer'], items: [] }],
      });
      expect(saved.status).toBe(200);
      const newId = (saved.data as State).created!.k!;
      const [row] = (await auditRows('appearance.update')).slice(-1);
      expect(Object.keys(row!.changes).sort()).toEqual(['menus', 'seo.default_title']);
      expect(row!.changes['seo.default_title']).toEqual({
        before: before.values['seo.default_title'],
        after: title,
      });
      expect((await auditRows('theme.create')).some((entry) => entry.target_id === newId)).toBe(true);
      const [update] = (await auditRows('theme.update'))
        .filter((entry) => entry.target_id === light.id)
        .slice(-1);
      expect(update!.changes['colors.--bl-fg']).toEqual({
        before: light.colors['--bl-fg'],
        after: '#000000',
      });
    });

    it('a failed write leaves neither the change nor an audit row', async () => {
      const before = (await admin.get('/api/v1/admin/appearance')).data as State;
      const rows = await auditCount();
      // The delete and the settings run first inside the transaction; the unknown theme id then fails it.
      const failing = await admin.post('/api/v1/admin/appearance', {
        settings: { 'seo.default_title': 'Rolled back' },
        themes: { delete: [before.themes[0]!.id], update: [{ ...theme('Ghost'), id: 999999 }] },
      });
      expect(failing.status).toBe(422);
      expect((await admin.get('/api/v1/admin/appearance')).data).toEqual(before);
      expect(await auditCount()).toBe(rows);

      // Deleting the last theme fails after the row is gone, inside the transaction.
      const themes = before.themes.map((row) => row.id);
      for (const id of themes.slice(1))
        expect((await del(admin, `/api/v1/admin/themes/${id}`)).status).toBe(204);
      const afterDeletes = await auditCount();
      expect(afterDeletes).toBe(rows + themes.length - 1);
      const last = await del(admin, `/api/v1/admin/themes/${themes[0]}`);
      expect(last.status).toBe(422);
      expect(((await admin.get('/api/v1/admin/themes')).data as { themes: ThemeRow[] }).themes).toHaveLength(
        1,
      );
      expect(await auditCount()).toBe(afterDeletes);
      // A refused theme (bad colour) writes nothing either.
      expect(
        (await admin.post('/api/v1/admin/themes', { ...theme('Bad'), colors: { '--bl-bg': 'red;' } })).status,
      ).toBe(422);
      expect(await auditCount()).toBe(afterDeletes);
    });
  });

  it('ships light and dark themes whose text and controls pass WCAG AA', () => {
    for (const shipped of DEFAULT_THEMES) {
      const c = shipped.colors as Record<string, string>;
      const pairs: [string, string, number][] = [
        ['--bl-fg', '--bl-bg', 4.5],
        ['--bl-fg', '--bl-bg-alt', 4.5],
        ['--bl-fg', '--bl-bg-elevated', 4.5],
        ['--bl-fg-muted', '--bl-bg', 4.5],
        ['--bl-fg-muted', '--bl-bg-alt', 4.5],
        ['--bl-primary-fg', '--bl-primary', 4.5],
        ['--bl-primary', '--bl-bg', 4.5],
        ['--bl-danger', '--bl-bg', 4.5],
        ['--bl-positive', '--bl-bg', 4.5],
        // Control boundaries and the focus ring: 3:1 (WCAG 1.4.11).
        ['--bl-focus', '--bl-bg', 3],
      ];
      for (const [fg, bg, min] of pairs)
        expect(contrast(c[fg]!, c[bg]!), `${shipped.name}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(min);
    }
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
