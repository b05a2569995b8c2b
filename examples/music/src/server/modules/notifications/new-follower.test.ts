import { settleNotifications } from '@backline/server';
import {
  currentUser,
  type RunningServer,
  type SmtpCapture,
  signedInUser,
  startSmtpCapture,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';

const PASSWORD = 'correct horse battery';
type Page = {
  pagination: {
    data: { type: string; data: { lines: { content: string }[]; mainAction: { action: string } } }[];
  };
};

describe.each(testDatabases())('new follower notifications on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startSite({ mail: { url: smtp.url } }, database);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('notifies B in the database and by mail when A follows B, once per follow', async () => {
    const a = await signedInUser(server, { email: 'a-follows@example.com', password: PASSWORD });
    await server.app.kit
      .knex('users')
      .where({ id: a.user.id })
      .update({ first_name: 'Ana <i>', last_name: 'B' });
    const b = await signedInUser(server, { email: 'b-followed@example.com', password: PASSWORD });

    expect((await a.http.post(`/api/v1/me/follows/user/${b.user.id}`)).status).toBeLessThan(300);
    // Following again changes nothing and tells nobody twice.
    await a.http.post(`/api/v1/me/follows/user/${b.user.id}`);
    expect((await currentUser(b.http))!.unread_notifications_count).toBe(1);
    const list = ((await b.http.get('/api/v1/notifications')).data as Page).pagination.data;
    expect(list).toHaveLength(1);
    expect(list[0]!.type).toBe('music.new_follower');
    expect(list[0]!.data.lines[0]!.content).toBe('<strong>Ana &lt;i&gt; B</strong> started following you');
    expect(list[0]!.data.mainAction.action).toBe(`/user/${a.user.id}/ana-i-b`);

    const mail = await smtp.waitFor((m) => m.to.includes('b-followed@example.com'));
    expect(mail.subject).toBe('Ana <i> B started following you');
    expect(mail.links).toContain(`${server.url}/user/${a.user.id}/ana-i-b`);
    const unsubscribe = mail.links.find((link) => link.includes('/notifications/unsubscribe/'))!;
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    // Opening the link changes nothing; the confirmation page's POST (no cookie, no XSRF header) does.
    expect((await server.session().get(new URL(unsubscribe).pathname)).status).toBe(200);
    expect((await fetch(unsubscribe, { method: 'POST' })).status).toBe(200);

    // Mail off now (through the link): the next follower lands in the database only.
    const c = await signedInUser(server, { email: 'c-follows@example.com', password: PASSWORD });
    await c.http.post(`/api/v1/me/follows/user/${b.user.id}`);
    await settleNotifications(server.app.kit);
    expect(smtp.to('b-followed@example.com')).toHaveLength(1);
    expect((await currentUser(b.http))!.unread_notifications_count).toBe(2);
  });
});
