/**
 * Stored XSS: a corpus of payloads written through the API into every stored text field a user or an admin can
 * set on the music site, then every page that shows them opened in Chromium with a hook that records any script
 * the payloads run. Part of `pnpm security` (scripts/security.ts).
 *
 * Every payload calls `__xss(id)` (or `alert(id)`) when it runs. An init script defines `window.__xss` in every
 * page and frame before the site's own code, a `dialog` listener catches `alert`, and a `securitypolicyviolation`
 * listener records a payload the Content-Security-Policy stopped: that one reached the page as live markup, which
 * is a finding too (the CSP is the second line, not the first). Mails with user text (contact, workspace invite)
 * are rendered in the same hooked page.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Menu } from '@backline/core';
import {
  createTestUser,
  type HttpSession,
  loginOverHttp,
  multipartBody,
  type RunningServer,
  type SmtpCapture,
} from '@internal/testing';
import { launchBrowser } from '@internal/testing/browser';
import type { BrowserContext, Page } from 'playwright-core';
import { taggedMp3 } from '../../examples/music/e2e/support/tagged-mp3';

/** One payload: `{id}` is replaced by its number, so a run names the payload that ran. */
const TEMPLATES = [
  '<script>__xss({id})</script>',
  '<img src=x onerror=__xss({id})>',
  '<svg onload=__xss({id})>',
  '<svg><script>__xss({id})</script></svg>',
  '"><img src=x onerror=__xss({id})>',
  "'><svg/onload=__xss({id})>",
  '</title><script>__xss({id})</script>',
  '</script><script>__xss({id})</script>',
  '</textarea><img src=x onerror=__xss({id})>',
  'javascript:__xss({id})',
  '<a href="javascript:__xss({id})">link {id}</a>',
  '<iframe srcdoc="<script>parent.__xss({id})</script>"></iframe>',
  '<details open ontoggle=__xss({id})>',
  '<input autofocus onfocus=__xss({id})>',
  '<video><source onerror=__xss({id})></video>',
  '<object data="javascript:__xss({id})"></object>',
  '<body onload=__xss({id})>',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss({id})">',
  // Mutation XSS: markup a sanitiser and the browser parse differently.
  '<noscript><p title="</noscript><img src=x onerror=__xss({id})>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss({id})></style></mglyph></table></mtext></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=__xss({id})>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss({id})>',
  // Template and interpolation injection.
  '{{constructor.constructor("__xss({id})")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is a template literal's placeholder, as text.
  '${__xss({id})}',
  '<img src=x onerror=alert({id})>',
];

export interface Payload {
  id: number;
  text: string;
}

export const PAYLOADS: Payload[] = TEMPLATES.map((template, index) => ({
  id: index + 1,
  text: template.replaceAll('{id}', String(index + 1)),
}));

