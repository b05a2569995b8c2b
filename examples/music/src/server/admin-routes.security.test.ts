import { can, decodeBootstrap } from '@backline/core';
import { type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../e2e/support/site';

/**
 * Privilege escalation by a signed-in listener: every route the whole music site registers under `admin/`, and
 * every other route that names a permission the listener does not hold (plans, subscriptions, custom pages, error
 * reports…, whichever module brings it), answers 403 whatever the body, so no module's admin route forgets its
 * permission. A new route joins this walk by being registered.
 */
describe.each(testDatabases())('admin routes as a normal user, on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite({}, database);
  }, 120_000);
  afterAll(() => server?.close());

  it('every admin route, and every route needing a permission the listener lacks, answers 403', async () => {
    const { http } = await signedInUser(server, {
      email: 'listener@example.com',
      password: 'correct horse battery',
    });
    const bootstrap = decodeBootstrap(
      ((await http.get('/api/v1/bootstrap-data')).data as { data: { data: string } }).data.data,
    );
    expect(bootstrap.user?.email).toBe('listener@example.com');
    const routes = server.app.router.routes.filter(
      (route) => route.path.startsWith('admin/') || (route.permission && !can(bootstrap, route.permission)),
    );
    // Users, roles, logs, settings, dashboard, localizations, files, plans, pages and error reports at the least.
    expect(routes.length).toBeGreaterThan(35);
    expect(routes.some((route) => route.path.startsWith('billing/admin/'))).toBe(true);
    const answers: string[] = [];
    for (const route of routes) {
      const path = `/api/v1/${route.path.replace(/\{[^}]+\}/g, '1')}`;
      const response = await http.request(route.method, path, {
        json: route.method === 'GET' ? undefined : {},
      });
      answers.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(answers.filter((answer) => !answer.endsWith('→ 403'))).toEqual([]);
  });
});
