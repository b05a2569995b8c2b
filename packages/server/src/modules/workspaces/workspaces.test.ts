import {
  type RunningServer,
  type SmtpCapture,
  signedInUser,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeUrl } from '../../http/routes';
import { accounts } from '../accounts';
import { notificationsModule, settleNotifications } from '../notifications';
import { workspacesModule } from './index';

const PASSWORD = 'correct horse battery';

interface WorkspaceAnswer {
  workspace: { id: number; name: string; members_count: number; role?: string };
}
interface Details {
  workspace: {
    members: { id: number; role: string; email: string }[];
    invites: { id: string; email: string; role: string }[];
  };
}
interface Page {
  pagination: { data: { type: string; data: { inviteId?: string; lines: { content: string }[] } }[] };
}

describe.each(testDatabases())('workspaces on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  let n = 0;
  const person = async (name: string) =>
    signedInUser(server, { email: `${name}-${++n}@example.com`, password: PASSWORD });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(database, {
      modules: [accounts(), workspacesModule(), notificationsModule()],
      mail: { url: smtp.url },
      settings: { 'branding.site_name': { value: 'Team Site', public: true } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const create = async (http: Awaited<ReturnType<typeof person>>['http'], name = 'Night Shift') => {
    const answer = await http.post('/api/v1/workspace', { name });
    expect(answer.status).toBe(200);
    return (answer.data as WorkspaceAnswer).workspace;
  };
  const invite = async (
    http: Awaited<ReturnType<typeof person>>['http'],
    id: number,
    email: string,
    role = 'member',
  ) => {
    const answer = await http.post(`/api/v1/workspace/${id}/invite`, { emails: [email], role });
    expect(answer.status).toBe(200);
    return (answer.data as { invites: { id: string }[] }).invites[0]!.id;
  };

  it('lists the Default workspace first, then the ones the user created', async () => {
    const a = await person('list');
    const empty = await a.http.get('/api/v1/me/workspaces');
    expect(empty.data).toEqual({
      workspaces: [
        { id: 0, name: 'Default', default: true, members_count: 1, owner_id: null, role: 'owner' },
      ],
    });
    const created = await create(a.http, 'Band');
    expect(created).toMatchObject({ name: 'Band', members_count: 1, role: 'owner', owner_id: a.user.id });
    const list = (await a.http.get('/api/v1/me/workspaces')).data as { workspaces: { id: number }[] };
    expect(list.workspaces.map((w) => w.id)).toEqual([0, created.id]);
    expect((await a.http.post('/api/v1/workspace', { name: '' })).status).toBe(422);
    expect((await server.session().get('/api/v1/me/workspaces')).status).toBe(401);
  });

  it('invites by mail and notification; joining makes the workspace active and the member counted', async () => {
    const a = await person('owner');
    const b = await person('invitee');
    const workspace = await create(a.http);
    const inviteId = await invite(a.http, workspace.id, b.user.email);
    await settleNotifications(server.app.kit);

    const mail = await smtp.waitFor((m) => m.to.includes(b.user.email));
    expect(mail.text).toContain('To join your team on Team Site, login to your account');
    expect(mail.links.some((link) => link.includes('/workspace/join/login?email='))).toBe(true);

    const page = (await b.http.get('/api/v1/notifications')).data as Page;
    expect(page.pagination.data[0]).toMatchObject({ type: 'workspace.invite', data: { inviteId } });
    expect(page.pagination.data[0]!.data.lines[0]!.content).toContain('Night Shift');

    // Someone else cannot use B's invite, even knowing its id.
    const c = await person('stranger');
    expect((await c.http.get(`/api/v1/workspace/join/${inviteId}`)).status).toBe(404);

    const joined = await b.http.get(`/api/v1/workspace/join/${inviteId}`);
    expect(joined.status).toBe(200);
    expect((joined.data as WorkspaceAnswer).workspace).toMatchObject({ id: workspace.id, members_count: 2 });
    expect(b.http.cookies.get('activeWorkspaceId')).toBe(String(workspace.id));
    // The invite is used up.
    const again = await b.http.get(`/api/v1/workspace/join/${inviteId}`);
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ message: 'This invite is no longer valid' });

    const details = (await b.http.get(`/api/v1/workspace/${workspace.id}?workspaceId=${workspace.id}`))
      .data as Details;
    expect(details.workspace.members.map((m) => [m.id, m.role])).toEqual([
      [a.user.id, 'owner'],
      [b.user.id, 'member'],
    ]);
    // Members do not see open invites; owners and admins do.
    expect(details.workspace.invites).toEqual([]);
  });

  it('declines, and a revoked invite is gone (404) for join and decline', async () => {
    const a = await person('revoker');
    const b = await person('decliner');
    const workspace = await create(a.http);
    const first = await invite(a.http, workspace.id, b.user.email);
    const declined = await b.http.request('DELETE', `/api/v1/workspace/invite/${first}`);
    expect(declined.status).toBe(200);
    expect((await b.http.request('DELETE', `/api/v1/workspace/invite/${first}`)).status).toBe(404);

    const second = await invite(a.http, workspace.id, b.user.email);
    const open = (await a.http.get(`/api/v1/workspace/${workspace.id}`)).data as Details;
    expect(open.workspace.invites.map((i) => i.id)).toEqual([second]);
    expect(
      (await a.http.request('DELETE', `/api/v1/workspace/${workspace.id}/invite/${second}`)).status,
    ).toBe(204);
    expect((await b.http.get(`/api/v1/workspace/join/${second}`)).status).toBe(404);
    expect((await b.http.request('DELETE', `/api/v1/workspace/invite/${second}`)).status).toBe(404);
    expect((await b.http.get('/api/v1/workspace/join/not-an-invite!')).status).toBe(422);
  });

  it('mails an unknown address the workspace register screen', async () => {
    const a = await person('newcomer-host');
    const workspace = await create(a.http);
    await invite(a.http, workspace.id, 'Nobody-Yet@Example.com');
    const mail = await smtp.waitFor((m) => m.to.includes('nobody-yet@example.com'));
    expect(mail.text).toContain('To join your team on Team Site, create an account');
    expect(
      mail.links.some((link) => link.includes('/workspace/join/register?email=nobody-yet%40example.com')),
    ).toBe(true);
  });

  it('enforces roles: change role, remove, leave, and delete by the owner only', async () => {
    const a = await person('roles-owner');
    const b = await person('roles-b');
    const c = await person('roles-c');
    const workspace = await create(a.http);
    for (const who of [b, c]) {
      const id = await invite(a.http, workspace.id, who.user.email);
      expect((await who.http.get(`/api/v1/workspace/join/${id}`)).status).toBe(200);
    }
    // A member cannot invite, rename, change roles or delete.
    expect(
      (await b.http.post(`/api/v1/workspace/${workspace.id}/invite`, { emails: ['x@example.com'] })).status,
    ).toBe(403);
    expect(
      (await b.http.request('PUT', `/api/v1/workspace/${workspace.id}`, { json: { name: 'Mine' } })).status,
    ).toBe(403);
    expect(
      (
        await b.http.request('PUT', `/api/v1/workspace/${workspace.id}/member/${c.user.id}`, {
          json: { role: 'admin' },
        })
      ).status,
    ).toBe(403);

    const promoted = await a.http.request('PUT', `/api/v1/workspace/${workspace.id}/member/${b.user.id}`, {
      json: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect((promoted.data as { member: { role: string } }).member.role).toBe('admin');
    expect(
      (
        await a.http.request('PUT', `/api/v1/workspace/${workspace.id}/member/${b.user.id}`, {
          json: { role: 'owner' },
        })
      ).status,
    ).toBe(422);
    // An admin cannot touch the owner, nor delete the workspace.
    expect(
      (
        await b.http.request('PUT', `/api/v1/workspace/${workspace.id}/member/${a.user.id}`, {
          json: { role: 'member' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await b.http.request('DELETE', `/api/v1/workspace/${workspace.id}/member/${a.user.id}`)).status,
    ).toBe(403);
    expect((await b.http.request('DELETE', `/api/v1/workspace/${workspace.id}`)).status).toBe(403);

    // The admin removes a member; the owner cannot leave; the admin leaves.
    expect(
      (await b.http.request('DELETE', `/api/v1/workspace/${workspace.id}/member/${c.user.id}`)).status,
    ).toBe(204);
    expect((await c.http.get(`/api/v1/workspace/${workspace.id}`)).status).toBe(403);
    expect(
      (await a.http.request('DELETE', `/api/v1/workspace/${workspace.id}/member/${a.user.id}`)).status,
    ).toBe(403);
    expect(
      (await b.http.request('DELETE', `/api/v1/workspace/${workspace.id}/member/${b.user.id}`)).status,
    ).toBe(204);
    const left = (await a.http.get(`/api/v1/workspace/${workspace.id}`)).data as Details;
    expect(left.workspace.members.map((m) => m.id)).toEqual([a.user.id]);

    expect((await a.http.request('DELETE', `/api/v1/workspace/${workspace.id}`)).status).toBe(204);
    expect((await a.http.get(`/api/v1/workspace/${workspace.id}`)).status).toBe(404);
  });

  it('exposes the active workspace; a stale cookie falls back to Default and is reset', async () => {
    const a = await person('cookie-owner');
    const b = await person('cookie-removed');
    const workspace = await create(a.http);
    const id = await invite(a.http, workspace.id, b.user.email);
    await b.http.get(`/api/v1/workspace/join/${id}`);
    expect(b.http.cookies.get('activeWorkspaceId')).toBe(String(workspace.id));
    expect((await b.http.get(`/api/v1/me/workspaces?workspaceId=${workspace.id}`)).status).toBe(200);
    await a.http.request('DELETE', `/api/v1/workspace/${workspace.id}/member/${b.user.id}`);
    // Asked for by parameter: refused, and the cookie goes back to the Default workspace.
    const refused = await b.http.get(`/api/v1/me/workspaces?workspaceId=${workspace.id}`);
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ message: 'You are not a member of this workspace.' });
    expect(b.http.cookies.get('activeWorkspaceId')).toBe('0');
    expect((await b.http.get('/api/v1/me/workspaces')).status).toBe(200);
    expect((await b.http.get('/api/v1/me/workspaces?workspaceId=abc')).status).toBe(422);
  });

  it('refuses a non-member’s workspaceId with 403 on every route (the walk)', async () => {
    const owner = await person('walk-owner');
    const outsider = await person('walk-outsider');
    const theirs = await create(owner.http, 'Private');
    const routes = server.app.router.routes;
    expect(routes.length).toBeGreaterThan(40);
    const walked: string[] = [];
    for (const route of routes) {
      const path = routeUrl(route.path).replace(/\{(\w+)\}/g, (_, name: string) =>
        /token|inviteId|slug|key/i.test(name) ? 'abcdefghijkl' : '1',
      );
      const answer = await outsider.http.request(route.method, `${path}?workspaceId=${theirs.id}`, {
        json: route.method === 'GET' ? undefined : {},
      });
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      expect(answer.data, `${route.method} ${route.path}`).toEqual({
        message: 'You are not a member of this workspace.',
      });
      walked.push(`${route.method} ${route.path}`);
    }
    expect(walked).toContain('GET notifications');
    expect(walked).toContain('GET workspace/join/{inviteId}');
    // The member passes the same check on a plain route.
    expect((await owner.http.get(`/api/v1/me/workspaces?workspaceId=${theirs.id}`)).status).toBe(200);
  });
});
