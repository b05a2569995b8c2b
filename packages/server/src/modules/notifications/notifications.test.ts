import { request } from 'node:http';
import {
  currentUser,
  type RunningServer,
  type SmtpCapture,
  signedInUser,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { addNotificationChannel, notificationsModule, notify, settleNotifications } from './index';

const PASSWORD = 'correct horse battery';
const FOLLOWER = {
  id: 'test.new_follower',
  group: 'Social',
  name: 'Someone follows me',
} as const;
const RELEASE = {
  id: 'test.new_release',
  group: 'Music',
  name: 'New releases',
  channels: ['database'],
} as const;

const data = (text: string) => ({
  image: null,
  lines: [{ type: 'primary', content: `<b>${text}</b> followed you` }],
  mainAction: { action: '/user/7', label: 'View profile' },
});

interface Page {
  pagination: { data: { id: number; read_at: string | null; data: { lines: { content: string }[] } }[] };
}

/** Reads Server-Sent Events from a real HTTP response, one `event`/`data` pair at a time. */
function openStream(url: string, cookie: string) {
  const events: { event: string; data: unknown }[] = [];
  const waiters = new Set<() => void>();
  let status = 0;
  let buffer = '';
  const req = request(`${url}/api/v1/notifications/stream`, {
    headers: { Cookie: cookie, Accept: 'text/event-stream' },
  });
  const opened = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const payload = /^data: (.*)$/m.exec(block)?.[1];
          if (name && payload) events.push({ event: name, data: JSON.parse(payload) });
          for (const wake of waiters) wake();
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(status);
    });
    req.on('error', reject);
  });
  req.end();
  return {
    opened,
    events,
    /** Resolves with the `n`th event (1-based), received already or yet to come. */
    nth(n: number) {
      return new Promise<{ event: string; data: unknown }>((resolve) => {
        const check = () => {
          if (events.length >= n) {
            waiters.delete(check);
            resolve(events[n - 1]!);
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => req.destroy(),
  };
}

describe.each(testDatabases())('notifications on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(database, {
      modules: [accounts(), notificationsModule({ types: [FOLLOWER, RELEASE] })],
      mail: { url: smtp.url },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('pages the list 30 at a time, newest first, and only the user’s own', async () => {
    const { user, http } = await signedInUser(server, { email: 'pages@example.com', password: PASSWORD });
    const other = await signedInUser(server, { email: 'pages-other@example.com', password: PASSWORD });
    for (let i = 1; i <= 35; i++)
      await notify(server.app.kit, user, { type: RELEASE.id, data: data(`n${i}`) });
    await notify(server.app.kit, other.user, { type: RELEASE.id, data: data('not yours') });

    const first = await http.get('/api/v1/notifications');
    expect(first.status).toBe(200);
    const page = (first.data as Page & { pagination: { total: number; last_page: number; per_page: number } })
      .pagination;
    expect(page.data).toHaveLength(30);
    expect(page).toMatchObject({ total: 35, last_page: 2, per_page: 30, current_page: 1 });
    expect(page.data[0]!.data.lines[0]!.content).toBe('<b>n35</b> followed you');
    const second = (await http.get('/api/v1/notifications?page=2')).data as Page;
    expect(second.pagination.data).toHaveLength(5);
    expect(second.pagination.data.at(-1)!.data.lines[0]!.content).toBe('<b>n1</b> followed you');
    expect(JSON.stringify([page, second])).not.toContain('not yours');

    expect((await http.get('/api/v1/notifications?perPage=0')).status).toBe(422);
    expect((await http.get('/api/v1/notifications?page=abc')).status).toBe(422);
    expect((await server.session().get('/api/v1/notifications')).status).toBe(401);
  });

  it('marks as read, answering unreadCount, and the user’s count is 0 after the last', async () => {
    const { user, http } = await signedInUser(server, { email: 'read@example.com', password: PASSWORD });
    const other = await signedInUser(server, { email: 'read-other@example.com', password: PASSWORD });
    for (let i = 0; i < 3; i++) await notify(server.app.kit, user, { type: RELEASE.id, data: data(`r${i}`) });
    const { ids } = await notify(server.app.kit, other.user, { type: RELEASE.id, data: data('theirs') });
    expect((await currentUser(http))!.unread_notifications_count).toBe(3);
    const list = ((await http.get('/api/v1/notifications')).data as Page).pagination.data;

    const one = await http.post('/api/v1/notifications/mark-as-read', { ids: [list[0]!.id] });
    expect(one.data).toEqual({ unreadCount: 2 });
    // Another user's notification is not touched.
    const theirs = await http.post('/api/v1/notifications/mark-as-read', { ids: [ids.get(other.user.id)!] });
    expect(theirs.data).toEqual({ unreadCount: 2 });
    expect((await currentUser(other.http))!.unread_notifications_count).toBe(1);

    const rest = await http.post('/api/v1/notifications/mark-as-read', { ids: list.map((n) => n.id) });
    expect(rest.data).toEqual({ unreadCount: 0 });
    expect((await currentUser(http))!.unread_notifications_count).toBe(0);
    const after = ((await http.get('/api/v1/notifications')).data as Page).pagination.data;
    expect(after.every((n) => n.read_at !== null)).toBe(true);

    const bad = await http.post('/api/v1/notifications/mark-as-read', { ids: [] });
    expect(bad.status).toBe(422);
    expect((bad.data as { errors: Record<string, string[]> }).errors.ids).toBeDefined();
    expect((await http.post('/api/v1/notifications/mark-as-read', { ids: ['x'] })).status).toBe(422);
  });

  it('marks all as read and deletes one; another user’s answers 404', async () => {
    const { user, http } = await signedInUser(server, { email: 'all@example.com', password: PASSWORD });
    const other = await signedInUser(server, { email: 'all-other@example.com', password: PASSWORD });
    for (let i = 0; i < 2; i++) await notify(server.app.kit, user, { type: RELEASE.id, data: data(`a${i}`) });
    const { ids } = await notify(server.app.kit, other.user, { type: RELEASE.id, data: data('theirs') });
    const list = ((await http.get('/api/v1/notifications')).data as Page).pagination.data;

    const removed = await http.request('DELETE', `/api/v1/notifications/${list[0]!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.data).toEqual({ unreadCount: 1 });
    expect((await http.request('DELETE', `/api/v1/notifications/${ids.get(other.user.id)}`)).status).toBe(
      404,
    );
    expect((await currentUser(other.http))!.unread_notifications_count).toBe(1);

    expect((await http.post('/api/v1/notifications/mark-all-as-read')).data).toEqual({ unreadCount: 0 });
    expect((await currentUser(http))!.unread_notifications_count).toBe(0);
    expect((await currentUser(other.http))!.unread_notifications_count).toBe(1);
  });

  it('answers and saves preferences per type and channel', async () => {
    const { http } = await signedInUser(server, { email: 'prefs@example.com', password: PASSWORD });
    const read = await http.get('/api/v1/notifications/me/subscriptions');
    expect(read.status).toBe(200);
    expect(read.data).toEqual({
      available_channels: ['database', 'email'],
      subscriptions: [
        { group_name: 'Social', subscriptions: [{ notif_id: FOLLOWER.id, name: FOLLOWER.name }] },
        { group_name: 'Music', subscriptions: [{ notif_id: RELEASE.id, name: RELEASE.name }] },
      ],
      user_selections: [
        { notif_id: FOLLOWER.id, channels: { database: true, email: true } },
        { notif_id: RELEASE.id, channels: { database: true, email: false } },
      ],
    });

    const saved = await http.request('PUT', '/api/v1/notifications/me/subscriptions', {
      json: { selections: [{ notif_id: FOLLOWER.id, channels: { database: true, email: false } }] },
    });
    expect(saved.status).toBe(200);
    const again = (await http.get('/api/v1/notifications/me/subscriptions')).data as {
      user_selections: unknown[];
    };
    expect(again.user_selections).toEqual([
      { notif_id: FOLLOWER.id, channels: { database: true, email: false } },
      { notif_id: RELEASE.id, channels: { database: true, email: false } },
    ]);

    const unknownType = await http.request('PUT', '/api/v1/notifications/me/subscriptions', {
      json: { selections: [{ notif_id: 'nope', channels: { email: true } }] },
    });
    expect(unknownType.status).toBe(422);
    expect((unknownType.data as { errors: object }).errors).toHaveProperty(['selections.0.notif_id']);
    const unknownChannel = await http.request('PUT', '/api/v1/notifications/me/subscriptions', {
      json: { selections: [{ notif_id: FOLLOWER.id, channels: { pigeon: true } }] },
    });
    expect(unknownChannel.status).toBe(422);
    const notBoolean = await http.request('PUT', '/api/v1/notifications/me/subscriptions', {
      json: { selections: [{ notif_id: FOLLOWER.id, channels: { email: 'yes' } }] },
    });
    expect(notBoolean.status).toBe(422);
  });

  it('mails a notification with one-click unsubscribe headers; the link asks, the POST unsubscribes', async () => {
    const { user, http } = await signedInUser(server, { email: 'mail@example.com', password: PASSWORD });
    await notify(server.app.kit, user, { type: FOLLOWER.id, data: data('Ana & Bo') });
    const mail = await smtp.waitFor((m) => m.to.includes('mail@example.com'));
    expect(mail.subject).toBe('Ana & Bo followed you');
    expect(mail.text).toContain('Ana & Bo followed you');
    expect(mail.links).toContain(`${server.url}/user/7`);
    const unsubscribe = mail.links.find((link) => link.includes('/notifications/unsubscribe/'));
    expect(unsubscribe).toBeDefined();
    expect(mail.html).toContain('Unsubscribe from these emails');

    // RFC 8058: the mail names the same URL for mail clients' own button, to be posted to in one click.
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const path = new URL(unsubscribe!).pathname;
    const choices = async () =>
      (
        (await http.get('/api/v1/notifications/me/subscriptions')).data as {
          user_selections: { notif_id: string; channels: Record<string, boolean> }[];
        }
      ).user_selections.find((s) => s.notif_id === FOLLOWER.id)!.channels;

    // Opening the link (a person, or a scanner that opens every link) only asks: email stays on.
    const anonymous = server.session();
    const page = await anonymous.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = page.data as string;
    expect(html).toContain('Unsubscribe from these emails?');
    expect(html).toContain('Someone follows me');
    expect(html).toContain(`<form method="post" action="${path}">`);
    expect(await choices()).toEqual({ database: true, email: true });

    // A mail client's one-click POST: no cookie, no XSRF header, the body RFC 8058 prescribes.
    const oneClick = await fetch(unsubscribe!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    // Only the mail of this type went off; the user's other channels for it stay as they were.
    expect(await choices()).toEqual({ database: true, email: false });

    // A forged or altered token changes nothing, by GET or by POST.
    const forgedPath = `${path.slice(0, -4)}AAAA`;
    expect((await anonymous.get(forgedPath)).status).toBe(404);
    expect((await fetch(`${server.url}${forgedPath}`, { method: 'POST' })).status).toBe(404);

    const before = smtp.to('mail@example.com').length;
    await notify(server.app.kit, user, { type: FOLLOWER.id, data: data('Cy') });
    await settleNotifications(server.app.kit);
    expect(smtp.to('mail@example.com')).toHaveLength(before);
    const list = ((await http.get('/api/v1/notifications')).data as Page).pagination.data;
    expect(list[0]!.data.lines[0]!.content).toBe('<b>Cy</b> followed you');
  });

  it('turns email off from the settings: a database row and no mail', async () => {
    const { user, http } = await signedInUser(server, { email: 'nomail@example.com', password: PASSWORD });
    await http.request('PUT', '/api/v1/notifications/me/subscriptions', {
      json: { selections: [{ notif_id: FOLLOWER.id, channels: { database: true, email: false } }] },
    });
    await notify(server.app.kit, user, { type: FOLLOWER.id, data: data('Dee') });
    await settleNotifications(server.app.kit);
    expect(smtp.to('nomail@example.com')).toHaveLength(0);
    expect((await currentUser(http))!.unread_notifications_count).toBe(1);

    await http.request('PUT', '/api/v1/notifications/me/subscriptions', {
      json: { selections: [{ notif_id: FOLLOWER.id, channels: { database: true, email: true } }] },
    });
    await notify(server.app.kit, user, { type: FOLLOWER.id, data: data('Eve') });
    const mail = await smtp.waitFor((m) => m.to.includes('nomail@example.com'));
    expect(mail.subject).toBe('Eve followed you');
  });

  it('streams the unread count live over Server-Sent Events', async () => {
    const { user, http } = await signedInUser(server, { email: 'live@example.com', password: PASSWORD });
    const stream = openStream(server.url, http.cookieHeader());
    try {
      expect(await stream.opened).toBe(200);
      expect(await stream.nth(1)).toEqual({ event: 'unread', data: { unreadCount: 0 } });
      await notify(server.app.kit, user, { type: RELEASE.id, data: data('live') });
      expect(await stream.nth(2)).toEqual({ event: 'unread', data: { unreadCount: 1 } });
      await http.post('/api/v1/notifications/mark-all-as-read');
      expect(await stream.nth(3)).toEqual({ event: 'unread', data: { unreadCount: 0 } });
    } finally {
      stream.close();
    }

    const visitor = openStream(server.url, '');
    expect(await visitor.opened).toBe(401);
    visitor.close();
  });
});

describe('an added delivery channel', () => {
  let server: RunningServer;
  const delivered: { users: number[]; type: string; ids: number[] }[] = [];
  beforeAll(async () => {
    server = await startTestServer(testDatabases()[0]!, {
      modules: [
        accounts(),
        notificationsModule({ types: [{ ...FOLLOWER, channels: ['database', 'webhook'] }] }),
        {
          id: 'webhook-channel',
          start(kit) {
            addNotificationChannel(kit, 'webhook', async (_kit, users, notification) => {
              delivered.push({ users, type: notification.type, ids: [...notification.ids.values()] });
            });
          },
        },
      ],
    });
  });
  afterAll(() => server?.close());

  it('is offered on the settings page and receives the users who chose it', async () => {
    const { user, http } = await signedInUser(server, { email: 'hook@example.com', password: PASSWORD });
    const prefs = (await http.get('/api/v1/notifications/me/subscriptions')).data as {
      available_channels: string[];
      user_selections: unknown[];
    };
    expect(prefs.available_channels).toEqual(['database', 'email', 'webhook']);
    expect(prefs.user_selections).toEqual([
      { notif_id: FOLLOWER.id, channels: { database: true, email: false, webhook: true } },
    ]);
    const { ids } = await notify(server.app.kit, user, { type: FOLLOWER.id, data: data('Hook') });
    await settleNotifications(server.app.kit);
    expect(delivered).toEqual([{ users: [user.id], type: FOLLOWER.id, ids: [ids.get(user.id)] }]);

    await http.request('PUT', '/api/v1/notifications/me/subscriptions', {
      json: { selections: [{ notif_id: FOLLOWER.id, channels: { database: true, webhook: false } }] },
    });
    await notify(server.app.kit, user, { type: FOLLOWER.id, data: data('Hook again') });
    await settleNotifications(server.app.kit);
    expect(delivered).toHaveLength(1);
  });
});
