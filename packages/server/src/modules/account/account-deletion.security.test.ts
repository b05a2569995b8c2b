import {
  createTestUser,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { User } from '../users/user-model';

const PASSWORD = 'hopper-compiler-1952';

describe.each(testDatabases())('account deletion from a hijacked session on $name', (database) => {
  let server: RunningServer;
  let offset = 0;
  beforeAll(async () => {
    server = await startTestServer(database, {
      modules: [accounts()],
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(() => server?.close());

  it('needs the password confirmed within 9000 seconds: a session left open cannot erase the account (423)', async () => {
    const user = await createTestUser(server.app, { email: 'left-open@example.com', password: PASSWORD });
    // Remembered, so moving the clock past the window does not idle the session out first.
    const http = server.session();
    expect((await loginOverHttp(http, user.email, PASSWORD, { remember: true })).status).toBe(200);
    // Someone at the unattended browser: the session alone is refused.
    const hijacked = await http.request('DELETE', `/api/v1/users/${user.id}?deleteCurrentUser=true`);
    expect(hijacked.status).toBe(423);
    expect(hijacked.data).toEqual({ message: 'Password confirmation required.' });
    expect(await User.query(server.app.kit.knex).findById(user.id)).toBeDefined();

    // A confirmation older than the window does not count either.
    expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
    offset += 9001 * 1000;
    const stale = await http.request('DELETE', `/api/v1/users/${user.id}?deleteCurrentUser=true`);
    expect(stale.status).toBe(423);
    expect(await User.query(server.app.kit.knex).findById(user.id)).toBeDefined();

    // The owner confirms the password, then deletes.
    expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
    const deleted = await http.request('DELETE', `/api/v1/users/${user.id}?deleteCurrentUser=true`);
    expect(deleted.status).toBe(200);
    expect(await User.query(server.app.kit.knex).findById(user.id)).toBeUndefined();
  });
});