/** The corpus in groups whose joined text fits `max` characters: one stored value per group. */
function groups(max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const { text } of PAYLOADS) {
    if (text.length > max) continue;
    if (current && current.length + 1 + text.length > max) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${text}` : text;
  }
  if (current) out.push(current);
  return out;
}
const ALL = PAYLOADS.map((payload) => payload.text).join('\n');

export interface XssWrite {
  field: string;
  status: number;
}

export interface XssFinding {
  page: string;
  viewer: string;
  kind: 'ran' | 'dialog' | 'blocked by CSP only';
  payload: number | string;
}

export interface XssReport {
  payloads: number;
  writes: XssWrite[];
  pages: number;
  findings: XssFinding[];
}

const PASSWORD = 'stored xss corpus 1234';

async function signIn(server: RunningServer, email: string, roles?: string[]) {
  const user = await createTestUser(server.app, { email, password: PASSWORD, roles });
  const http = server.session();
  await http.get('/api/v1/health');
  const login = await loginOverHttp(http, email, PASSWORD);
  if (login.status !== 200) throw new Error(`${email} could not log in (${login.status})`);
  return { http, id: user.id as number, email };
}

/** Records what ran: runs in every page and frame before the site's scripts. */
function hook() {
  const w = window as unknown as {
    __xss: (id: unknown) => void;
    __xssRan: unknown[];
    __xssBlocked: string[];
  };
  w.__xssRan = [];
  w.__xssBlocked = [];
  w.__xss = (id) => {
    w.__xssRan.push(id);
    try {
      (window.top as unknown as { __xssRan?: unknown[] }).__xssRan?.push(id);
    } catch {}
  };
  document.addEventListener('securitypolicyviolation', (event) => {
    const sample = `${event.sample ?? ''} ${event.blockedURI ?? ''}`;
    if (/__xss|alert\(/.test(sample)) w.__xssBlocked.push(sample.slice(0, 120));
  });
}

/**
 * Writes the corpus into every field, opens every page that shows them as the people who see them, and reports
 * each payload that ran (or reached the page live and was only stopped by the CSP).
 */
export async function storedXss(options: {
  server: RunningServer;
  smtp: SmtpCapture;
  progress?: (line: string) => void;
}): Promise<XssReport> {
  const { server, smtp } = options;
  const say = options.progress ?? (() => {});
  const writes: XssWrite[] = [];
  const tmp = mkdtempSync(path.join(tmpdir(), 'backline-xss-'));
  const stamp = Date.now().toString(36);
  const write = async (field: string, answer: Promise<Response & { data: unknown }>) => {
    const done = await answer;
    writes.push({ field, status: done.status });
    if (done.status >= 500) throw new Error(`${field}: ${done.status} ${JSON.stringify(done.data)}`);
    return done.data as Record<string, unknown>;
  };

  const admin = await signIn(server, `xss-admin-${stamp}@example.com`, ['admin']);
  const author = await signIn(server, `xss-author-${stamp}@example.com`);
  const reader = await signIn(server, `xss-reader-${stamp}@example.com`);
  const knex = server.app.kit.knex;
  const musicians: number[] = [];

  // Names: several users, each named with one group of payloads; each follows the reader, whose notifications
  // then carry the names.
  const nameGroups = groups(100);
  for (const [i, group] of nameGroups.entries()) {
    const user = i === 0 ? author : await signIn(server, `xss-named-${i}-${stamp}@example.com`);
    musicians.push(user.id);
    await write(
      'users.first_name/last_name',
      user.http.request('PUT', `/api/v1/users/${user.id}`, {
        json: { first_name: group, last_name: group },
      }),
    );
    await write(
      'profile.display_name',
      user.http.request('PUT', '/api/v1/users/me/profile', { json: { display_name: group } }),
    );
    await write('follow (notification line)', user.http.post(`/api/v1/me/follows/user/${reader.id}`, {}));
  }

  // Playlists: names and descriptions, public so visitors see them.
  const playlistIds: number[] = [];
  for (const group of groups(100)) {
    const data = await write(
      'playlists.name/description',
      author.http.post('/api/v1/playlists', {
        name: group,
        description: ALL.slice(0, 1000),
        public: true,
      }),
    );
    const id = (data.playlist as { id?: number } | undefined)?.id;
    if (id) playlistIds.push(id);
  }

  // Access token names (the account page's Developers section).
  await write('confirm password', author.http.post('/auth/user/confirm-password', { password: PASSWORD }));
  for (const group of groups(100))
    await write('access_tokens.name', author.http.post('/api/v1/access-tokens', { tokenName: group }));

  // File names, as uploaded (the admin's files page).
  for (const group of groups(200)) {
    const form = multipartBody(`${group}.txt`, Buffer.from('notes'), 'text/plain');
    await write(
      'file_entries.name',
      author.http.request('POST', '/api/v1/file-entries', { body: form.body, headers: form.headers }),
    );
  }

  // Workspaces: the name, and an invite to the reader (notification line and mail).
  const workspace = await write(
    'workspaces.name',
    author.http.post('/api/v1/workspace', { name: groups(50)[0] }),
  );
  const workspaceId = (workspace.workspace as { id?: number } | undefined)?.id;
  if (workspaceId)
    await write(
      'workspace invite',
      author.http.post(`/api/v1/workspace/${workspaceId}/invite`, { emails: [reader.email] }),
    );

  // Track tags from an uploaded file: the author becomes an artist and uploads an MP3 whose ID3 tags are payloads.
  let albumPath: string | undefined;
  const request = await write(
    'artist request name',
    author.http.post('/api/v1/backstage/artist-requests', {
      type: 'create',
      name: groups(255)[0],
      proof: ALL.slice(0, 1000),
    }),
  );
  const requestId = (request.request as { id?: number } | undefined)?.id;
  if (requestId) {
    const approved = await write(
      'approve',
      admin.http.post(`/api/v1/admin/artist-requests/${requestId}/approve`, {}),
    );
    const artistId = (approved.request as { artist: { id: number } }).artist.id;
    await write(
      'backstage artist bio',
      author.http.request('PUT', `/api/v1/backstage/artists/${artistId}`, {
        json: { name: groups(255)[1] ?? 'Artist', bio: ALL },
      }),
    );
    const tagGroups = groups(120);
    const drafts: { id: number; title: string; track_number: number | null }[] = [];
    for (const [i, group] of tagGroups.slice(0, 3).entries()) {
      const file = path.join(tmp, `tagged-${i}.mp3`);
      taggedMp3(file, {
        title: group,
        artist: group,
        album: tagGroups[0]!,
        track: String(i + 1),
        year: 2024,
        genre: group,
      });
      const form = multipartBody(`${i}.mp3`, readFileSync(file), 'audio/mpeg');
      const entry = await write(
        'music file',
        author.http.request('POST', '/api/v1/file-entries', { body: form.body, headers: form.headers }),
      );
      const fileId = (entry.fileEntry as { id: number }).id;
      const analysed = await write(
        'ID3 tags',
        author.http.post(`/api/v1/backstage/artists/${artistId}/uploads`, { file_id: fileId }),
      );
      drafts.push(analysed.draft as { id: number; title: string; track_number: number | null });
    }
    const published = await write(
      'publish',
      author.http.post(`/api/v1/backstage/artists/${artistId}/publish`, {
        album: { name: tagGroups[0], type: 'album', release_date: '2024-01-01' },
        tracks: drafts.map((draft, i) => ({
          draft_id: draft.id,
          name: draft.title,
          number: draft.track_number ?? i + 1,
        })),
      }),
    );
    albumPath = (published.album as { path?: string } | undefined)?.path;
  }

  // Admin-set text: a catalogue artist with a bio, a custom page (body and SEO tags), menus, plans, a role, the
  // site name and default SEO lines.
  const artist = await write(
    'admin artist name/bio',
    admin.http.post('/api/v1/admin/music/artists', { name: groups(255)[0], bio: ALL }),
  );
  const artistId = (artist.artist as { id?: number } | undefined)?.id;
  const page = await write(
    'custom page',
    admin.http.post('/api/v1/custom-pages', {
      title: groups(200)[0],
      slug: `xss-${stamp}`,
      body: ALL,
      meta_title: groups(200)[0],
      meta_description: groups(300)[0],
    }),
  );
  const pageSlug = (page.page as { slug?: string } | undefined)?.slug ?? `xss-${stamp}`;
  // Menu labels (the navbar and footer on every page); a `javascript:` link must be refused on save.
  const appearance = await admin.http.get('/api/v1/admin/appearance');
  const existing = ((appearance.data as { menus?: Menu[] } | undefined)?.menus ?? []).slice(0, 2);
  const labelled = existing.map((menu) => ({
    ...menu,
    items: [
      ...menu.items,
      ...PAYLOADS.slice(0, 6).map((payload) => ({
        id: `xss-${payload.id}`,
        label: payload.text.slice(0, 100),
        type: 'route',
        action: '/',
      })),
    ],
  }));
  await write('menu labels', admin.http.post('/api/v1/admin/appearance', { menus: labelled }));
  const scripted = labelled.map((menu) => ({
    ...menu,
    items: [{ id: 'xss-link', label: 'Link', type: 'link', action: 'javascript:__xss(0)' }],
  }));
  const refusedLink = await write(
    'menu link javascript:',
    admin.http.post('/api/v1/admin/appearance', { menus: scripted }),
  );
  if (!('errors' in refusedLink)) throw new Error('a javascript: menu link was accepted');
  await write(
    'plan name/features',
    admin.http.post('/api/v1/billing/admin/products', {
      name: groups(100)[0],
      description: ALL.slice(0, 1000),
      feature_list: groups(100),
      prices: [{ amount: 500, currency: 'USD', interval: 'month' }],
    }),
  );
  await write(
    'role name',
    admin.http.post('/api/v1/admin/roles', { name: groups(100)[0], description: ALL.slice(0, 255) }),
  );
  await write(
    'site name and SEO',
    admin.http.request('PUT', '/api/v1/admin/settings', {
      json: {
        settings: {
          'branding.site_name': groups(100)[0],
          'seo.default_title': groups(100)[0],
          'seo.default_description': groups(300)[0],
        },
      },
    }),
  );

  // A visitor's error report (message, stack, page address) for the admin's error reports page.
  const visitor = server.session();
  await visitor.get('/api/v1/health');
  for (const group of groups(500))
    await write(
      'error report',
      visitor.post('/api/v1/error-reports', { message: group, stack: ALL, url: `/${group}` }),
    );
  // The contact form: stored and mailed.
  await write(
    'contact message',
    visitor.post('/api/v1/contact-page', {
      name: groups(200)[0],
      email: `xss-${stamp}@example.com`,
      message: ALL,
    }),
  );

  say(
    `wrote ${writes.filter((w) => w.status < 300).length} values (${writes.filter((w) => w.status >= 400).length} refused by validation)`,
  );

  // The pages that show them, and who looks at them.
  const trackRow = await knex('music_tracks').orderBy('id', 'desc').first('id');
  const pages: { viewer: 'guest' | 'author' | 'reader' | 'admin'; path: string }[] = [
    { viewer: 'guest', path: '/' },
    { viewer: 'guest', path: `/pages/${pageSlug}` },
    { viewer: 'guest', path: '/pricing' },
    { viewer: 'guest', path: '/contact' },
    { viewer: 'guest', path: `/user/${author.id}` },
    ...playlistIds.slice(0, 3).map((id) => ({ viewer: 'guest' as const, path: `/playlist/${id}` })),
    ...(artistId ? [{ viewer: 'guest' as const, path: `/artist/${artistId}` }] : []),
    ...(albumPath ? [{ viewer: 'guest' as const, path: albumPath }] : []),
    ...(trackRow ? [{ viewer: 'guest' as const, path: `/track/${trackRow.id}` }] : []),
    { viewer: 'guest', path: `/search/${encodeURIComponent('<img src=x onerror=__xss(0)>')}` },
    { viewer: 'reader', path: '/search/script' },
    { viewer: 'reader', path: '/notifications' },
    { viewer: 'reader', path: '/workspaces' },
    { viewer: 'reader', path: `/user/${musicians[1] ?? author.id}` },
    { viewer: 'author', path: '/account-settings' },
    { viewer: 'author', path: '/library/playlists' },
    { viewer: 'author', path: '/backstage' },
    { viewer: 'admin', path: '/admin/users' },
    { viewer: 'admin', path: '/admin/files' },
    { viewer: 'admin', path: '/admin/error-reports' },
    { viewer: 'admin', path: '/admin/logs' },
    { viewer: 'admin', path: '/admin/pages' },
    { viewer: 'admin', path: '/admin/roles' },
    { viewer: 'admin', path: '/admin/plans' },
    { viewer: 'admin', path: '/admin/artist-requests' },
    { viewer: 'admin', path: '/admin/music/artists' },
    { viewer: 'admin', path: '/admin/music/playlists' },
    { viewer: 'admin', path: '/admin/music/tracks' },
    { viewer: 'admin', path: '/admin/appearance' },
  ];

  const findings: XssFinding[] = [];
  const browser = await launchBrowser();
  try {
    const contexts = new Map<string, BrowserContext>();
    const contextFor = async (viewer: string, http?: HttpSession) => {
      let context = contexts.get(viewer);
      if (context) return context;
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(hook);
      if (http)
        await context.addCookies(
          [...http.cookies].map(([name, value]) => ({ name, value, url: server.url })),
        );
      contexts.set(viewer, context);
      return context;
    };
    const sessions: Record<string, HttpSession | undefined> = {
      guest: undefined,
      author: author.http,
      reader: reader.http,
      admin: admin.http,
    };
    const check = async (page: Page, label: string, viewer: string) => {
      const ran =
        (await page
          .evaluate(() => (window as unknown as { __xssRan: unknown[] }).__xssRan)
          .catch(() => [])) ?? [];
      const blocked =
        (await page
          .evaluate(() => (window as unknown as { __xssBlocked: string[] }).__xssBlocked)
          .catch(() => [])) ?? [];
      for (const id of new Set(ran)) findings.push({ page: label, viewer, kind: 'ran', payload: String(id) });
      for (const sample of new Set(blocked))
        findings.push({ page: label, viewer, kind: 'blocked by CSP only', payload: sample });
    };
    for (const { viewer, path: pagePath } of pages) {
      const context = await contextFor(viewer, sessions[viewer]);
      const page = await context.newPage();
      page.on('dialog', (dialog) => {
        findings.push({ page: pagePath, viewer, kind: 'dialog', payload: dialog.message() });
        void dialog.dismiss();
      });
      try {
        // Not `networkidle` for the navigation: a signed-in page keeps its notification stream open for good.
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
        // The client has rendered the page's data: a heading, a grid or the main landmark is on screen, and the
        // page's own requests have settled (bounded: the stream never does).
        await page
          .locator('main, h1, [role="grid"]')
          .first()
          .waitFor()
          .catch(() => undefined);
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        // Hover and focus the page's links and controls, where handlers (onfocus, onmouseover) would fire.
        await page.keyboard.press('Tab').catch(() => undefined);
        await check(page, pagePath, viewer);
      } finally {
        await page.close();
      }
    }
    // Mails with user text, rendered as a mail client would show them (in the same hooked page).
    const mails = smtp.messages.filter((mail) => /__xss|alert\(/.test(`${mail.html ?? ''}${mail.text}`));
    const context = await contextFor('mail reader');
    for (const mail of mails) {
      const page = await context.newPage();
      page.on('dialog', (dialog) => {
        findings.push({
          page: `mail "${mail.subject}"`,
          viewer: 'mail reader',
          kind: 'dialog',
          payload: dialog.message(),
        });
        void dialog.dismiss();
      });
      // Served as a page of its own (no site CSP), so only the mail's own escaping stands between text and script.
      await page.route('http://mail.invalid/', (route) =>
        route.fulfill({ contentType: 'text/html', body: mail.html || `<pre>${mail.text}</pre>` }),
      );
      await page.goto('http://mail.invalid/', { waitUntil: 'load' });
      await check(page, `mail "${mail.subject}"`, 'mail reader');
      await page.close();
    }
    say(`opened ${pages.length} pages and ${mails.length} mails`);
    return { payloads: PAYLOADS.length, writes, pages: pages.length + mails.length, findings };
  } finally {
    await browser.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
